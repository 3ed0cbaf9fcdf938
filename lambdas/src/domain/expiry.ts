/**
 * The hourly expiry sweep: test maps whose 7 days are over get their public copy replaced by the expiry notice, so
 * their data stops being served. The embed also checks `expiresAt` itself, so visitors see the notice on time
 * even between sweeps; this makes sure the document itself is no longer public. It also ends marketplace licences
 * whose 6 months are over, which may send maps back to test like a lapsed subscription (domain/billing.ts), and
 * reminds owners of licences that end within 14 days. Last, it does again the follow-ups of committed changes that
 * failed (a public copy, a billing email: follow-ups.ts).
 * All read a sparse index of what is due (GSI3), so a run costs what expires, not the size of the table.
 */
import { isExpiredTestMap } from '@mapnest/shared/maps';
import * as mapObjects from '../adapters/maps/map-objects';
import * as mapTable from '../adapters/maps/map-table';
import * as billing from './services/billing';
import * as maps from './services/maps';
import { retryFollowUps, type FollowUpRun } from './follow-ups';
import { followUpRunner } from './services/follow-ups';

export async function expireTestMaps(at: Date = new Date()): Promise<{ checked: number; expired: number }> {
  let checked = 0;
  let expired = 0;
  for (const item of await mapTable.dueTestMaps(at)) {
    checked++;
    // The index says due; the item's own fields decide (the same rule the embed applies).
    if (!isExpiredTestMap(item.state, item.testSince ?? item.created, at)) continue;
    const published = await mapObjects.publishedState(item.id);
    if (!published?.expired) {
      await maps.publishLatest(item.id, at);
      expired++;
    }
    // Expired for good: out of the index, unless it became a test map again meanwhile (a new key).
    await mapTable.clearDue(item.id, item.dueKey);
  }
  return { checked, expired };
}

/** What one run of the sweep did. */
export interface SweepResult {
  checked: number;
  expired: number;
  licensesEnded: number;
  licensesReminded: number;
  followUps: FollowUpRun;
}

/**
 * One run of the sweep. Licences first: a map that lapses because its licence ended is a test map from now, not
 * expired yet. Follow-ups last: one this run keeps (a copy it could not write) is due from the next run on.
 */
export async function sweepExpired(at: Date = new Date()): Promise<SweepResult> {
  const { ended } = await billing.endDueLicenses(at);
  // Owners hear 14 days ahead that a licence ends (billing-notices.ts), from the same index.
  const { reminded } = await billing.remindEndingLicenses(at);
  const expiry = await expireTestMaps(at);
  const followed = await retryFollowUps(followUpRunner, at);
  return { ...expiry, licensesEnded: ended, licensesReminded: reminded, followUps: followed };
}
