/**
 * The map editor: toolbar, side panels, the canvas and the inspector of the selection. The document
 * lives in an EditorStore (plain store, actions, undo/redo); UI state in this editor's own jotai store;
 * saving in the SaveController (autosave, local backup, offline retries, conflicts).
 */
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createStore, Provider, useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useBlocker } from 'react-router';
import { call } from '../../lib/api';
import { useKeyboardShortcut } from '../../components/use-keyboard-shortcut';
import { isEditableElement } from '../../components/shortcut';
import { ActionError, type EditorAction } from './actions/registry';
import { addLocation, deleteLocations, moveLocation, nextLocationId } from './actions/locations';
import { replaceDocument } from './actions/structure';
import { EditorCanvas } from './canvas';
import { EditorContext, useEditor, type EditorContextValue } from './editor-context';
import {
  freeRoomsAtom,
  layerAtom,
  noticeAtom,
  roomOfferAtom,
  selectionAtom,
  tabAtom,
  toolAtom,
  type EditorTab,
} from './editor-state';
import { browserBackup, type BackupRecord } from './local-backup';
import { createSaveController } from './save-controller';
import { createSavePath } from './save-path';
import { loadMap, loadMapVersion, type LoadedMap } from './load-map';
import { createEditorStore, type DispatchOptions } from './store';
import { Toolbar } from './Toolbar';
import { useLayerUpload } from './panels/LayersPanel';
import { SidePanel } from './panels/SidePanel';
import { Inspector } from './panels/Inspector';
import { EditorDialogs } from './dialogs/EditorDialogs';
import { ConflictDialog } from './ConflictDialog';
import { createPendingEdits, PendingEditsContext, type PendingEdits } from './pending-edits';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { SaveController } from './save-controller';

export function Editor({ initial }: { initial: LoadedMap }) {
  const [ui] = useState(() => createStore());
  return (
    <Provider store={ui}>
      <EditorShell initial={initial} />
    </Provider>
  );
}

const resolveUrl = (u: string) => u;

