/**
 * The map editor: toolbar, side panels, the canvas and the inspector of the selection. The document
 * lives in an EditorStore (plain store, actions, undo/redo); UI state in this editor's own jotai store;
 * saving in the SaveController (autosave, local backup, offline retries, conflicts).
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createStore, Provider, useStore } from 'jotai';
import { useBlocker } from 'react-router';
import { useCommandKeys } from './commands';
import type { EditorCanvas } from './canvas/canvas';
import { AppStoreContext, EditorContext } from './editor-context';
import { useNarrowEditor } from './editor-layout';
import { useOnScreenKeyboard } from './on-screen-keyboard';
import { layerAtom, selectionAtom, type EditorTab } from './editor-state';
import { readLocationParam } from '../../viewer/deep-link';
import { usePageName } from '../../state/page-title';
import type { LoadedMap } from './load-map';
import { Toolbar } from './Toolbar';
import { SidePanel } from './panels/SidePanel';
import { Inspector } from './panels/Inspector';
import { EditorDialogs } from './dialogs/EditorDialogs';
import { ConflictDialog } from './dialogs/ConflictDialog';
import { CanvasHost } from './canvas/EditorCanvasHost';
import { NoticeToast, PhoneNote, RepairNotice, RestoreBackup } from './EditorNotices';
import {
  useEditorContextValue,
  useEditorSession,
  useNotify,
  useRemoteUpdateNotice,
  useUnloadGuard,
} from './editor-session';
import { PendingEditsContext, type PendingEdits, type SaveController } from './save/save-controller';
import { ConfirmDialog } from '../../components/ConfirmDialog';

export function Editor({ initial }: { initial: LoadedMap }) {
  const app = useStore();
  const [ui] = useState(() => {
    const store = createStore();
    // A `?location=` link (copied from the published map) opens with that location selected on its floor.
    const id = readLocationParam(window.location.href);
    const loc = id === null ? undefined : initial.doc.locations.find((l) => l.id === id);
    if (loc) {
      store.set(selectionAtom, new Set([loc.id]));
      if (loc.layer) store.set(layerAtom, loc.layer);
    }
    return store;
  });
  return (
    <AppStoreContext.Provider value={app}>
      <Provider store={ui}>
        <EditorShell initial={initial} />
      </Provider>
    </AppStoreContext.Provider>
  );
}

function EditorShell({ initial }: { initial: LoadedMap }) {
  const session = useEditorSession(initial);
  const { backup, sessionId, pending, savePath, save } = session;
  const [map, setMap] = useState(initial.map);
  // The tab says which map it holds (two maps open in two tabs are told apart), renamed as the map is.
  usePageName(map.title);
  const [history, setHistory] = useState(initial.history);
  const canvasRef = useRef<EditorCanvas | null>(null);
  const notify = useNotify();
  useRemoteUpdateNotice(save, notify);
  const ctx = useEditorContextValue({ session, map, setMap, history, setHistory, notify, canvasRef });

  // Saved versions move the map and its history along: our own saves from their answer, others' by reading again.
  useEffect(
    () =>
      savePath.follow(save, {
        setMap,
        setHistory,
        reload: ctx.reloadHistory,
        renamed: (title) => {
          setMap((m) => ({ ...m, title }));
          notify(`The map was renamed in another tab or device to “${title}”; it is shown now.`, 'info');
        },
      }),
    // ctx.reloadHistory and notify only close over stable values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [save, savePath],
  );
  useUnloadGuard(save, pending);
  // Keyed, so a change of layout (a tablet turned) moves these elements instead of mounting them again.
  const narrow = useNarrowEditor();
  const root = useRef<HTMLDivElement>(null);
  useOnScreenKeyboard(root);
  const side = <SidePanel key="side" />;
  const canvas = <CanvasHost key="canvas" canvasRef={canvasRef} />;
  const inspector = <Inspector key="inspector" />;

  return (
    <EditorContext.Provider value={ctx}>
      <PendingEditsContext.Provider value={pending}>
        <div className="editor" ref={root}>
          <Toolbar />
          <PhoneNote />
          <RestoreBackup backupStore={backup} session={sessionId} initial={initial} />
          {initial.warnings.length > 0 && <RepairNotice warnings={initial.warnings} />}
          <div className="editor__body">{narrow ? [canvas, inspector, side] : [side, canvas, inspector]}</div>
          <Shortcuts />
          <NoticeToast />
          <ConflictDialog />
          <EditorDialogs />
          <LeaveGuard save={save} pending={pending} />
        </div>
      </PendingEditsContext.Provider>
    </EditorContext.Provider>
  );
}

/** How long leaving waits for the save before it says what is happening (a save that hangs asks at once after). */
export const LEAVE_WAIT_MS = 1500;

