/**
 * The map editor: toolbar, side panels, the canvas and the inspector of the selection. The document
 * lives in an EditorStore (plain store, actions, undo/redo); UI state in this editor's own jotai store;
 * saving in the SaveController (autosave, local backup, offline retries, conflicts).
 */
import { useEffect, useRef, useState } from 'react';
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
import { NoticeToast, RepairNotice, RestoreBackup } from './EditorNotices';
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
    () => savePath.follow(save, { setMap, setHistory, reload: ctx.reloadHistory }),
    // ctx.reloadHistory only closes over stable values.
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
          <p className="editor__phone-note">
            Quick edits work here; for a full editing session, a larger screen is easier.
          </p>
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
 * takes longer than LEAVE_WAIT_MS (a slow or hanging server) asks as well, saying it is still saving; the page
 * still changes by itself once the save ends well.
 */
function LeaveGuard({ save, pending }: { save: SaveController; pending: PendingEdits }) {
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
  /** 'saving': the save still runs after LEAVE_WAIT_MS; 'failed': it ended with changes unsaved. */
  const [asking, setAsking] = useState<null | 'saving' | 'failed'>(null);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let cancelled = false;
    const slow = setTimeout(() => !cancelled && setAsking('saving'), LEAVE_WAIT_MS);
    void save.saveNow().then(() => {
      clearTimeout(slow);
      if (cancelled || latest.current.state !== 'blocked') return;
      if (!save.hasUnsavedChanges()) {
        setAsking(null);
        latest.current.proceed();
      } else setAsking('failed');
    });
    return () => {
      cancelled = true;
      clearTimeout(slow);
    };
  }, [blocker.state, save]);
  const message = save.getState().message;
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
        latest.current.proceed?.();
      }}
      onCancel={() => {
        setAsking(null);
        latest.current.reset?.();
      }}
    />
  );
}

/** Undo/redo, save, delete, nudge and tool shortcuts: each runs its registered command (commands.ts), as the buttons do. */
function Shortcuts() {
  useCommandKeys();
  return null;
}

export type { EditorTab };
