/**
 * The Wayfinding tab (maps that get wayfinding: Professional, and the demo and administrator maps, as the public copy
 * decides in shared/src/document/wayfinding.ts): the walkable network of each floor, drawn on the canvas while the
 * tab is open (editor/wayfinding/network-layer.ts). Draw paths with snapping (by a click, or Enter at the map's
 * centre), select a node or an edge to
 * delete it, make a dead end a floor connector (lift, stairs, escalator, ramp; step-free or not) or pin a
 * location to a node. Locations attach to the nearest path by themselves; the check lists what nobody can
 * reach and the parts not joined to the rest. Every change is an undoable action. Other maps see what the
 * panel does and how to upgrade.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import type { MapDocument } from '@mapnest/shared/map-document';
import { hasWayfinding, previewState } from '@mapnest/shared/wayfinding';
import { checkNetwork, type NetworkCheck as NetworkCheckResult } from '../../../map-core/wayfinding/network-check';
import { connectorStepFree, type ShapeCentres } from '../../../map-core/wayfinding/network-model';
import type { StepBlocker } from '../../../map-core/wayfinding/step-blockers';
import { deleteEdge, deleteNode, connectorLabel, type ConnectorKind } from './actions';
import { useEditor, useEditorState } from '../editor-context';
import { usePointerWords } from '../../../lib/pointer-words';
import { counted } from '../../../lib/words';
import { layerAtom, selectionAtom } from '../editor-state';
import type { NetworkSelection } from './network-layer';
import { ToolPicker, useNetworkOverlay, type Mode } from './network-overlay';
import { SelectionCard } from './NetworkSelectionCard';
import { floorName, KIND_LABEL, locationTitle } from './network-names';
import { useShapeCentres } from './shape-centres';
import { NetworkPicker } from './network-picker';
import { nodeCardKey, nodeSelectedText, useAnnounce, useNodeNudgeKeys } from './node-position';
import { SelectProp } from '../panels/fields';
import { updateSettings } from '../actions/structure';
import './wayfinding-panel.css';

type Connector = { name: string; kind: string; floors: string[]; stepFree: boolean };

export function WayfindingPanel() {
  const { map } = useEditor();
  // A test map tries wayfinding in the editor and its Preview (previewState); a Basic map is offered the upgrade.
  if (!hasWayfinding(previewState(map.state))) return <NotProfessional />;
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

/**
 * Directions off for visitors: said, with the way to turn them on here (it was a trip to Settings, a folded section
 * and a checkbox). Once turned on here, the line says so and keeps the keyboard's place (the button is gone).
 */
function DirectionsSwitch({ enabled }: { enabled: boolean }) {
  const { run, map } = useEditor();
  const trial = !hasWayfinding(map.state) && (
    <p className="panel__hint">
      A test map: try the directions you draw here in Preview. Visitors get them once the map is Professional (Make
      Pro).
    </p>
  );
  const [turnedOn, setTurnedOn] = useState(false);
  const said = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (turnedOn && enabled) said.current?.focus();
  }, [turnedOn, enabled]);
  if (enabled)
    return (
      <>
        {trial}
        {turnedOn && (
          <p ref={said} className="panel__hint" role="status" tabIndex={-1}>
            {trial
              ? 'Directions are on: try them in Preview.'
              : 'Directions are on: visitors get them once you publish.'}{' '}
            Settings, under Directions, places their button.
          </p>
        )}
      </>
    );
  return (
    <div className="panel__hint">
      {trial}
      <p>Directions are off for visitors. Turn them on once the network below reaches your places.</p>
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        onClick={() => {
          if (run(updateSettings, { patch: { wayfinding: { enabled: true } } })) setTurnedOn(true);
        }}
      >
        Turn on directions
      </button>
    </div>
  );
}

