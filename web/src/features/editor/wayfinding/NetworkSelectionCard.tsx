import { useId, useState } from 'react';
import { CONNECTOR_KINDS, type Location } from '@mapnest/shared/map-document';
import { locationPoint } from '@mapnest/shared/map-geo';
import { connectorStepFree, type ShapeCentres } from '../../../map-core/wayfinding/network-model';
import {
  clearEndpoint,
  connectorLabel,
  nodeDegree,
  pinLocation,
  setConnector,
  unpinLocation,
  type ConnectorKind,
  type Point,
} from './actions';
import { routeStepFree, setEdgeStepFree } from './step-free';
import { connectorAt, connectorDraftFor, newConnectorName } from './connector-draft';
import { useEditor, useEditorState } from '../editor-context';
import type { NetworkSelection } from './network-layer';
import { connectorNameProblem, floorName, KIND_LABEL, locationTitle } from './network-names';
import { NodePositionFields } from './node-position';

/** What can be done with the selected node or edge. */
export function SelectionCard({
  selection: sel,
  layer,
  shapes,
  onRemove,
  onDone,
  onSelect,
}: {
  selection: NonNullable<NetworkSelection>;
  layer: string;
  /** Where the locations drawn as shapes are (null while the floors are being measured). */
  shapes: ShapeCentres | null;
  onRemove(): void;
  onDone(): void;
  onSelect(selection: NetworkSelection): void;
}) {
  const { run } = useEditor();
  const { doc } = useEditorState();
  // The floor's places: located by a point, or drawn as a shape (then placed at its centre).
  const here = doc.locations.filter(
    (l) => (!l.layer || l.layer === layer) && (locationPoint(l, doc.settings) || shapes?.has(l.id)),
  );
  const [picked, setPin] = useState(here[0]?.id ?? '');
  // The list can grow once the floors' shapes are measured: nothing picked yet means its first entry.
  const pin = here.some((l) => l.id === picked) ? picked : (here[0]?.id ?? '');
  if (sel.kind === 'edge')
    return <EdgeCard route={sel.route} segment={sel.segment} onRemove={onRemove} onSelect={onSelect} />;
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
    <div className="card wayfinding-panel__card" aria-label="Selected node" role="group">
      <p className="wayfinding-panel__card-title">
        Node on {floorName(doc, sel.layer)}
        {attached
          .map((r) => (r.connector ? ` · connector “${connectorLabel(r)}”` : ` · ${locationTitle(doc, r.endpoint!)}`))
          .join('')}
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
      <NodePositionFields selection={sel} onSelect={onSelect} />
      {deadEnd && <ConnectorForm layer={sel.layer} at={at} />}
      {here.length > 0 && (
        <PinLocationForm layer={sel.layer} at={at} here={here} pin={pin} onPin={setPin} place={shapes?.get(pin)} />
      )}
      <button type="button" className="btn btn--ghost btn--sm" onClick={onDone}>
        Done
      </button>
    </div>
  );
}

/**
 * The selected edge: whether a visitor who cannot use steps can walk it (a step, a kerb, a short flight: the
 * author marks just that edge), and Delete. On an open area the mark is the whole area's.
 */
function EdgeCard({
  route,
  segment,
  onRemove,
  onSelect,
}: {
  route: string;
  segment: number;
  onRemove(): void;
  onSelect(selection: NetworkSelection): void;
}) {
  const { run } = useEditor();
  const { doc } = useEditorState();
  const r = doc.routes.find((x) => x.id === route);
  if (!r) return null;
  const area = r.closed && r.points.length > 2;
  return (
    <div className="card wayfinding-panel__card" aria-label="Selected edge" role="group">
      <p className="wayfinding-panel__card-title">
        {area ? 'Edge of an open area' : 'Edge'} on {floorName(doc, r.layer)}
        {r.connector && ` · leads to connector “${connectorLabel(r)}”`}
      </p>
      <label className="check">
        <input
          type="checkbox"
          checked={routeStepFree(r)}
          disabled={r.connector && area}
          onChange={(e) => {
            // The marked edge becomes a path of its own under this path's id (an area keeps its edges).
            if (run(setEdgeStepFree, { route, segment, stepFree: e.target.checked }) && !area)
              onSelect({ kind: 'edge', route, segment: 0 });
          }}
        />
        <span>{area ? 'Step-free (the whole area)' : 'Step-free (no step on this edge)'}</span>
      </label>
      <div className="panel__row">
        <button type="button" className="btn btn--danger btn--sm" onClick={onRemove}>
          Delete edge
        </button>
      </div>
    </div>
  );
}

