/**
 * The floor's nodes as a list to choose from: the way to select a node without a pointer (its dot on the map is a
 * click target, not a control a keyboard reaches). Each is named by what is attached to it, then by where it is.
 */
import { useId } from 'react';
import type { MapDocument } from '@mapnest/shared/map-document';
import { connectorLabel, layerNodes, type Point } from './actions';
import type { NetworkSelection } from './network-layer';
import { locationTitle } from './network-names';
import { nodePlace } from './node-position';

const same = (a: readonly number[], b: readonly number[]) => a[0] === b[0] && a[1] === b[1];

/** Each node of `layer`, as the picker names it: "Node 2 · connector “Lift A” · X 0.3, Y 0.5". */
export function nodeChoices(doc: MapDocument, layer: string): { at: Point; label: string }[] {
  return layerNodes(doc, layer).map((at, i) => {
    const attached = doc.routes
      .filter((r) => r.layer === layer && r.endpoint && same(r.points.at(-1)!, at))
      .map((r) => (r.connector ? ` · connector “${connectorLabel(r)}”` : ` · ${locationTitle(doc, r.endpoint!)}`));
    return { at, label: `Node ${i + 1}${attached.join('')} · ${nodePlace(at)}` };
  });
}

export function NodePicker({
  doc,
  layer,
  selection,
  onSelect,
}: {
  doc: MapDocument;
  layer: string;
  selection: NetworkSelection;
  onSelect(selection: NetworkSelection): void;
}) {
  const id = useId();
  const choices = nodeChoices(doc, layer);
  if (choices.length === 0) return null;
  const chosen = selection?.kind === 'node' && selection.layer === layer ? JSON.stringify(selection.at) : '';
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        Select a node
      </label>
      <select
        id={id}
        className="input"
        value={choices.some((c) => JSON.stringify(c.at) === chosen) ? chosen : ''}
        onChange={(e) => {
          if (e.target.value) onSelect({ kind: 'node', layer, at: JSON.parse(e.target.value) as Point });
        }}
      >
        <option value="">Choose a node of this floor…</option>
        {choices.map((c) => (
          <option key={JSON.stringify(c.at)} value={JSON.stringify(c.at)}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}