function EditorShell({ initial }: { initial: LoadedMap }) {
  const mapId = initial.map.id;
  const [store] = useState(() => createEditorStore(initial.doc));
  const [backup] = useState(() => browserBackup());
  const [pending] = useState(createPendingEdits);
  const [savePath] = useState(() => createSavePath(call, mapId));
  const [save] = useState(() =>
    createSaveController({
      store,
      mapId,
      version: initial.map.version,
      backup,
      beforeSave: () => pending.flush(),
      // One round trip per save: saveMap answers the summary and history shown after it (save-path.ts).
      ...savePath.path,
      // Three-way merges with versions saved elsewhere, which are also looked for on focus and every few seconds.
      fetchCurrent: async () => {
        const loaded = await loadMap(mapId);
        return { doc: loaded.doc, version: loaded.map.version };
      },
    }),
  );
  const [map, setMap] = useState(initial.map);
  const [history, setHistory] = useState(initial.history);
  const canvasRef = useRef<EditorCanvas | null>(null);
  const setNotice = useSetAtom(noticeAtom);

  useEffect(() => () => save.dispose(), [save]);

  const notify = useCallback(
    (text: string, kind: 'error' | 'info' = 'error') => setNotice({ id: Date.now(), kind, text }),
    [setNotice],
  );
  // A version saved elsewhere came in: say so (merged with ours, or simply shown).
  useEffect(() => {
    let last = save.getState().remote;
    return save.subscribe((st) => {
      const r = st.remote;
      if (!r || r === last) return;
      last = r;
      notify(
        r.merged
          ? `Version ${r.version} was saved in another tab or device; its changes are merged with yours.${r.repairs.length ? ` ${r.repairs.join(' ')}` : ''}`
          : `Version ${r.version} was saved in another tab or device; it is shown now.`,
        'info',
      );
    });
  }, [save, notify]);

  const ctx = useMemo<EditorContextValue>(
    () => ({
      mapId,
      store,
      save,
      map,
      setMap,
      history,
      reloadHistory: async () => {
        const data = await call('getMap', { id: mapId });
        setHistory(data.history);
        setMap(data.map);
      },
      run<A>(action: EditorAction<A>, args: A, options?: DispatchOptions) {
        try {
          store.dispatch(action, args, options);
          return true;
        } catch (err) {
          if (!(err instanceof ActionError)) throw err;
          notify(err.message);
          return false;
        }
      },
      notify,
      canvas: () => canvasRef.current,
      resolveUrl,
    }),
    [mapId, store, save, map, history, notify],
  );

  // Saved versions move the map and its history along: our own saves from their answer, others' by reading again.
  useEffect(
    () => savePath.follow(save, { setMap, setHistory, reload: ctx.reloadHistory }),
    // ctx.reloadHistory only closes over stable values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [save, savePath],
  );

  // Leaving with unsaved changes asks first; a hidden page writes its backup at once.
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      pending.flush();
      if (!save.hasUnsavedChanges()) return;
      void save.flushBackup();
      e.preventDefault();
      e.returnValue = '';
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden') void save.flushBackup();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [save, pending]);

  return (
    <EditorContext.Provider value={ctx}>
      <PendingEditsContext.Provider value={pending}>
        <div className="editor">
          <Toolbar />
          <p className="editor__phone-note">
            Quick edits work here; for a full editing session, a larger screen is easier.
          </p>
          <RestoreBackup backupStore={backup} initial={initial} />
          {initial.warnings.length > 0 && <RepairNotice warnings={initial.warnings} />}
          <div className="editor__body">
            <SidePanel />
            <CanvasHost canvasRef={canvasRef} />
            <Inspector />
          </div>
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

/**
 * Leaving the editor inside the app (←, the header's links, Back) saves first: what is typed is
 * committed, the pending autosave runs at once, and the page changes once the map is saved. When it
 * cannot be saved (offline, a conflict, signed out) the author is asked, as a reload asks, and stays
 * unless they choose to leave; the copy in this browser is never the only one without their say.
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
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let cancelled = false;
    void save.saveNow().then(() => {
      if (cancelled || latest.current.state !== 'blocked') return;
      if (!save.hasUnsavedChanges()) latest.current.proceed();
      else setAsking(true);
    });
    return () => {
      cancelled = true;
    };
  }, [blocker.state, save]);
  const message = save.getState().message;
  return (
    <ConfirmDialog
      open={asking && blocker.state === 'blocked'}
      title="Leave the editor?"
      subtitle={
        <>
          Changes you made may not be saved. {message ?? 'Your latest changes are not saved yet.'} Stay to keep working
          while the editor tries again, or leave: they stay in this browser and are offered back when you open the map
          again.
        </>
      }
      positive="Leave without saving"
      negative="Stay"
      danger
      onConfirm={async () => {
        await save.flushBackup();
        setAsking(false);
        latest.current.proceed?.();
      }}
      onCancel={() => {
        setAsking(false);
        latest.current.reset?.();
      }}
    />
  );
}

/** Mounts the plain-DOM canvas and keeps it in step with the document, the selection, the tool and the floor. */
function CanvasHost({ canvasRef }: { canvasRef: React.RefObject<EditorCanvas | null> }) {
  const { store, run } = useEditor();
  const host = useRef<HTMLDivElement>(null);
  const [selection, setSelection] = useAtom(selectionAtom);
  const tool = useAtomValue(toolAtom);
  const [layer, setLayer] = useAtom(layerAtom);
  const setTab = useSetAtom(tabAtom);
  const setFreeRooms = useSetAtom(freeRoomsAtom);
  const setRoomOffer = useSetAtom(roomOfferAtom);
  const [zoomCanvas, setZoomCanvas] = useState<EditorCanvas | null>(null);
  const handlers = useRef({ run, setSelection, setTab, setFreeRooms, setRoomOffer, layer, store });
  useEffect(() => {
    handlers.current = { run, setSelection, setTab, setFreeRooms, setRoomOffer, layer, store };
  });

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const canvas = new EditorCanvas(el, store.getState().doc, {
      // What happens on the map renders the panels as a transition: the canvas paints an edit (or
      // starts a drag) in the next frame, and the panels (thousands of locations) follow in the
      // frames after without delaying it.
      onSelect(id, additive) {
        const { setSelection: select, setTab: tab } = handlers.current;
        startTransition(() => {
          select((prev) => {
            if (id === null) return new Set();
            if (!additive) return new Set([id]);
            const next = new Set(prev);
            if (next.has(id)) next.delete(id);
            else next.add(id);
            return next;
          });
          if (id) tab('locations');
        });
      },
      onAdd(coord) {
        startTransition(() => {
          const h = handlers.current;
          const doc = h.store.getState().doc;
          const id = nextLocationId(doc);
          if (h.run(addLocation, { id, coord, layer: doc.layers.length > 1 ? canvas.currentLayer : null })) {
            h.setSelection(new Set([id]));
            h.setTab('locations');
          }
        });
      },
      onMove(id, coord) {
        startTransition(() => void handlers.current.run(moveLocation, { id, coord }));
      },
      onRoom(room) {
        // Like a builder's click on an unused shape: nothing is selected, the list offers the room.
        startTransition(() => {
          const h = handlers.current;
          h.setTab('locations');
          h.setSelection(new Set());
          h.setRoomOffer(room.id);
        });
      },
      onFreeRooms(rooms) {
        handlers.current.setFreeRooms(rooms);
      },
    });
    canvasRef.current = canvas;
    setLayer(canvas.currentLayer);
    setZoomCanvas(canvas);
    // Edits arrive in bursts (typing, undo held down); the canvas catches up once per frame.
    let frame = 0;
    const off = store.subscribe(() => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        canvas.setDocument(store.getState().doc);
      });
    });
    return () => {
      off();
      cancelAnimationFrame(frame);
      canvas.destroy();
      canvasRef.current = null;
    };
  }, [store, canvasRef, setLayer]);

  useEffect(() => canvasRef.current?.setSelection(selection), [selection, canvasRef]);
  useEffect(() => canvasRef.current?.setTool(tool), [tool, canvasRef]);
  useEffect(() => {
    if (layer) canvasRef.current?.setLayer(layer);
  }, [layer, canvasRef]);

  // A floor plan dropped on the map becomes a new layer, as on the layers panel's drop zone.
  const { upload } = useLayerUpload();
  const [dropping, setDropping] = useState(false);
  return (
    <div
      className={dropping ? 'editor__canvas is-drop-target' : 'editor__canvas'}
      data-tool={tool}
      onDragOver={(e) => {
        if (!Array.from(e.dataTransfer.types).includes('Files')) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setDropping(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDropping(false);
      }}
      onDrop={(e) => {
        setDropping(false);
        const file = e.dataTransfer.files?.[0];
        if (!file) return;
        e.preventDefault();
        setTab('layers');
        void upload(file, null);
      }}
    >
      <div ref={host} className="editor__canvas-host" />
      {zoomCanvas && <ZoomControls canvas={zoomCanvas} />}
    </div>
  );
}