function NetworkEditor() {
  const { run } = useEditor();
  const { doc } = useEditorState();
  const [layerPicked, setLayer] = useAtom(layerAtom);
  const layer =
    layerPicked && doc.layers.some((l) => l.id === layerPicked)
      ? layerPicked
      : (doc.settings.defaultLayer ?? doc.layers[0]!.id);
  const [mode, setMode] = useState<Mode>('select');
  const [selection, setSelection, drawing, endPath] = useNetworkOverlay(mode);
  const selectLocations = useSetAtom(selectionAtom);
  const pickMode = (next: Mode) => {
    setMode(next);
    // The arrow keys on the map pan to the next point while drawing: a selected node or location would take them.
    if (next === 'draw') {
      setSelection(null);
      selectLocations(new Set());
    }
  };
  const current = liveSelection(doc.routes, selection);
  // Locations drawn as a shape of their floor take part where the map puts them: at the shape's centre.
  const shapes = useShapeCentres(doc);

  /** Deletes the selected node or edge; false when nothing of the network is selected. */
  const removeSelection = (): boolean => {
    if (current?.kind === 'node' && run(deleteNode, { layer: current.layer, at: current.at })) setSelection(null);
    if (current?.kind === 'edge' && run(deleteEdge, { route: current.route, segment: current.segment }))
      setSelection(null);
    return current !== null;
  };
  useDeleteKey(removeSelection);
  useNodeNudgeKeys(current, setSelection);
  const cardKey = current?.kind === 'node' ? nodeCardKey(current) : JSON.stringify(current);
  useSelectionAnnounced(current, cardKey);

  const connectors = useMemo(() => connectorsOf(doc.routes), [doc.routes]);
  const routesHere = doc.routes.filter((r) => r.layer === layer);
  const pathsHere = routesHere.length;
  // The lists below name the paths' edges (a path of 3 points has 2): both counts, in the lists' words.
  const edgesHere = routesHere.reduce(
    (n, r) => n + (r.closed && r.points.length > 2 ? r.points.length : r.points.length - 1),
    0,
  );

  return (
    <div className="wayfinding-panel">
      <h2 className="wayfinding-panel__title">Wayfinding</h2>
      <DirectionsSwitch enabled={doc.settings.wayfinding.enabled} />
      <SelectProp
        label="Floor"
        value={layer}
        options={doc.layers.map((l) => ({ value: l.id, label: l.name }))}
        commit={(id) => {
          setLayer(id);
          return null;
        }}
        hint={`${counted(pathsHere, 'path')}${pathsHere ? ` (${counted(edgesHere, 'edge')})` : ''} on this floor`}
      />
      <ToolPicker mode={mode} onMode={pickMode} drawing={drawing} onEndPath={endPath} />
      {mode === 'select' && (
        <>
          <NetworkPicker kind="node" doc={doc} layer={layer} selection={current} onSelect={setSelection} />
          <NetworkPicker kind="edge" doc={doc} layer={layer} selection={current} onSelect={setSelection} />
        </>
      )}

      {current && (
        <SelectionCard
          key={cardKey}
          selection={current}
          layer={layer}
          shapes={shapes}
          onRemove={() => void removeSelection()}
          onDone={() => setSelection(null)}
          onSelect={setSelection}
        />
      )}

      <ConnectorList connectors={connectors} />
      <NetworkCheck shapes={shapes} />
    </div>
  );
}

/** The selection while the document still has it; undo or another edit can take it away. */
function liveSelection(routes: MapDocument['routes'], selection: NetworkSelection): NetworkSelection {
  const live =
    selection?.kind === 'node'
      ? routes.some(
          (r) =>
            r.layer === selection.layer && r.points.some((p) => p[0] === selection.at[0] && p[1] === selection.at[1]),
        )
      : selection?.kind === 'edge'
        ? routes.some((r) => r.id === selection.route && r.points.length > selection.segment)
        : false;
  return live ? selection : null;
}

/** Says what became selected (a node with its floor and place); a node moved under the same card is not said again. */
function useSelectionAnnounced(current: NetworkSelection, cardKey: string) {
  const { doc } = useEditorState();
  const announce = useAnnounce();
  const said = useRef<string | null>(null);
  useEffect(() => {
    if (!current) said.current = null;
    if (!current || said.current === cardKey) return;
    said.current = cardKey;
    announce(current.kind === 'node' ? nodeSelectedText(doc, current) : 'Edge selected. Delete removes it.');
  });
}