/**
 * Leaving the editor inside the app (←, the header's links, Back) saves first: what is typed is
 * committed, the pending autosave runs at once, and the page changes once the map is saved. When it
 * cannot be saved (offline, a conflict, signed out) the author is asked, as a reload asks, and stays
 * unless they choose to leave; the copy in this browser is never the only one without their say. A save that
 * takes longer than LEAVE_WAIT_MS (a slow or hanging server) asks as well, saying it is still saving. While the
 * question is open the save state is followed: once nothing is unsaved any more (a retry saved it when the browser
 * came back online, or the slow save ended), the page changes by itself, as the author asked; until then the
 * dialog says the save's latest words.
 */
function LeaveGuard({ save, pending }: { save: SaveController; pending: PendingEdits }) {
  const { blocker, asking, setAsking } = useLeaving(save, pending);
  const message = useSaveMessage(save);
  return (
    <ConfirmDialog
      open={asking !== null && blocker.state === 'blocked'}
      title="Leave the editor?"
      subtitle={
        asking === 'saving' ? (
          <>
            Your changes are still being saved. Wait here and the editor closes once they are saved, or leave now: they
            stay in this browser and are offered back when you open the map again.
          </>
        ) : (
          <>
            Changes you made may not be saved. {message ?? 'Your latest changes are not saved yet.'} Stay to keep
            working while the editor tries again, or leave: they stay in this browser and are offered back when you open
            the map again.
          </>
        )
      }
      positive={asking === 'saving' ? 'Leave now' : 'Leave without saving'}
      negative="Stay"
      danger
      onConfirm={async () => {
        await save.flushBackup();
        setAsking(null);
        blocker.proceed?.();
      }}
      onCancel={() => {
        setAsking(null);
        blocker.reset?.();
      }}
    />
  );
}

/** The save's message now, followed as it changes (the leave dialog may be open). */
function useSaveMessage(save: SaveController): string | null {
  const subscribe = useCallback((onChange: () => void) => save.subscribe(onChange), [save]);
  return useSyncExternalStore(subscribe, () => save.getState().message);
}

/**
 * The blocker of leaving, and what the dialog asks ('saving': the save still runs after LEAVE_WAIT_MS; 'failed': it
 * ended with changes unsaved). A blocked leave saves at once and proceeds as soon as nothing is unsaved: when that
 * save ends, or later, whenever the save state says so while the question is still open.
 */
function useLeaving(save: SaveController, pending: PendingEdits) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (currentLocation.pathname === nextLocation.pathname) return false;
    // Typed text first (leaving by keyboard or Back blurs nothing), then: is anything unsaved?
    pending.flush();
    return save.hasUnsavedChanges();
  });
  const latest = useRef(blocker);
  useEffect(() => {
    latest.current = blocker;
  });
  const [asking, setAsking] = useState<null | 'saving' | 'failed'>(null);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let done = false;
    /** Proceeds once, if the leave is still blocked and nothing is unsaved now. */
    const leaveIfSaved = () => {
      if (done || latest.current.state !== 'blocked' || save.hasUnsavedChanges()) return false;
      done = true;
      setAsking(null);
      latest.current.proceed();
      return true;
    };
    const slow = setTimeout(() => !done && setAsking('saving'), LEAVE_WAIT_MS);
    const unsubscribe = save.subscribe(() => void leaveIfSaved());
    void save.saveNow().then(() => {
      clearTimeout(slow);
      if (!done && latest.current.state === 'blocked' && !leaveIfSaved()) setAsking('failed');
    });
    return () => {
      done = true;
      clearTimeout(slow);
      unsubscribe();
    };
  }, [blocker.state, save]);
  return { blocker, asking, setAsking };
}

/** Undo/redo, save, delete, nudge and tool shortcuts: each runs its registered command (commands.ts), as the buttons do. */
function Shortcuts() {
  useCommandKeys();
  return null;
}

export type { EditorTab };