/** Zoom in and out, fit and 100% on the canvas, kept in step with wheel, pinch and keyboard zoom. */
function ZoomControls({ canvas }: { canvas: EditorCanvas }) {
  const [zoom, setZoom] = useState({ percent: 100, canZoomIn: true, canZoomOut: false });
  useEffect(() => {
    let frame = 0;
    const update = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setZoom(canvas.zoomState());
      });
    };
    update();
    const off = canvas.onViewChange(update);
    return () => {
      off();
      cancelAnimationFrame(frame);
    };
  }, [canvas]);
  const act = (fn: (c: EditorCanvas) => void) => () => fn(canvas);
  return (
    <div className="editor__zoom" role="group" aria-label="Zoom">
      <button
        type="button"
        className="editor__zoom-btn"
        aria-label="Zoom out"
        title="Zoom out (−)"
        disabled={!zoom.canZoomOut}
        onClick={act((c) => c.zoomOut())}
      >
        <span aria-hidden="true">−</span>
      </button>
      <button
        type="button"
        className="editor__zoom-btn editor__zoom-level"
        aria-label={`${zoom.percent}%: Zoom to 100%`}
        title="Zoom to 100%"
        onClick={act((c) => c.actualSize())}
      >
        {zoom.percent}%
      </button>
      <button
        type="button"
        className="editor__zoom-btn"
        aria-label="Zoom in"
        title="Zoom in (+)"
        disabled={!zoom.canZoomIn}
        onClick={act((c) => c.zoomIn())}
      >
        <span aria-hidden="true">+</span>
      </button>
      <button
        type="button"
        className="editor__zoom-btn editor__zoom-fit"
        aria-label="Fit the map"
        title="Fit the map"
        onClick={act((c) => c.fit())}
      >
        Fit
      </button>
    </div>
  );
}

/** Undo/redo, save, delete and tool shortcuts; all go through the same actions as the buttons. */
function Shortcuts() {
  const { store, save, run, canvas } = useEditor();
  const [selection, setSelection] = useAtom(selectionAtom);
  const setTool = useSetAtom(toolAtom);
  const undo = () => store.undo();
  const redo = () => store.redo();
  useKeyboardShortcut({ key: 'z', mod: true }, undo);
  useKeyboardShortcut({ key: 'z', mod: true, shift: true }, redo);
  useKeyboardShortcut({ key: 'y', mod: true }, redo);
  useKeyboardShortcut({ key: 's', mod: true }, () => void save.saveNow());
  useKeyboardShortcut({ key: 'Escape' }, () => {
    setSelection(new Set());
    setTool('select');
  });
  useKeyboardShortcut({ key: 'a' }, () => setTool('add'));
  useKeyboardShortcut({ key: 'v' }, () => setTool('select'));
  const remove = () => {
    if (selection.size === 0) return;
    if (run(deleteLocations, { ids: [...selection] })) setSelection(new Set());
  };
  useKeyboardShortcut({ key: 'Delete' }, remove, { enabled: selection.size > 0 });
  useKeyboardShortcut({ key: 'Backspace' }, remove, { enabled: selection.size > 0 });
  // Arrow keys nudge the selection when the canvas has focus (elsewhere they pan the map or move the caret).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const dir = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
      if (!dir || selection.size === 0 || isEditableElement(document.activeElement)) return;
      if (!(document.activeElement as HTMLElement | null)?.classList.contains('mn-viewport') || !e.altKey) return;
      e.preventDefault();
      const doc = store.getState().doc;
      const step = (e.shiftKey ? 10 : 1) / Math.max(doc.settings.mapWidth, doc.settings.mapHeight);
      for (const id of selection) {
        const loc = doc.locations.find((l) => l.id === id);
        if (loc?.coord)
          run(
            moveLocation,
            { id, coord: [loc.coord[0] + dir[0]! * step, loc.coord[1] + dir[1]! * step] },
            { coalesce: `nudge:${id}` },
          );
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [selection, store, run, canvas]);
  return null;
}