/**
 * Makes a dead end a floor connector, or changes the one it is: the same name on each floor it serves joins them. It
 * starts from the connector the node is, else the one still missing on this floor, else a new name of its kind
 * (./connector-draft.ts); the card is made again for each node selected.
 */
function ConnectorForm({ layer, at }: { layer: string; at: Point }) {
  const { run, notify } = useEditor();
  const { doc } = useEditorState();
  const [draft, setDraft] = useState(() => connectorDraftFor(doc, layer, at));
  const { name, kind, stepFree, suggested } = draft;
  const isConnector = connectorAt(doc, layer, at) !== undefined;
  const names = [...new Set(doc.routes.filter((r) => r.connector && r.endpoint).map(connectorLabel))];
  const tooLong = connectorNameProblem(name);
  // Stairs and escalators are never step-free: the box says so rather than offer a mark routing ignores.
  const canBeStepFree = connectorStepFree(kind, false);
  const id = useId();
  return (
    <fieldset className="wayfinding-panel__form">
      <legend>{isConnector ? 'Connector' : 'Make it a connector'}</legend>
      {/* No maxLength: it would cut a pasted name unseen. One too long is marked and said, and not set. */}
      <label className="field">
        <span className="field__label">Name</span>
        <input
          className="input"
          value={name}
          list="wf-connector-names"
          aria-invalid={tooLong ? true : undefined}
          aria-describedby={tooLong ? `${id}-error` : undefined}
          onChange={(e) => setDraft({ ...draft, name: e.target.value, suggested: false })}
          // A suggested name is selected whole: typing replaces it rather than adding to its end.
          onFocus={(e) => suggested && e.target.select()}
        />
      </label>
      {tooLong && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {tooLong}
        </p>
      )}
      <datalist id="wf-connector-names">
        {names.map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
      <KindSelect
        kind={kind}
        onKind={(next) => {
          if (next === kind) return;
          // A name made for its kind and not typed over follows the kind: "Stairs 1", not "Lift 3", for stairs. A
          // connector's own name, or one from another floor, stays.
          const follows = suggested && name === newConnectorName(doc, kind);
          setDraft({ ...draft, kind: next, ...(follows ? { name: newConnectorName(doc, next) } : {}) });
        }}
      />
      <label className="check">
        <input
          type="checkbox"
          checked={stepFree && canBeStepFree}
          disabled={!canBeStepFree}
          onChange={(e) => setDraft({ ...draft, stepFree: e.target.checked })}
        />
        <span>
          {canBeStepFree
            ? 'Step-free (the floor change through it)'
            : 'Not step-free (stairs and escalators never are)'}
        </span>
      </label>
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        disabled={!!tooLong}
        onClick={() => {
          if (run(setConnector, { layer, at, name, kind, stepFree: stepFree && canBeStepFree })) {
            setDraft({ ...draft, suggested: false });
            notify(`Connector “${name.trim()}” set. Give its end on each other floor the same name.`, 'info');
          }
        }}
      >
        Set connector
      </button>
    </fieldset>
  );
}

/** A connector's kind. */
function KindSelect({ kind, onKind }: { kind: ConnectorKind; onKind(kind: ConnectorKind): void }) {
  return (
    <label className="field">
      <span className="field__label">Kind</span>
      <select className="input" value={kind} onChange={(e) => onKind(e.target.value as ConnectorKind)}>
        {CONNECTOR_KINDS.map((k) => (
          <option key={k} value={k}>
            {KIND_LABEL[k]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Pins one of the floor's locations to the node, or sends a pinned one back to the nearest path. */
function PinLocationForm({
  layer,
  at,
  here,
  pin,
  onPin,
  place,
}: {
  layer: string;
  at: Point;
  here: Location[];
  pin: string;
  onPin(id: string): void;
  /** The centre of the shape the picked location is drawn as, when it has no point of its own. */
  place: readonly [number, number] | undefined;
}) {
  const { run } = useEditor();
  const { doc } = useEditorState();
  return (
    <fieldset className="wayfinding-panel__form">
      <legend>Attach a location here</legend>
      <label className="field">
        <span className="field__label">Location</span>
        <select className="input" value={pin} onChange={(e) => onPin(e.target.value)}>
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
        onClick={() => run(pinLocation, { location: pin, layer, at, place })}
      >
        Attach
      </button>
      {doc.routes.some((r) => r.endpoint === pin && !r.connector) && (
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => run(unpinLocation, { location: pin })}>
          Back to nearest path
        </button>
      )}
    </fieldset>
  );
}