/** Delete or Backspace outside a text field removes the network's selection (`remove` says whether there was one). */
function useDeleteKey(remove: () => boolean) {
  const removeRef = useRef(remove);
  useEffect(() => {
    removeRef.current = remove;
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
}

/** The floor connectors by name: their kind, the floors each joins, and whether every end is step-free. */
function connectorsOf(routes: MapDocument['routes']): [string, Connector][] {
  const byId = new Map<string, Connector>();
  for (const r of routes) {
    if (!r.connector || !r.endpoint) continue;
    const c = byId.get(r.endpoint) ?? {
      name: connectorLabel(r),
      kind: r.connectorKind ?? 'lift',
      floors: [],
      stepFree: true,
    };
    if (r.connectorName) c.name = r.connectorName;
    c.floors.push(r.layer);
    if (!connectorStepFree(r.connectorKind, r.inaccessible)) c.stepFree = false;
    byId.set(r.endpoint, c);
  }
  return [...byId];
}

function ConnectorList({ connectors }: { connectors: [string, Connector][] }) {
  const { doc } = useEditorState();
  const forPointer = usePointerWords();
  return (
    <section aria-labelledby="wf-connectors">
      <h3 id="wf-connectors" className="wayfinding-panel__sub">
        Connectors between floors
      </h3>
      {connectors.length === 0 ? (
        <p className="panel__hint">
          {forPointer(
            'None yet. Select the end of a path where a lift or stairs are (click it, or choose it in “Select a node”) and make it a connector; use the same name on each floor it serves.',
          )}
        </p>
      ) : (
        <ul className="wayfinding-panel__list">
          {connectors.map(([id, c]) => (
            <li key={id}>
              <strong>{c.name}</strong> · {KIND_LABEL[c.kind as ConnectorKind] ?? c.kind} ·{' '}
              {c.floors.map((f) => floorName(doc, f)).join(', ')} · {c.stepFree ? 'step-free' : 'not step-free'}
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
  );
}

/**
 * What visitors could not reach: unreachable locations (each shown on the map on click), step-free gaps, parts not
 * joined. `shapes`: where the locations drawn as shapes are (null while the floors are being measured).
 */
function NetworkCheck({ shapes }: { shapes: ShapeCentres | null }) {
  const { canvas } = useEditor();
  const { doc } = useEditorState();
  const check = useMemo(() => checkNetwork(doc, shapes ?? undefined), [doc, shapes]);
  const disconnected = check.components.length > 1 ? check.components.slice(1) : [];
  const title = (id: string) => locationTitle(doc, id);
  return (
    <section aria-labelledby="wf-check" aria-live="polite">
      <h3 id="wf-check" className="wayfinding-panel__sub">
        Check
      </h3>
      {doc.routes.length === 0 ? (
        <p className="panel__hint">No paths yet: draw the corridors of each floor to give visitors directions.</p>
      ) : shapes === null ? (
        <p className="panel__hint">Finding the locations drawn as shapes on the floor plans…</p>
      ) : check.unreachable.length === 0 &&
        disconnected.length === 0 &&
        check.stepFreeUnreachable.length === 0 &&
        check.stubOnly.length === 0 ? (
        <p className="wayfinding-panel__ok">Every location can be reached, step-free too.</p>
      ) : (
        <>
          {check.unreachable.length > 0 && <Unreachable check={check} />}
          {check.stepFreeUnreachable.length > 0 && (
            <>
              <p>Not reachable step-free:</p>
              <ul className="wayfinding-panel__list" aria-label="Not reachable step-free">
                {check.stepFreeUnreachable.map((id) => (
                  <li key={id}>
                    <button type="button" className="btn btn--link btn--sm" onClick={() => canvas()?.reveal(id)}>
                      {title(id)}
                    </button>
                    : {blockedBy(doc, check.stepFreeBlockers.get(id) ?? [])}
                  </li>
                ))}
              </ul>
            </>
          )}
          {check.stubOnly.length > 0 && (
            <>
              <p>Joined only at a lift or stairs path (routes would start inside it): draw a corridor on its floor.</p>
              <ul className="wayfinding-panel__list" aria-label="Joined only at a connector">
                {check.stubOnly.map((id) => (
                  <li key={id}>
                    <button type="button" className="btn btn--link btn--sm" onClick={() => canvas()?.reveal(id)}>
                      {title(id)}
                    </button>
                  </li>
                ))}
              </ul>
            </>
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
                    {c.layers.map((f) => floorName(doc, f)).join(', ')}
                    {c.locations.length > 0 && ` (${c.locations.map(title).join(', ')})`}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}

/** The locations nobody can reach, each with why (a click shows it on the map). */
function Unreachable({ check }: { check: NetworkCheckResult }) {
  const { canvas } = useEditor();
  const { doc } = useEditorState();
  const unattached = new Set(check.unattached);
  const unplaced = new Set(check.unplaced);
  return (
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
              {locationTitle(doc, id)}
            </button>{' '}
            {unplaced.has(id)
              ? '(not on the map: place it, or attach it to a node)'
              : unattached.has(id)
                ? '(its floor has no path yet: draw one there)'
                : '(its path is not joined to the rest)'}
          </li>
        ))}
      </ul>
    </>
  );
}

/** What keeps a place from being reached step-free, in the author's words: the connectors and paths to fix. */
function blockedBy(doc: MapDocument, blockers: readonly StepBlocker[]): string {
  if (blockers.length === 0) return 'no step-free way joins it';
  return blockers
    .map((b) =>
      b.kind === 'connector'
        ? `the ${KIND_LABEL[b.connectorKind ?? 'lift'].toLowerCase()} “${b.name ?? b.endpoint}” (${floorName(doc, b.floors[0])} to ${floorName(doc, b.floors[1])}) is not step-free`
        : `a path on ${floorName(doc, b.layer)} is marked not step-free`,
    )
    .join('; ');
}
