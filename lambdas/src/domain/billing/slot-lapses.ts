/**
 * Slots and their use kept in step: when a plan's capacity falls below its use (a subscription ended, its quantity
 * lowered, a licence ended), the most recently promoted maps of that plan leave it (a Professional map to Basic when
 * its own licence or a free Basic slot keeps it live, else back to test), and the owner can bring the maps that went
 * back to test to their old state as slots allow. Part of the billing service (billing.ts re-exports it).
 */
import { MapState } from '@mapnest/shared/constants';
import type { RestoreLapsedResult } from '@mapnest/shared/billing';
import { isTestState, slotPlanOf } from '@mapnest/shared/maps';
import { logger } from '../../lib/logger';
import type { MapItem } from '../../adapters/maps/map-table';
import { MapVersionConflictError, SlotLimitError } from '../../lib/errors';
import type { Actor } from '../maps';
import type { Need, SlotAdapters } from '../billing-adapters';

/** Brings maps that went back to test when slots ran out to their old state, as far as free slots allow. */
export async function restoreLapsedMaps(a: Need<'mapTable'>, actor: Actor): Promise<RestoreLapsedResult> {
  const maps = (await a.mapTable.list('owner', actor.subject)).filter((m) => m.lapsedFrom && isTestState(m.state));
  // Oldest promotion first: those were the last to lapse, and are the longest-standing live maps.
  maps.sort((a, b) => (a.promotedAt ?? a.created).localeCompare(b.promotedAt ?? b.created));
  let restored = 0;
  let remaining = 0;
  const full = new Set<string>();
  for (const map of maps) {
    const state = map.lapsedFrom!;
    const plan = slotPlanOf(state)!;
    if (full.has(plan)) {
      remaining++;
      continue;
    }
    try {
      await a.mapTable.changeState(map, state, {
        enforceLimits: !actor.identity.admin,
        edited: new Date().toISOString(),
        // Its public copy, owed in the same transaction (ADR 047).
        owed: [{ kind: 'publish', mapId: map.id }],
      });
      restored++;
    } catch (err) {
      if (err instanceof SlotLimitError) {
        full.add(plan);
        remaining++;
      } else if (!(err instanceof MapVersionConflictError)) throw err;
    }
  }
  return { restored, remaining };
}

const sortForLapse = (first: ReadonlySet<string>) => (a: MapItem, b: MapItem) => {
  // The maps that just lost their own licence go first; then the most recently promoted.
  const rank = (m: MapItem) => (first.has(m.id) ? 0 : 1);
  return rank(a) - rank(b) || (b.promotedAt ?? b.edited).localeCompare(a.promotedAt ?? a.edited);
};

/**
 * How long the owner's summary of lapsed maps waits if the run that lapses them stops half way: then the first hourly
 * sweep after it sends it, from the maps that did go back to test. A run that ends makes it due at once.
 */
export const LAPSE_SUMMARY_GRACE_MS = 15 * 60 * 1000;

/**
 * When a plan's capacity is below its use, sends the most recently promoted maps back to test (their embeds keep
 * working for 7 days, like any test map) or, Professional ones that can, to Basic, owes their public copies and tells
 * the owner (answers the maps that went back to test). The summary is held before
 * the first lapse (each lapse is a transaction of its own), so no run that lapses a map can end without owing it.
 */
export async function reconcileSlots(
  a: SlotAdapters,
  uid: string,
  why: string,
  first: ReadonlySet<string> = new Set(),
): Promise<MapItem[]> {
  const slots = await a.mapTable.slots(uid);
  const over = { basic: slots.basicUsed - slots.basicCapacity, pro: slots.proUsed - slots.proCapacity };
  if (over.basic <= 0 && over.pro <= 0) return [];
  // An administrator's own maps need no slot (ADR 085); asked only of an account over, so most recounts read nothing.
  if (await a.isAdministrator(uid)) return [];
  const at = new Date();
  const now = at.toISOString();
  const summary = await a.followUps.hold(
    { kind: 'lapse-summary', uid, why, at: now },
    at,
    new Date(at.getTime() + LAPSE_SUMMARY_GRACE_MS),
  );
  const owned = await a.mapTable.list('owner', uid);
  const lapsed: MapItem[] = [];
  let moved = 0;
  for (const plan of ['basic', 'pro'] as const) {
    if (over[plan] <= 0) continue;
    const state = plan === 'basic' ? MapState.LIVE : MapState.PRO;
    // A live map on its own licence holds no subscription slot, so it never lapses for want of one.
    const holders = owned.filter((m) => m.state === state && !(state === MapState.LIVE && m.licenseEndsAt));
    for (const map of holders.sort(sortForLapse(first))) {
      // Its public copy is owed in the move's own transaction (ADR 047).
      const owed = [{ kind: 'publish', mapId: map.id }] as const;
      // A Professional map stays live on Basic when its own licence or a free Basic slot keeps it live.
      const kept = state === MapState.PRO ? await a.mapTable.lapseToBasic(map, now, owed) : 'no-room';
      if (kept === 'moved') {
        logger.info('map moved to Basic', { uid, why, map: map.id, onLicense: Boolean(map.licenseEndsAt) });
        moved++;
        continue;
      }
      if (kept === 'map-changed') continue;
      const outcome = await a.mapTable.lapse(map, now, owed);
      if (outcome === 'not-over') break;
      if (outcome === 'lapsed') lapsed.push(map);
    }
  }
  if (lapsed.length > 0) logger.info('maps went back to test', { uid, why, maps: lapsed.map((m) => m.id) });
  // Due now, or dropped when no map left its plan. Failing here loses nothing: the held summary is sent by the first
  // sweep after its due time, worded from the maps that went back to test or moved to Basic at `now` (none: nothing
  // is sent).
  try {
    if (lapsed.length > 0 || moved > 0) await a.followUps.release(summary, new Date());
    else await a.followUps.done(summary.id, summary.dueKey);
  } catch (error) {
    logger.warn('lapse summary left to its due time', { uid, summary: summary.id, error });
  }
  return lapsed;
}
