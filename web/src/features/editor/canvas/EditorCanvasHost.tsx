/**
 * The editor's map: the plain-DOM EditorCanvas mounted and kept in step with the document, the selection, the
 * tool and the floor; a floor plan dropped on it becomes a layer, other files open the Import dialog; and its zoom
 * buttons.
 */
import { startTransition, useEffect, useRef, useState, type DragEvent, type SetStateAction } from 'react';
import { useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
import type { Location } from '@mapnest/shared/map-document';
import { addLocation, moveLocation, moveLocations, nextLocationId } from '../actions/locations';
import { EditorCanvas, type EditorCanvasCallbacks } from './canvas';
import { useEditor, type EditorContextValue } from '../editor-context';
import {
  freeRoomsAtom,
  layerAtom,
  roomOfferAtom,
  selectionAtom,
  tabAtom,
  toolAtom,
  type EditorTab,
} from '../editor-state';
import { isFloorPlan, useTakeFiles } from './take-files';
import { EmptyFloor, useEmptyFloor } from './EmptyFloor';

/** What the canvas's callbacks reach: the latest of each, as the canvas lives as long as its store. */
interface CanvasHandlers {
  run: EditorContextValue['run'];
  store: EditorContextValue['store'];
  setSelection: (update: SetStateAction<ReadonlySet<string>>) => void;
  /** The selection as set, before the panels and the canvas have rendered it. */
  selection: () => ReadonlySet<string>;
  setTab: (tab: EditorTab) => void;
  setFreeRooms: (rooms: readonly Location[]) => void;
  setRoomOffer: (id: string | null) => void;
  setLayer: (id: string) => void;
}

/**
 * What happens on the map, as edits and selections. They render the panels as a transition: the canvas paints an
 * edit (or starts a drag) in the next frame, and the panels (thousands of locations) follow in the frames after
 * without delaying it.
 */
function canvasCallbacks(
  handlers: { readonly current: CanvasHandlers },
  canvas: () => EditorCanvas,
): EditorCanvasCallbacks {
  return {
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
    isSelected(id) {
      return handlers.current.selection().has(id);
    },
    onAdd(coord) {
      startTransition(() => {
        const h = handlers.current;
        const doc = h.store.getState().doc;
        const id = nextLocationId(doc);
        // On the floor in view even while the map has one, as a room's location is: a second floor added later
        // would otherwise show every marker placed so far on it too (no floor means every floor).
        if (h.run(addLocation, { id, coord, layer: canvas().currentLayer || null })) {
          h.setSelection(new Set([id]));
          h.setTab('locations');
        }
      });
    },
    onMove(id, coord) {
      startTransition(() => void handlers.current.run(moveLocation, { id, coord }));
    },
    onMoveMany(ids, by) {
      startTransition(() => void handlers.current.run(moveLocations, { ids, by }));
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
    onLayerChange(id) {
      // The floor pickers (top bar, Wayfinding tab) follow the canvas, e.g. to a room selected on another floor.
      handlers.current.setLayer(id);
    },
  };
}

/** Mounts the canvas in `host` and keeps it in step; the canvas once mounted (for the zoom buttons). */
function useMountedCanvas(
  host: React.RefObject<HTMLDivElement | null>,
  canvasRef: React.RefObject<EditorCanvas | null>,
): EditorCanvas | null {
  const { store, run } = useEditor();
  const [selection, setSelection] = useAtom(selectionAtom);
  const tool = useAtomValue(toolAtom);
  const [layer, setLayer] = useAtom(layerAtom);
  const setTab = useSetAtom(tabAtom);
  const setFreeRooms = useSetAtom(freeRoomsAtom);
  const setRoomOffer = useSetAtom(roomOfferAtom);
  const [mounted, setMounted] = useState<EditorCanvas | null>(null);
  const atoms = useStore();
  const current = () => ({
    run,
    setSelection,
    setLayer,
    selection: () => atoms.get(selectionAtom),
    setTab,
    setFreeRooms,
    setRoomOffer,
    store,
  });
  const handlers = useRef<CanvasHandlers>(current());
  useEffect(() => {
    handlers.current = current();
  });

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const canvas: EditorCanvas = new EditorCanvas(
      el,
      store.getState().doc,
      canvasCallbacks(handlers, () => canvas),
    );
    canvasRef.current = canvas;
    setLayer(canvas.currentLayer);
    setMounted(canvas);
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
  }, [store, canvasRef, setLayer, host]);

  useEffect(() => canvasRef.current?.setSelection(selection), [selection, canvasRef]);
  useEffect(() => canvasRef.current?.setTool(tool), [tool, canvasRef]);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!layer || !canvas) return;
    // A floor just added (an upload) is named here as soon as it is in the store, while the canvas takes the
    // document only in the next frame: it catches up first, or it would refuse the floor it does not know yet and
    // stay on the old one while the floor picker names the new one.
    canvas.setDocument(store.getState().doc);
    canvas.setLayer(layer);
  }, [layer, canvasRef, store]);
  return mounted;
}

