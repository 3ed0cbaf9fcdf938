import { MAP_LIMITS, type CONNECTOR_KINDS, type MapDocument } from '@mapnest/shared/map-document';

/** A connector's kind (the same type as actions.ts's, from the document's list: this module imports nothing of it). */
type ConnectorKind = (typeof CONNECTOR_KINDS)[number];

export const KIND_LABEL: Record<ConnectorKind, string> = {
  lift: 'Lift',
  stairs: 'Stairs',
  escalator: 'Escalator',
  ramp: 'Ramp',
};

/** A location's title for the Wayfinding panel (its id when it has none or is gone). */
export const locationTitle = (doc: MapDocument, id: string) => doc.locations.find((l) => l.id === id)?.title ?? id;

/** A layer's name for the Wayfinding panel (its id when it is gone). */
export const floorName = (doc: MapDocument, id: string) => doc.layers.find((l) => l.id === id)?.name ?? id;

/** Why a connector's name (as typed) cannot be taken for its length, or null. */
export function connectorNameProblem(name: string): string | null {
  return name.trim().replace(/\s+/g, ' ').length > MAP_LIMITS.nameLength
    ? `A connector's name is at most ${MAP_LIMITS.nameLength} characters`
    : null;
}