function NoticeToast() {
  const [notice, setNotice] = useAtom(noticeAtom);
  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(
      () => setNotice((n) => (n?.id === notice.id ? null : n)),
      notice.kind === 'error' ? 8000 : 4000,
    );
    return () => clearTimeout(t);
  }, [notice, setNotice]);
  if (!notice) return <div className="editor__toast-region" aria-live="polite" />;
  return (
    <div className="editor__toast-region" aria-live="polite">
      <div
        className={`editor__toast editor__toast--${notice.kind}`}
        role={notice.kind === 'error' ? 'alert' : 'status'}
      >
        <span>{notice.text}</span>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setNotice(null)} aria-label="Dismiss">
          ×
        </button>
      </div>
    </div>
  );
}

/** Unsaved work found in this browser from an earlier session: offer it back, never apply it unasked. */
function RestoreBackup({
  backupStore,
  initial,
}: {
  backupStore: ReturnType<typeof browserBackup>;
  initial: LoadedMap;
}) {
  const { run, save, notify } = useEditor();
  const [record, setRecord] = useState<BackupRecord | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let cancelled = false;
    void backupStore.get(initial.map.id).then((r) => {
      if (cancelled || !r) return;
      if (JSON.stringify(r.doc) === JSON.stringify(initial.doc)) {
        void backupStore.delete(initial.map.id);
        return;
      }
      setRecord(r);
    });
    return () => {
      cancelled = true;
    };
  }, [backupStore, initial]);
  if (!record) return null;
  const newer = initial.map.version > record.baseVersion;
  const restore = async () => {
    // Made on the version shown: an edit on top of it; it autosaves, and Undo brings the server's version back.
    if (!newer) {
      if (run(replaceDocument, { doc: record.doc })) setRecord(null);
      return;
    }
    // Made on an older version: merged three ways with the newer one (base: the version they were made on).
    setBusy(true);
    try {
      const base = await loadMapVersion(initial.map.id, record.baseVersion);
      const conflicts = save.mergeLocal(base, record.doc);
      setRecord(null);
      if (!conflicts)
        notify(
          `Your changes are merged with version ${save.getState().version}; they are saved as a new version, and Undo takes them back out.`,
          'info',
        );
    } catch {
      // The version they were made on is no longer kept: they go on top, and the newer version stays in the history.
      if (run(replaceDocument, { doc: record.doc })) {
        setRecord(null);
        notify(
          `Version ${record.baseVersion}, which they were made on, is no longer kept, so they replace version ${initial.map.version}; it stays in the history.`,
          'info',
        );
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="editor__banner" role="alert">
      <p>
        <strong>Unsaved changes from {new Date(record.savedAt).toLocaleString()} were kept in this browser.</strong>{' '}
        {newer
          ? `They were made on version ${record.baseVersion}; the map has been saved since (version ${initial.map.version}). Restoring merges them with it: changes to different things are kept from both, and where both changed the same thing you choose.`
          : 'Restore them to continue where you left off.'}
      </p>
      <div className="editor__banner-actions">
        <button type="button" className="btn btn--primary btn--sm" onClick={() => void restore()} disabled={busy}>
          Restore my changes
        </button>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          disabled={busy}
          onClick={() => {
            void backupStore.delete(initial.map.id);
            setRecord(null);
          }}
        >
          Discard them
        </button>
      </div>
    </div>
  );
}

function RepairNotice({ warnings }: { warnings: readonly string[] }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <div className="editor__banner editor__banner--info" role="status">
      <details>
        <summary>
          The stored map needed {warnings.length} repair{warnings.length > 1 ? 's' : ''} to open; saving keeps them.
        </summary>
        <ul>
          {warnings.slice(0, 20).map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      </details>
      <button type="button" className="btn btn--ghost btn--sm" onClick={() => setOpen(false)}>
        Dismiss
      </button>
    </div>
  );
}

export type { EditorTab };