/** Files dropped on the map (`useTakeFiles`); while they are over it, the map says what the drop will do. */
function useMapDrop() {
  const take = useTakeFiles();
  // A plan dropped on a floor that has none becomes that floor's (`useTakeFiles`), not a floor beside it.
  const plan = useEmptyFloor() === null ? 'plan' : 'floor';
  const [dropping, setDropping] = useState<'plan' | 'plans' | 'floor' | 'import' | null>(null);
  const dropHandlers = {
    onDragOver(e: DragEvent<HTMLDivElement>) {
      if (!Array.from(e.dataTransfer.types).includes('Files')) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
      const files = Array.from(e.dataTransfer.items).filter((i) => i.kind === 'file');
      setDropping(!files.every(isFloorPlan) ? 'import' : files.length > 1 ? 'plans' : plan);
    },
    onDragLeave(e: DragEvent<HTMLDivElement>) {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDropping(null);
    },
    onDrop(e: DragEvent<HTMLDivElement>) {
      setDropping(null);
      const files = Array.from(e.dataTransfer.files ?? []);
      if (files.length === 0) return;
      e.preventDefault();
      take(files);
    },
  };
  return { dropping, dropHandlers };
}

/** Mounts the plain-DOM canvas and keeps it in step with the document, the selection, the tool and the floor. */
export function CanvasHost({ canvasRef }: { canvasRef: React.RefObject<EditorCanvas | null> }) {
  const host = useRef<HTMLDivElement>(null);
  const canvas = useMountedCanvas(host, canvasRef);
  const tool = useAtomValue(toolAtom);
  const { dropping, dropHandlers } = useMapDrop();
  return (
    <div
      className={dropping ? 'editor__canvas is-drop-target' : 'editor__canvas'}
      data-drop={dropping ?? undefined}
      data-tool={tool}
      {...dropHandlers}
    >
      <div ref={host} className="editor__canvas-host" />
      {canvas && <EmptyFloor />}
      {canvas && <ZoomControls canvas={canvas} />}
    </div>
  );
}

/**
 * Zoom in and out, fit and 100% on the canvas, kept in step with wheel, pinch and keyboard zoom. A button at its end of
 * the range is aria-disabled, not disabled, so a keyboard user pressing it keeps their focus (Chromium moves the focus
 * of a control that becomes disabled to the page).
 */
function ZoomControls({ canvas }: { canvas: EditorCanvas }) {
  const [zoom, setZoom] = useState({ percent: 100, canZoomIn: true, canZoomOut: false, canPan: false });
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
    <>
      {zoom.canPan && <PanControls canvas={canvas} />}
      <div className="editor__zoom" role="group" aria-label="Zoom">
        <button
          type="button"
          className="editor__zoom-btn"
          aria-label="Zoom out"
          title="Zoom out (−)"
          aria-disabled={!zoom.canZoomOut}
          onClick={act((c) => c.camera.zoomOut())}
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
          aria-disabled={!zoom.canZoomIn}
          onClick={act((c) => c.camera.zoomIn())}
        >
          <span aria-hidden="true">+</span>
        </button>
        <button
          type="button"
          className="editor__zoom-btn editor__zoom-fit"
          aria-label="Fit the map"
          title="Fit the map"
          onClick={act((c) => c.camera.reset())}
        >
          Fit
        </button>
      </div>
    </>
  );
}

/** The pan buttons' directions, in the row's order (the arrow keys' on a keyboard), as shares of the canvas. */
const PAN = [
  ['Pan left', '←', -1, 0],
  ['Pan up', '↑', 0, -1],
  ['Pan down', '↓', 0, 1],
  ['Pan right', '→', 1, 0],
] as const;

/**
 * Pan left, up, down and right, a third of the canvas a press, above the zoom buttons while part of the map is out of
 * view: the map moved by a pointer that cannot drag (WCAG 2.5.7), as the viewer's pan buttons do (ADR 107).
 */
function PanControls({ canvas }: { canvas: EditorCanvas }) {
  const { camera } = canvas;
  return (
    <div className="editor__zoom editor__pan" role="group" aria-label="Pan">
      {PAN.map(([label, arrow, right, down]) => (
        <button
          key={label}
          type="button"
          className="editor__zoom-btn"
          aria-label={label}
          title={label}
          // At the map's edge that way: said and shown, and still focusable (a keyboard user keeps their place).
          aria-disabled={!camera.canPanBy(right / 3, down / 3)}
          onClick={() => camera.panByViewport(right / 3, down / 3)}
        >
          <span aria-hidden="true">{arrow}</span>
        </button>
      ))}
    </div>
  );
}
