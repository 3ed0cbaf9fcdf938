/**
 * The Wayfinding panel's hold on the canvas: the network drawn there while the panel is open (drawing, moving and
 * selecting on it, ./network-layer.ts), kept in step with the panel's tool and selection, and the tool picker with
 * how the chosen tool works. A path being drawn ends by Escape, by a click or tap on its last point again, or by End
 * path, which shows while one is being drawn: a touch screen has no Escape key.
 */
import { useEffect, useRef, useState } from 'react';
import { addEdge, moveNode } from './actions';
import { useEditor } from '../editor-context';
import { usePointerWords } from '../../../lib/pointer-words';
import { NetworkLayer, type NetworkSelection } from './network-layer';
import { useAnnounce } from './node-position';
import { CENTRE_OFF_PLAN } from './draw-words';

export type Mode = 'select' | 'draw';

/** What a click in draw mode off the floor plan is told. */
const OFF_MAP =
  'That is off the map: a path’s points go on the floor plan. Click inside it, or press Escape to end the path.';

/**
 * Draws the network on the canvas while the panel is open, and keeps the drawing's tool and selection in step with
 * the panel's. Returns the selection, its setter, how many points the path being drawn has (0: none) and the way to
 * end it.
 */
export function useNetworkOverlay(mode: Mode) {
  const { run, canvas, store, notify } = useEditor();
  const announce = useAnnounce();
  const [selection, setSelection] = useState<NetworkSelection>(null);
  const [drawing, setDrawing] = useState(0);
  const overlay = useRef<NetworkLayer | null>(null);
  // The layer lives as long as the panel; the notice and status functions it calls are the editor's latest.
  const said = useRef({ notify, announce });
  useEffect(() => {
    said.current = { notify, announce };
  });

  // The network is on the canvas only while this panel is open.
  useEffect(() => {
    const c = canvas();
    if (!c || typeof c.networkHost !== 'function') return;
    const layerView = new NetworkLayer(c.networkHost(), store.getState().doc, {
      onAddEdge: (l, from, to) => run(addEdge, { layer: l, from, to }),
      onMoveNode: (l, from, to) => {
        if (run(moveNode, { layer: l, from, to })) setSelection({ kind: 'node', layer: l, at: to });
      },
      onSelect: setSelection,
      onOffMap: (byKeys) => said.current.notify(byKeys ? CENTRE_OFF_PLAN : OFF_MAP),
      announce: (text) => said.current.announce(text),
      onDrawing: setDrawing,
    });
    overlay.current = layerView;
    const off = store.subscribe(() => layerView.setDocument(store.getState().doc));
    return () => {
      off();
      layerView.destroy();
      overlay.current = null;
    };
  }, [canvas, run, store]);
  useEffect(() => overlay.current?.setMode(mode), [mode]);
  useEffect(() => overlay.current?.setSelection(selection), [selection]);
  const endPath = () => overlay.current?.endPath();
  return [selection, setSelection, drawing, endPath] as const;
}

/** Select or Draw paths, with how the chosen tool works; End path while a path is being drawn. */
export function ToolPicker({
  mode,
  onMode,
  drawing,
  onEndPath,
}: {
  mode: Mode;
  onMode(mode: Mode): void;
  drawing: number;
  onEndPath(): void;
}) {
  const forPointer = usePointerWords();
  return (
    <>
      <div className="panel__row" role="group" aria-label="Network tool">
        <button
          type="button"
          className={mode === 'select' ? 'btn btn--primary btn--sm' : 'btn btn--secondary btn--sm'}
          aria-pressed={mode === 'select'}
          onClick={() => onMode('select')}
        >
          Select
        </button>
        <button
          type="button"
          className={mode === 'draw' ? 'btn btn--primary btn--sm' : 'btn btn--secondary btn--sm'}
          aria-pressed={mode === 'draw'}
          onClick={() => onMode('draw')}
        >
          Draw paths
        </button>
        {mode === 'draw' && drawing > 0 && (
          <button type="button" className="btn btn--secondary btn--sm" onClick={onEndPath}>
            End path
          </button>
        )}
      </div>
      <p className="panel__hint">
        {forPointer(
          mode === 'draw'
            ? 'Click the map to place points; each click draws a path to the next one. Points snap to nearby nodes and paths (a path is split where you join it). Click the last point again, or End path, to end the path (Escape too). By keyboard: on the map, the arrow keys move it and Enter places a point at the centre of the view, marked by a cross.'
            : 'Click a node or a path to select it, or choose a node or an edge in the lists below; drag a node to move it (drop it on another node to join them), or type its X and Y, or press the arrow keys on the map. Delete removes the selection.',
        )}
      </p>
    </>
  );
}
