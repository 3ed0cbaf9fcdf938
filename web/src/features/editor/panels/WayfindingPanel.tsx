/**
 * The Wayfinding tab (Professional maps): the walkable network of each floor, drawn on the canvas while the
 * tab is open (editor/wayfinding/network-layer.ts). Draw paths with snapping, select a node or an edge to
 * delete it, make a dead end a floor connector (lift, stairs, escalator, ramp; step-free or not) or pin a
 * location to a node. Locations attach to the nearest path by themselves; the check lists what nobody can
 * reach and the parts not joined to the rest. Every change is an undoable action. Other maps see what the
 * panel does and how to upgrade.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useAtom } from 'jotai';
import { CONNECTOR_KINDS } from '@mapnest/shared/map-document';
import { MapState } from '@mapnest/shared/constants';
import { checkNetwork } from '../../../map-core/wayfinding/network';
import {
  clearEndpoint,
  deleteEdge,
  deleteNode,
  addEdge,
  moveNode,
  nodeDegree,
  pinLocation,
  setConnector,
  unpinLocation,
  type ConnectorKind,
  type Point,
} from '../actions/wayfinding';
import { useEditor, useEditorState } from '../editor-context';
import { layerAtom } from '../editor-state';
import { NetworkLayer, type NetworkSelection } from '../wayfinding/network-layer';
import './wayfinding-panel.css';

const KIND_LABEL: Record<ConnectorKind, string> = {
  lift: 'Lift',
  stairs: 'Stairs',
  escalator: 'Escalator',
  ramp: 'Ramp',
};

export function WayfindingPanel() {
  const { map } = useEditor();
  if (map.state !== MapState.PRO) return <NotProfessional />;
  return <NetworkEditor />;
}

function NotProfessional() {
  return (
    <div className="wayfinding-panel">
      <h2 className="wayfinding-panel__title">Wayfinding</h2>
      <p>
        Turn-by-turn directions come with the Professional plan: visitors get the shortest route between any two places,
        across floors, with a step-free option.
      </p>
      <a className="btn btn--primary wayfinding-panel__cta" href="/maps#subscribe">
        See plans
      </a>
      <p className="wayfinding-panel__sub">What you can do here once this map is Professional</p>
      <ul className="wayfinding-panel__features">
        <li>Draw the walkable paths of each floor on the map; points snap to each other and to existing paths.</li>
        <li>Join floors with lifts, stairs, escalators and ramps, marked step-free or not.</li>
        <li>Every location joins the nearest path by itself, or you pin it to a door.</li>
        <li>A check lists places nobody can reach and parts of the network not joined to the rest.</li>
        <li>Routes from a Mapplic map are imported with it.</li>
      </ul>
    </div>
  );
}

function NetworkEditor() {
  const { run, canvas, store } = useEditor();
  const { doc } = useEditorState();
  const [layerPicked, setLayer] = useAtom(layerAtom);
  const layer =
    layerPicked && doc.layers.some((l) => l.id === layerPicked)
      ? layerPicked
      : (doc.settings.defaultLayer ?? doc.layers[0]!.id);
  const [mode, setMode] = useState<'select' | 'draw'>('select');
  const [selection, setSelection] = useState<NetworkSelection>(null);
  const overlay = useRef<NetworkLayer | null>(null);
  const check = useMemo(() => checkNetwork(doc), [doc]);
  const title = (id: string) => doc.locations.find((l) => l.id === id)?.title ?? id;
  const floorName = (id: string) => doc.layers.find((l) => l.id === id)?.name ?? id;

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

  // A selection that no longer exists (undo, another edit) is dropped.
  const live =
    selection?.kind === 'node'
      ? doc.routes.some(
          (r) =>
            r.layer === selection.layer && r.points.some((p) => p[0] === selection.at[0] && p[1] === selection.at[1]),
        )
      : selection?.kind === 'edge'
        ? doc.routes.some((r) => r.id === selection.route && r.points.length > selection.segment)
        : false;
  const current = live ? selection : null;

  /** Deletes the selected node or edge; false when nothing of the network is selected. */
  const removeSelection = (): boolean => {
    if (current?.kind === 'node' && run(deleteNode, { layer: current.layer, at: current.at })) setSelection(null);
    if (current?.kind === 'edge' && run(deleteEdge, { route: current.route, segment: current.segment }))
      setSelection(null);
    return current !== null;
  };
  const removeRef = useRef(removeSelection);
  useEffect(() => {
    removeRef.current = removeSelection;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
      // Caught before the editor's own Delete shortcut, so a selected location is not deleted with it.
      if ((e.key === 'Delete' || e.key === 'Backspace') && removeRef.current()) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  const connectors = useMemo(() => {
    const byId = new Map<string, { kind: string; floors: string[]; stepFree: boolean }>();
    for (const r of doc.routes) {
      if (!r.connector || !r.endpoint) continue;
      const c = byId.get(r.endpoint) ?? { kind: r.connectorKind ?? 'lift', floors: [], stepFree: true };
      c.floors.push(r.layer);
      if (r.inaccessible) c.stepFree = false;
      byId.set(r.endpoint, c);
    }
    return [...byId];
  }, [doc.routes]);

  const pathsHere = doc.routes.filter((r) => r.layer === layer).length;
  const disconnected = check.components.length > 1 ? check.components.slice(1) : [];

  return (
    <div className="wayfinding-panel">
      <h2 className="wayfinding-panel__title">Wayfinding</h2>
      {!doc.settings.wayfinding.enabled && (
        <p className="panel__hint">
          Directions are off for visitors: turn them on in Settings, under Directions, once the network is drawn.
        </p>
      )}
      <div className="panel__row">
        <label>
          Floor{' '}
          <select value={layer} onChange={(e) => setLayer(e.target.value)}>
            {doc.layers.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
        <span className="panel__hint">{pathsHere === 1 ? '1 path' : `${pathsHere} paths`} on this floor</span>
      </div>
      <div className="panel__row" role="group" aria-label="Network tool">
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          aria-pressed={mode === 'select'}
          onClick={() => setMode('select')}
        >
          Select
        </button>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          aria-pressed={mode === 'draw'}
          onClick={() => setMode('draw')}
        >
          Draw paths
        </button>
      </div>
      <p className="panel__hint">
        {mode === 'draw'
          ? 'Click the map to place points; each click draws a path to the next one. Points snap to nearby nodes and paths (a path is split where you join it). Escape ends the path.'
          : 'Click a node or a path to select it; drag a node to move it (drop it on another node to join them). Delete removes the selection.'}
      </p>

      {current && (
        <SelectionCard
          key={JSON.stringify(current)}
          selection={current}
          layer={layer}
          connectorCount={connectors.length}
          onRemove={() => void removeSelection()}
          onDone={() => setSelection(null)}
        />
      )}

      <section aria-labelledby="wf-connectors">
        <h3 id="wf-connectors" className="wayfinding-panel__sub">
          Connectors between floors
        </h3>
        {connectors.length === 0 ? (
          <p className="panel__hint">
            None yet. Select the end of a path where a lift or stairs are and make it a connector; use the same name on
            each floor it serves.
          </p>
        ) : (
          <ul className="wayfinding-panel__list">
            {connectors.map(([id, c]) => (
              <li key={id}>
                <strong>{id}</strong> · {KIND_LABEL[c.kind as ConnectorKind] ?? c.kind} ·{' '}
                {c.floors.map(floorName).join(', ')} · {c.stepFree ? 'step-free' : 'not step-free'}
                {c.floors.length < 2 && (
                  <span className="wayfinding-panel__warn">
                    {' '}
                    (on one floor only: give it the same name on another floor)
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="wf-check" aria-live="polite">
        <h3 id="wf-check" className="wayfinding-panel__sub">
          Check
        </h3>
        {doc.routes.length === 0 ? (
          <p className="panel__hint">No paths yet: draw the corridors of each floor to give visitors directions.</p>
        ) : check.unreachable.length === 0 && disconnected.length === 0 && check.stepFreeUnreachable.length === 0 ? (
          <p className="wayfinding-panel__ok">Every location can be reached, step-free too.</p>
        ) : (
          <>
            {check.unreachable.length > 0 && (
              <>
                <p>
                  {check.unreachable.length === 1
                    ? '1 location cannot be reached:'
                    : `${check.unreachable.length} locations cannot be reached:`}
                </p>
                <ul className="wayfinding-panel__list" aria-label="Unreachable locations">
                  {check.unreachable.map((id) => (
                    <li key={id}>
                      <button type="button" className="btn btn--link btn--sm" onClick={() => canvas()?.reveal(id)}>
                        {title(id)}
                      </button>
                    </li>
                  ))}
                </ul>
              </>
            )}
            {check.stepFreeUnreachable.length > 0 && (
              <p>Not reachable step-free: {check.stepFreeUnreachable.map(title).join(', ')}</p>
            )}
            {disconnected.length > 0 && (
              <>
                <p>
                  {disconnected.length === 1
                    ? '1 part of the network is not joined to the rest:'
                    : `${disconnected.length} parts of the network are not joined to the rest:`}
                </p>
                <ul className="wayfinding-panel__list" aria-label="Disconnected parts">
                  {disconnected.map((c, i) => (
                    <li key={c.routes.join(',')}>
                      Part {i + 2}: {c.routes.length === 1 ? '1 path' : `${c.routes.length} paths`} on{' '}
                      {c.layers.map(floorName).join(', ')}
                      {c.locations.length > 0 && ` (${c.locations.map(title).join(', ')})`}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </section>
    </div>
  );
}

/** What can be done with the selected node or edge. */
function SelectionCard({
  selection: sel,
  layer,
  connectorCount,
  onRemove,
  onDone,
}: {
  selection: NonNullable<NetworkSelection>;
  layer: string;
  connectorCount: number;
  onRemove(): void;
  onDone(): void;
}) {
  const { run, notify } = useEditor();
  const { doc } = useEditorState();
  const title = (id: string) => doc.locations.find((l) => l.id === id)?.title ?? id;
  const floorName = (id: string) => doc.layers.find((l) => l.id === id)?.name ?? id;
  const [connId, setConnId] = useState(() => `lift-${connectorCount + 1}`);
  const [kind, setKind] = useState<ConnectorKind>('lift');
  const [stepFree, setStepFree] = useState(true);
  const here = doc.locations.filter((l) => l.coord && (!l.layer || l.layer === layer));
  const [pin, setPin] = useState(here[0]?.id ?? '');
  if (sel.kind === 'edge') {
    return (
      <div className="wayfinding-panel__card" aria-label="Selected edge" role="group">
        <p>Edge of path {sel.route}</p>
        <button type="button" className="btn btn--danger btn--sm" onClick={onRemove}>
          Delete edge
        </button>
      </div>
    );
  }
  const at: Point = sel.at;
  const attached = doc.routes.filter(
    (r) =>
      r.layer === sel.layer &&
      r.endpoint &&
      ((r.points.at(-1)![0] === at[0] && r.points.at(-1)![1] === at[1]) ||
        (r.points[0]![0] === at[0] && r.points[0]![1] === at[1])),
  );
  const deadEnd = nodeDegree(doc, sel.layer, at) === 1;
  return (
    <div className="wayfinding-panel__card" aria-label="Selected node" role="group">
      <p>
        Node on {floorName(sel.layer)}
        {attached.map((r) => (r.connector ? ` · connector ${r.endpoint}` : ` · ${title(r.endpoint!)}`)).join('')}
      </p>
      <div className="panel__row">
        <button type="button" className="btn btn--danger btn--sm" onClick={onRemove}>
          Delete node
        </button>
        {attached.length > 0 && (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => run(clearEndpoint, { layer: sel.layer, at })}
          >
            Detach
          </button>
        )}
      </div>
      {deadEnd && (
        <fieldset className="wayfinding-panel__form">
          <legend>Make it a connector</legend>
          <label>
            Name <input value={connId} onChange={(e) => setConnId(e.target.value)} />
          </label>
          <label>
            Kind{' '}
            <select value={kind} onChange={(e) => setKind(e.target.value as ConnectorKind)}>
              {CONNECTOR_KINDS.map((k) => (
                <option key={k} value={k}>
                  {KIND_LABEL[k]}
                </option>
              ))}
            </select>
          </label>
          <label>
            <input type="checkbox" checked={stepFree} onChange={(e) => setStepFree(e.target.checked)} /> Step-free
          </label>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => {
              if (run(setConnector, { layer: sel.layer, at, id: connId.trim(), kind, stepFree }))
                notify(`Connector "${connId.trim()}" set. Give its end on each other floor the same name.`, 'info');
            }}
          >
            Set connector
          </button>
        </fieldset>
      )}
      {here.length > 0 && (
        <fieldset className="wayfinding-panel__form">
          <legend>Attach a location here</legend>
          <label>
            Location{' '}
            <select value={pin} onChange={(e) => setPin(e.target.value)}>
              {here.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.title}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => run(pinLocation, { location: pin, layer: sel.layer, at })}
          >
            Attach
          </button>
          {doc.routes.some((r) => r.endpoint === pin && !r.connector) && (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => run(unpinLocation, { location: pin })}
            >
              Back to nearest path
            </button>
          )}
        </fieldset>
      )}
      <button type="button" className="btn btn--ghost btn--sm" onClick={onDone}>
        Done
      </button>
    </div>
  );
}
