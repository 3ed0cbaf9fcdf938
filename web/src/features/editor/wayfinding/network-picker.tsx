/**
 * The floor's nodes and edges as lists to choose from: the way to select them without a pointer (their dots and
 * lines on the map are click targets, not controls a keyboard reaches). A node is named by what is attached to it,
 * then by where it is; an edge by the nodes it joins, what it leads to and whether it has a step.
 */
import { useId } from 'react';
import type { MapDocument } from '@mapnest/shared/map-document';
import { connectorLabel, forEachSegment, layerNodes, type Point } from './actions';
import type { NetworkSelection } from './network-layer';
import { locationTitle } from './network-names';
import { placeWords } from '../canvas/canvas-keyboard';
import { routeStepFree } from './step-free';

const same = (a: readonly number[], b: readonly number[]) => a[0] === b[0] && a[1] === b[1];

interface Choice {
  /** The choice's value in the list, and how a selection is found in it. */
  value: string;
  label: string;
  selection: NonNullable<NetworkSelection>;
}

/** Each node of `layer`, as the picker names it: "Node 2 · connector “Lift A” · X 0.3, Y 0.5". */
export function nodeChoices(doc: MapDocument, layer: string): { at: Point; label: string }[] {
  return layerNodes(doc, layer).map((at, i) => {
    const attached = doc.routes
      .filter((r) => r.layer === layer && r.endpoint && same(r.points.at(-1)!, at))
      .map((r) => (r.connector ? ` · connector “${connectorLabel(r)}”` : ` · ${locationTitle(doc, r.endpoint!)}`));
    return { at, label: `Node ${i + 1}${attached.join('')} · ${placeWords(at)}` };
  });
}

/**
 * Each edge of `layer`, named by the nodes it joins (numbered as in the node list): "Edge 3 · Node 2 – Node 4 · to
 * connector “Lift A” · not step-free". An open area's edges say so; its step-free mark is the whole area's.
 */
export function edgeChoices(doc: MapDocument, layer: string): { route: string; segment: number; label: string }[] {
  const nodes = layerNodes(doc, layer);
  const number = (p: Point) => nodes.findIndex((n) => same(n, p)) + 1;
  const out: { route: string; segment: number; label: string }[] = [];
  for (const r of doc.routes) {
    if (r.layer !== layer) continue;
    const area = r.closed && r.points.length > 2;
    const last = r.points.length - 1;
    forEachSegment(r, (a, b, segment) => {
      const parts = [`Edge ${out.length + 1}`, `Node ${number(a)} – Node ${number(b)}`];
      if (area) parts.push('edge of an open area');
      else if (segment === last - 1 && r.endpoint)
        parts.push(r.connector ? `to connector “${connectorLabel(r)}”` : `to ${locationTitle(doc, r.endpoint)}`);
      if (!routeStepFree(r)) parts.push('not step-free');
      out.push({ route: r.id, segment, label: parts.join(' · ') });
    });
  }
  return out;
}

function choicesOf(kind: 'node' | 'edge', doc: MapDocument, layer: string): Choice[] {
  return kind === 'node'
    ? nodeChoices(doc, layer).map((c) => ({
        value: JSON.stringify(c.at),
        label: c.label,
        selection: { kind: 'node', layer, at: c.at },
      }))
    : edgeChoices(doc, layer).map((c) => ({
        value: JSON.stringify([c.route, c.segment]),
        label: c.label,
        selection: { kind: 'edge', route: c.route, segment: c.segment },
      }));
}

/** The value of the selection in `kind`'s list ('' when it is not one of them). */
function chosenValue(kind: 'node' | 'edge', selection: NetworkSelection, layer: string): string {
  if (kind === 'node')
    return selection?.kind === 'node' && selection.layer === layer ? JSON.stringify(selection.at) : '';
  return selection?.kind === 'edge' ? JSON.stringify([selection.route, selection.segment]) : '';
}

const WORDS = {
  node: { label: 'Select a node', none: 'Choose a node of this floor…' },
  edge: { label: 'Select an edge', none: 'Choose an edge of this floor…' },
};

/** The list of the floor's nodes or edges; choosing one selects it as a click on the map does. */
export function NetworkPicker({
  kind,
  doc,
  layer,
  selection,
  onSelect,
}: {
  kind: 'node' | 'edge';
  doc: MapDocument;
  layer: string;
  selection: NetworkSelection;
  onSelect(selection: NetworkSelection): void;
}) {
  const id = useId();
  const choices = choicesOf(kind, doc, layer);
  if (choices.length === 0) return null;
  const chosen = chosenValue(kind, selection, layer);
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {WORDS[kind].label}
      </label>
      <select
        id={id}
        className="input"
        value={choices.some((c) => c.value === chosen) ? chosen : ''}
        onChange={(e) => {
          const choice = choices.find((c) => c.value === e.target.value);
          if (choice) onSelect(choice.selection);
        }}
      >
        <option value="">{WORDS[kind].none}</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}
