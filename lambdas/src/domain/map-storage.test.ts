import { describe, expect, it } from 'vitest';
import { HISTORY_DAILY_DAYS, HISTORY_UNNAMED_KEEP } from '@mapnest/shared/constants';
import type { HistoryItem } from '../adapters/maps/map-items';
import { pruneHistory, thinnedKeep } from './map-storage';

const MINUTE = 60_000;

function saved(version: number, created: string | number): HistoryItem {
  return {
    mapId: 'map1',
    version,
    docKey: `docs/map1/v${version}.json`,
    name: null,
    created: new Date(created).toISOString(),
    title: 'Mall',
    metrics: { layerCount: 1, locationCount: 0 },
    kind: 'save',
    restoredFrom: null,
  };
}

/** A map's history in memory, with what pruning deleted. */
function stores(entries: HistoryItem[]) {
  const deleted: number[] = [];
  const deletedDocuments: string[] = [];
  return {
    deleted,
    deletedDocuments,
    mapTable: {
      history: async () => [...entries].sort((a, b) => b.version - a.version),
      deleteHistoryEntry: async (e: Pick<HistoryItem, 'version'>) => {
        deleted.push(e.version);
        entries.splice(
          entries.findIndex((x) => x.version === e.version),
          1,
        );
      },
    },
    mapObjects: { deleteDocument: async (key: string) => void deletedDocuments.push(key) },
  };
}

const mapAt = (version: number, analyticsZone?: string) => ({
  id: 'map1',
  uid: 'owner',
  version,
  docKey: `docs/map1/v${version}.json`,
  published: null,
  ...(analyticsZone && { analyticsZone }),
});

describe('pruneHistory past the newest unnamed versions', () => {
  it("keeps yesterday's last version and this afternoon's first hour however many autosaves came since", async () => {
    // Yesterday morning: 10 saves. This afternoon: 90 autosaves, one a minute from 14:00.
    const morning = Array.from({ length: 10 }, (_, i) => saved(i + 1, Date.parse('2026-12-02T09:00:00Z') + i * MINUTE));
    const afternoon = Array.from({ length: 90 }, (_, i) =>
      saved(i + 11, Date.parse('2026-12-03T14:00:00Z') + i * MINUTE),
    );
    const s = stores([...morning, ...afternoon]);
    const kept = await pruneHistory(s, mapAt(100, 'UTC'), new Date('2026-12-03T15:30:00Z'));

    const newest = Array.from({ length: HISTORY_UNNAMED_KEEP }, (_, i) => 100 - i);
    // 10: the last of 2 December. 50: the last of 14:00–14:59 among the older ones (and of 3 December).
    expect(kept.map((h) => h.version)).toEqual([...newest, 50, 10]);
    expect(s.deleted.sort((a, b) => a - b)).toEqual([
      ...Array.from({ length: 9 }, (_, i) => i + 1),
      ...Array.from({ length: 39 }, (_, i) => i + 11),
    ]);
    expect(s.deletedDocuments).toHaveLength(48);
  });

  it('thins again as days pass, and lets a day go once it is older than the days kept', async () => {
    const day = (d: number, v: number) => saved(v, Date.parse('2026-11-01T12:00:00Z') + d * 24 * 60 * MINUTE);
    // Two saves a day for 40 days, older than the newest 50 unnamed ones.
    const older = Array.from({ length: 80 }, (_, i) => day(Math.floor(i / 2), i + 1));
    const at = new Date(Date.parse('2026-11-01T12:00:00Z') + 40 * 24 * 60 * MINUTE);
    const keep = thinnedKeep(older, 'UTC', at);
    // Days 11 to 39 (the last 30 calendar days, today, day 40, having none): the second save of each.
    expect([...keep].sort((a, b) => a - b)).toEqual(
      Array.from({ length: HISTORY_DAILY_DAYS - 1 }, (_, i) => 2 * (i + 11) + 2),
    );
  });

  it("counts days in the map's analytics time zone", () => {
    // 23:30 and 00:30 UTC are two days in UTC and one evening in New York, more than a day ago.
    const late = saved(1, '2026-11-20T23:30:00Z');
    const early = saved(2, '2026-11-21T00:30:00Z');
    const at = new Date('2026-12-01T12:00:00Z');
    expect([...thinnedKeep([early, late], 'UTC', at)].sort()).toEqual([1, 2]);
    expect([...thinnedKeep([early, late], 'America/New_York', at)]).toEqual([2]);
  });

  it('keeps the last of each clock hour of the last day', () => {
    const at = new Date('2026-12-03T15:30:00Z');
    const older = [
      saved(1, '2026-12-02T15:10:00Z'), // 24 hours ago and more: only its day counts
      saved(2, '2026-12-02T16:05:00Z'),
      saved(3, '2026-12-02T16:55:00Z'),
      saved(4, '2026-12-03T09:00:00Z'),
      saved(5, '2026-12-03T09:59:00Z'),
    ];
    // 3: the last of 16:00 yesterday and of 2 December. 5: the last of 09:00 and of today.
    expect([...thinnedKeep(older, 'UTC', at)].sort()).toEqual([3, 5]);
    older.push(saved(6, '2026-12-03T10:00:00Z'));
    expect([...thinnedKeep(older, 'UTC', at)].sort()).toEqual([3, 5, 6]);
  });
});
