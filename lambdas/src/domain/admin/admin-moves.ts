/**
 * An administrator's change of a map's owner or state (adminUpdateMap, ./admin-maps.ts), loaded on demand by that call:
 * it goes through the state change users make (the map table's changeState), so the slot counters, and the storage a
 * map's versions are charged, stay right.
 */
import { FREE_TEST_MAPS, type MapStateValue } from '@mapnest/shared/constants';
import { CallError } from '@mapnest/shared/errors';
import { slotPlanOf } from '@mapnest/shared/maps';
import { changeState, history, type MapItem } from '../../adapters/maps/map-table';
import { SlotLimitError } from '../../lib/errors';
import type { MapItems } from '../map-adapters';

const now = () => new Date().toISOString();

/**
 * An administrator's change of a map's owner or state, through the state change users make (setMapState), so the
 * slot counters stay right: refused, with the user named, when the user has no room for the map in its new state.
 */
export async function adminMove(
  a: MapItems<'changeState' | 'history'>,
  map: MapItem,
  to: { uid: string; state: MapStateValue },
): Promise<void> {
  const newOwner = to.uid !== map.uid;
  if (newOwner && map.licenseEndsAt) {
    throw new CallError(
      'failed-precondition',
      'This map is live on its own license, which stays with its owner: it cannot be given to another user.',
    );
  }
  // What the map's kept versions are charged (each history entry counts its document's size, ADR 027).
  const bytes = newOwner ? (await a.mapTable.history(map.id)).reduce((sum, entry) => sum + (entry.size ?? 0), 0) : 0;
  try {
    await a.mapTable.changeState(map, to.state, {
      enforceLimits: true,
      edited: now(),
      owed: [{ kind: 'publish', mapId: map.id }],
      ...(newOwner ? { owner: { uid: to.uid, bytes } } : {}),
    });
  } catch (err) {
    if (!(err instanceof SlotLimitError)) throw err;
    const kind = slotPlanOf(to.state);
    throw new CallError(
      'resource-exhausted',
      kind === null
        ? `User ${to.uid} already has ${FREE_TEST_MAPS} test maps, the most an account can hold: this change would leave them over it.`
        : `User ${to.uid} has no free ${kind === 'basic' ? 'Basic' : 'Professional'} slot for this map: this change would leave them over their slots. Grant them a slot first, or choose another state.`,
      err.details,
    );
  }
}

/** adminMove on the real table, as adminUpdateMap loads it. */
export const moveMap = (map: MapItem, to: { uid: string; state: MapStateValue }) =>
  adminMove({ mapTable: { changeState, history } }, map, to);
