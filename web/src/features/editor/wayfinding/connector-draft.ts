/**
 * What the connector form first holds for a selected dead end: the connector it already is (its name, kind and
 * step-free, so that Set connector with nothing changed changes nothing), else the end still missing on this floor of
 * a connector drawn on another (the same name joins the floors), else a new name of its kind ("Lift 2", "Stairs 1"),
 * numbered past the names taken.
 */
import type { MapDocument } from '@mapnest/shared/map-document';
import { connectorStepFree } from '../../../map-core/wayfinding/network-model';
import { connectorLabel, type ConnectorKind, type Point } from './actions';
import { KIND_LABEL } from './network-names';

export interface ConnectorDraft {
  name: string;
  kind: ConnectorKind;
  stepFree: boolean;
  /**
   * True when the name is a suggestion the author has not typed over yet: selected whole on focus, and, when it is a
   * new name made for its kind, following the kind.
   */
  suggested: boolean;
}

type Route = MapDocument['routes'][number];
const endsAt = (r: Route, at: Point) => [r.points[0]!, r.points.at(-1)!].some((p) => p[0] === at[0] && p[1] === at[1]);
const draftOf = (r: Route, suggested: boolean): ConnectorDraft => {
  const kind = r.connectorKind ?? 'lift';
  return { name: connectorLabel(r), kind, stepFree: connectorStepFree(kind, r.inaccessible), suggested };
};
const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/** A new connector's name of `kind`: "Lift 1", or the first number no connector's name has taken. */
export function newConnectorName(doc: MapDocument, kind: ConnectorKind): string {
  const taken = new Set(doc.routes.filter((r) => r.connector && r.endpoint).map((r) => nameKey(connectorLabel(r))));
  let n = 1;
  while (taken.has(nameKey(`${KIND_LABEL[kind]} ${n}`))) n++;
  return `${KIND_LABEL[kind]} ${n}`;
}

/** The connector path ending at `at` on `layer`, if the node there is a connector. */
export const connectorAt = (doc: MapDocument, layer: string, at: Point): Route | undefined =>
  doc.routes.find((r) => r.connector && r.endpoint && r.layer === layer && endsAt(r, at));

/** The form's first values for the dead end at `at` on `layer` (see the module's comment). */
export function connectorDraftFor(doc: MapDocument, layer: string, at: Point): ConnectorDraft {
  const own = connectorAt(doc, layer, at);
  if (own) return draftOf(own, false);
  const connectors = doc.routes.filter((r) => r.connector && r.endpoint);
  const here = new Set(connectors.filter((r) => r.layer === layer).map((r) => r.endpoint));
  const missing = connectors.find((r) => !here.has(r.endpoint));
  if (missing) return draftOf(missing, true);
  return { name: newConnectorName(doc, 'lift'), kind: 'lift', stepFree: true, suggested: true };
}
