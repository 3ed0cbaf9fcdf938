/**
 * Slot accounting, run against in-memory adapters (ADR 037): when a plan's capacity falls below its use, which maps
 * go back to test, in which order, and what the owner and the public copies are told. The in-memory table lapses a
 * map only while its plan is still over capacity, as the real one's conditional transaction does.
 */
import { describe, expect, it } from 'vitest';
import { MapState, type MapStateValue } from '@mapnest/shared/constants';
import type { SlotCounters } from '@mapnest/shared/maps';
import type { FollowUpWork } from '../adapters/follow-ups';
import type { MapItem } from '../adapters/maps/map-table';
import type { LicenseItem } from '../adapters/billing/billing-table';
import { deleteStripeCustomer, LAPSE_SUMMARY_GRACE_MS, reconcileSlots, remindEndingLicenses } from './billing';
import type { SlotAdapters } from './billing-adapters';
import { lapsedAt, lapseSummaryOf, type Notice } from './billing/billing-notices';

const CREATED = '2026-10-01T10:00:00.000Z';

function paidMap(id: string, state: MapStateValue, promotedAt: string, overrides: Partial<MapItem> = {}): MapItem {
  return {
    id,
    title: `Map ${id}`,
    uid: 'owner',
    author: 'owner',
    created: CREATED,
    edited: CREATED,
    state,
    metrics: { layerCount: 1, locationCount: 0 },
    subscribed: true,
    version: 1,
    docKey: `docs/${id}/v1.json`,
    previewUrl: null,
    promotedAt,
    ...overrides,
  };
}

/** One owner's maps and slot capacity in memory; use is counted from the maps, as the table's counters are. */
function memorySlots(maps: MapItem[], capacity: { basic: number; pro: number }, administrators: string[] = []) {
  const items = new Map(maps.map((m) => [m.id, { ...m }]));
  const holdsBasic = (m: MapItem) => m.state === MapState.LIVE && !m.licenseEndsAt;
  const counters = (): SlotCounters => {
    const all = [...items.values()];
    return {
      testMaps: all.filter((m) => m.state === MapState.TEST).length,
      basicUsed: all.filter(holdsBasic).length,
      proUsed: all.filter((m) => m.state === MapState.PRO).length,
      basicCapacity: capacity.basic,
      proCapacity: capacity.pro,
      basicGranted: 0,
      proGranted: 0,
      basicSubscribed: capacity.basic,
      proSubscribed: capacity.pro,
      basicLicensed: 0,
    };
  };
  /** The maps whose public copy a change owed. */
  const published: string[] = [];
  /** The maps the service asked the table to lapse, in order. */
  const asked: string[] = [];
  const notices: { uid: string; notice: Notice }[] = [];
  /** The summaries held for the owner, and what became of each. */
  const held: { id: string; work: FollowUpWork; at: Date; dueAt: Date; state: 'held' | 'released' | 'dropped' }[] = [];
  /** Follow-ups kept for the table's stream with each lapse: the public copies it owes (ADR 047). */
  const kept: FollowUpWork[] = [];
  /** The users the service asked about: whether each is an administrator. */
  const askedAdmin: string[] = [];
  const adapters: SlotAdapters = {
    isAdministrator: async (uid) => {
      askedAdmin.push(uid);
      return administrators.includes(uid);
    },
    mapTable: {
      slots: async () => counters(),
      list: async () => [...items.values()].map((m) => ({ ...m })),
      lapse: async (map: MapItem, at: string, owed: readonly FollowUpWork[] = []) => {
        asked.push(map.id);
        const held = items.get(map.id);
        if (!held || held.state !== map.state || (held.state === MapState.LIVE && held.licenseEndsAt))
          return 'map-changed';
        const c = counters();
        const over = held.state === MapState.PRO ? c.proUsed > c.proCapacity : c.basicUsed > c.basicCapacity;
        if (!over) return 'not-over';
        items.set(map.id, { ...held, state: MapState.TEST, lapsedFrom: held.state as 1 | 3, testSince: at });
        // Kept with the lapse, in its transaction (ADR 047).
        for (const work of owed) {
          kept.push(work);
          if (work.kind === 'publish') published.push(work.mapId);
        }
        return 'lapsed';
      },
      lapseToBasic: async (map: MapItem, at: string, owed: readonly FollowUpWork[] = []) => {
        const held = items.get(map.id);
        if (!held || held.state !== MapState.PRO || held.licenseEndsAt !== map.licenseEndsAt) return 'map-changed';
        const c = counters();
        if (c.proUsed <= c.proCapacity || (!held.licenseEndsAt && c.basicUsed >= c.basicCapacity)) return 'no-room';
        items.set(map.id, { ...held, state: MapState.LIVE, lapsedFrom: MapState.PRO, movedToBasicAt: at });
        for (const work of owed) {
          kept.push(work);
          if (work.kind === 'publish') published.push(work.mapId);
        }
        return 'moved';
      },
    },
    // The owner's summary, held before the first lapse; released, it is worded from the maps that lapsed, as the
    // follow-ups' runner words it (services/follow-ups.ts).
    followUps: {
      hold: async (work: FollowUpWork, at: Date, dueAt: Date) => {
        const id = `notice#${held.length + 1}`;
        held.push({ id, work, at, dueAt, state: 'held' });
        return { id, dueKey: `${dueAt.toISOString()}#${id}` };
      },
      release: async ({ id }: { id: string }) => {
        const summary = held.find((h) => h.id === id)!;
        summary.state = 'released';
        if (summary.work.kind !== 'lapse-summary') throw new Error('not a summary');
        const notice = lapseSummaryOf([...items.values()], summary.work.why, summary.work.at);
        if (notice) notices.push({ uid: summary.work.uid, notice });
        return true;
      },
      done: async (id: string) => {
        held.find((h) => h.id === id)!.state = 'dropped';
      },
    },
  };
  return { adapters, items, published, notices, kept, held, counters, asked, askedAdmin, capacity };
}

const ids = (maps: MapItem[]) => maps.map((m) => m.id);

/** Three live maps promoted a day apart: a, then b, then c. */
const threeLiveMaps = () => [
  paidMap('a', MapState.LIVE, '2026-10-02T00:00:00Z'),
  paidMap('b', MapState.LIVE, '2026-10-03T00:00:00Z'),
  paidMap('c', MapState.LIVE, '2026-10-04T00:00:00Z'),
];

describe('reconcileSlots', () => {
  it('changes nothing while capacity covers use, and asks no one whether the owner is an administrator', async () => {
    const slots = memorySlots([paidMap('a', MapState.LIVE, '2026-10-02T00:00:00Z')], { basic: 1, pro: 0 });
    expect(await reconcileSlots(slots.adapters, 'owner', 'were reduced')).toEqual([]);
    expect(slots.published).toEqual([]);
    expect(slots.notices).toEqual([]);
    expect(slots.askedAdmin).toEqual([]);
  });

  it("keeps every map of an administrator's own account over its slots: they need none", async () => {
    // Set to Professional and Basic by the administrator beyond their slots, which then fell to 0 (a grant set, a
    // licence or subscription of theirs ended).
    const slots = memorySlots(
      [...threeLiveMaps(), paidMap('pro1', MapState.PRO, '2026-10-05T00:00:00Z')],
      { basic: 1, pro: 0 },
      ['owner'],
    );
    expect(await reconcileSlots(slots.adapters, 'owner', 'were reduced by an administrator')).toEqual([]);
    expect(slots.askedAdmin).toEqual(['owner']);
    expect(slots.asked).toEqual([]);
    expect([...slots.items.values()].map((m) => m.state)).toEqual([
      MapState.LIVE,
      MapState.LIVE,
      MapState.LIVE,
      MapState.PRO,
    ]);
    expect(slots.held).toEqual([]);
    expect(slots.published).toEqual([]);
    expect(slots.notices).toEqual([]);
  });

  it('sends back the maps over the slots of a customer, also those an administrator set to a plan', async () => {
    // The customer's Professional map was set by an administrator (no slot): the recount sends it back all the same,
    // as the maps list tells the customer it can.
    const slots = memorySlots([paidMap('set-by-admin', MapState.PRO, '2026-10-05T00:00:00Z')], { basic: 0, pro: 0 }, [
      'someone-else',
    ]);
    expect(ids(await reconcileSlots(slots.adapters, 'owner', 'were reduced by an administrator'))).toEqual([
      'set-by-admin',
    ]);
    expect(slots.askedAdmin).toEqual(['owner']);
  });

  it('sends the most recently promoted maps back to test until use fits, republishes them and tells the owner once', async () => {
    const slots = memorySlots(
      [
        paidMap('oldest', MapState.LIVE, '2026-10-02T00:00:00Z'),
        paidMap('newest', MapState.LIVE, '2026-10-04T00:00:00Z'),
        paidMap('middle', MapState.LIVE, '2026-10-03T00:00:00Z'),
      ],
      { basic: 1, pro: 0 },
    );
    const lapsed = await reconcileSlots(slots.adapters, 'owner', 'ended');
    expect(ids(lapsed)).toEqual(['newest', 'middle']);
    expect(slots.items.get('oldest')?.state).toBe(MapState.LIVE);
    expect(slots.items.get('newest')).toMatchObject({ state: MapState.TEST, lapsedFrom: MapState.LIVE });
    expect(slots.counters()).toMatchObject({ basicUsed: 1, basicCapacity: 1, testMaps: 2 });
    expect(slots.published.sort()).toEqual(['middle', 'newest']);
    expect(slots.notices).toHaveLength(1);
    expect(slots.notices[0]).toMatchObject({ uid: 'owner', notice: { subject: '2 maps went back to test' } });
    expect(slots.notices[0]!.notice.paragraphs[0]).toContain('Basic map slots ended');
  });

  it('counts Basic and Professional apart: only the plan that is over loses maps', async () => {
    const slots = memorySlots(
      [
        paidMap('basic1', MapState.LIVE, '2026-10-02T00:00:00Z'),
        paidMap('pro1', MapState.PRO, '2026-10-03T00:00:00Z'),
        paidMap('pro2', MapState.PRO, '2026-10-05T00:00:00Z'),
      ],
      { basic: 1, pro: 1 },
    );
    expect(ids(await reconcileSlots(slots.adapters, 'owner', 'were reduced'))).toEqual(['pro2']);
    expect(slots.notices[0]!.notice.subject).toBe('A map went back to test');
    expect(slots.notices[0]!.notice.paragraphs[0]).toContain('Professional map slots were reduced');
  });

  it('never lapses a live map on its own licence, which holds no subscription slot', async () => {
    const slots = memorySlots(
      [
        paidMap('subscribed', MapState.LIVE, '2026-10-02T00:00:00Z'),
        paidMap('licensed', MapState.LIVE, '2026-10-09T00:00:00Z', { licenseEndsAt: '2027-04-01T00:00:00Z' }),
        paidMap('also', MapState.LIVE, '2026-10-03T00:00:00Z'),
      ],
      { basic: 1, pro: 0 },
    );
    expect(ids(await reconcileSlots(slots.adapters, 'owner', 'ended'))).toEqual(['also']);
    expect(slots.items.get('licensed')?.state).toBe(MapState.LIVE);
    expect(slots.asked).not.toContain('licensed');
  });

  it('keeps a Professional map live on Basic when its own licence or a free Basic slot keeps it live', async () => {
    const slots = memorySlots(
      [
        paidMap('licensed', MapState.PRO, '2026-10-09T00:00:00Z', { licenseEndsAt: '2027-06-03T00:00:00Z' }),
        paidMap('on-slot', MapState.PRO, '2026-10-08T00:00:00Z'),
        paidMap('no-room', MapState.PRO, '2026-10-07T00:00:00Z'),
        paidMap('basic', MapState.LIVE, '2026-10-01T00:00:00Z'),
      ],
      { basic: 2, pro: 0 },
    );
    // The Professional subscription ended: one Basic slot is free, and one map has its own licence.
    expect(ids(await reconcileSlots(slots.adapters, 'owner', 'ended'))).toEqual(['no-room']);
    expect(slots.items.get('licensed')).toMatchObject({ state: MapState.LIVE, licenseEndsAt: '2027-06-03T00:00:00Z' });
    expect(slots.items.get('on-slot')?.state).toBe(MapState.LIVE);
    expect(slots.items.get('no-room')).toMatchObject({ state: MapState.TEST, lapsedFrom: MapState.PRO });
    expect(slots.counters()).toMatchObject({ basicUsed: 2, proUsed: 0 });
    // Each move owes the map's public copy (its directions and analytics end with Professional).
    expect(slots.published.sort()).toEqual(['licensed', 'no-room', 'on-slot']);
    // One email names both: the map that went back to test, and the two that moved to Basic.
    expect(slots.notices.map((n) => n.notice.subject)).toEqual(['A map went back to test']);
    expect(slots.notices[0]!.notice.paragraphs).toEqual([
      'Your Professional map slots ended, so this map went back to test: "Map no-room".',
      expect.stringMatching(/^Nothing was deleted\./),
      expect.stringMatching(/^Buy slots and bring it back/),
      '"Map licensed", "Map on-slot" moved to Basic instead.',
      "They stay live on your website on their own license or a Basic slot, without Professional's directions and analytics.",
      expect.stringMatching(
        /^Make them Pro again from their cards once you have a free Professional slot: http.*\/maps$/,
      ),
    ]);
  });

  it('tells the owner which Professional maps moved to Basic, when none went back to test', async () => {
    const slots = memorySlots([paidMap('kept', MapState.PRO, '2026-10-09T00:00:00Z')], { basic: 1, pro: 0 });
    expect(await reconcileSlots(slots.adapters, 'owner', 'ended')).toEqual([]);
    expect(slots.items.get('kept')).toMatchObject({ state: MapState.LIVE, lapsedFrom: MapState.PRO });
    expect(slots.held.map((h) => h.state)).toEqual(['released']);
    expect(slots.notices.map((n) => n.notice.subject)).toEqual(['A map moved to Basic']);
    expect(slots.notices[0]!.notice.paragraphs.slice(0, 2)).toEqual([
      'Your Professional map slots ended, so this map moved to Basic: "Map kept".',
      "It stays live on your website on its own license or a Basic slot, without Professional's directions and analytics. Nothing was deleted.",
    ]);
    // Made Pro again (or moved on) before the summary went: it names nothing, and nothing is sent.
    slots.items.set('kept', { ...slots.items.get('kept')!, state: MapState.PRO, lapsedFrom: undefined });
    const summary = slots.held[0]!.work as Extract<FollowUpWork, { kind: 'lapse-summary' }>;
    expect(lapseSummaryOf([...slots.items.values()], 'ended', summary.at)).toBeNull();
  });

  it('moves no Professional map to Basic while Professional still has room for it', async () => {
    const slots = memorySlots(
      [
        paidMap('stays', MapState.PRO, '2026-10-02T00:00:00Z'),
        paidMap('licensed', MapState.PRO, '2026-10-09T00:00:00Z', { licenseEndsAt: '2027-06-03T00:00:00Z' }),
      ],
      { basic: 1, pro: 1 },
    );
    expect(await reconcileSlots(slots.adapters, 'owner', 'were reduced')).toEqual([]);
    expect(slots.items.get('licensed')?.state).toBe(MapState.LIVE);
    expect(slots.items.get('stays')?.state).toBe(MapState.PRO);
  });

  it('sends back first the maps that just lost their own licence, then the most recently promoted', async () => {
    const slots = memorySlots(
      [
        paidMap('was-licensed', MapState.LIVE, '2026-10-01T00:00:00Z'),
        paidMap('recent', MapState.LIVE, '2026-10-08T00:00:00Z'),
      ],
      { basic: 1, pro: 0 },
    );
    const lapsed = await reconcileSlots(
      slots.adapters,
      'owner',
      'from a marketplace license ended',
      new Set(['was-licensed']),
    );
    expect(ids(lapsed)).toEqual(['was-licensed']);
    expect(slots.items.get('recent')?.state).toBe(MapState.LIVE);
  });

  it('stops at the first map the table finds no longer over capacity (slots were bought meanwhile)', async () => {
    const slots = memorySlots(threeLiveMaps(), { basic: 1, pro: 0 });
    // The owner buys two more slots between this run's read of the counters and its first lapse.
    const lapse = slots.adapters.mapTable.lapse;
    slots.adapters.mapTable.lapse = async (map, at) => {
      slots.capacity.basic = 3;
      return lapse(map, at);
    };
    expect(await reconcileSlots(slots.adapters, 'owner', 'ended')).toEqual([]);
    expect(slots.asked).toEqual(['c']);
    expect([...slots.items.values()].every((m) => m.state === MapState.LIVE)).toBe(true);
    expect(slots.notices).toEqual([]);
  });

  it('owes each lapsed map its public copy in the lapse itself, and nothing for a map that did not lapse', async () => {
    const slots = memorySlots(
      [paidMap('a', MapState.LIVE, '2026-10-02T00:00:00Z'), paidMap('b', MapState.LIVE, '2026-10-03T00:00:00Z')],
      { basic: 1, pro: 0 },
    );
    expect(ids(await reconcileSlots(slots.adapters, 'owner', 'ended'))).toEqual(['b']);
    expect(slots.kept).toEqual([{ kind: 'publish', mapId: 'b' }]);
    expect(slots.items.get('a')?.state).toBe(MapState.LIVE);
  });

  it('holds the summary before the first lapse, due in 15 minutes, releases it after the last, drops it after none', async () => {
    const slots = memorySlots([paidMap('a', MapState.LIVE, CREATED), paidMap('b', MapState.LIVE, CREATED)], {
      basic: 1,
      pro: 0,
    });
    const lapse = slots.adapters.mapTable.lapse;
    slots.adapters.mapTable.lapse = async (map, at, owed) => {
      // Held before the lapse, and not yet due.
      expect(slots.held.at(-1)!.state).toBe('held');
      return lapse(map, at, owed);
    };
    await reconcileSlots(slots.adapters, 'owner', 'ended');
    const [summary] = slots.held;
    expect(summary!.work).toEqual({ kind: 'lapse-summary', uid: 'owner', why: 'ended', at: summary!.at.toISOString() });
    expect(summary!.dueAt.getTime() - summary!.at.getTime()).toBe(LAPSE_SUMMARY_GRACE_MS);
    expect(summary!.state).toBe('released');

    // Slots bought meanwhile: nothing lapses, the summary is dropped and nothing is sent.
    slots.capacity.basic = 5;
    slots.items.set('c', paidMap('c', MapState.LIVE, CREATED));
    slots.adapters.mapTable.slots = async () => ({ ...slots.counters(), basicUsed: 7 });
    expect(await reconcileSlots(slots.adapters, 'owner', 'ended')).toEqual([]);
    expect(slots.held[1]!.state).toBe('dropped');
    expect(slots.notices).toHaveLength(1);
  });

  it('leaves the summary held when the run stops after a lapse, for the sweep to send once it is due', async () => {
    const slots = memorySlots(threeLiveMaps(), { basic: 1, pro: 0 });
    const lapse = slots.adapters.mapTable.lapse;
    slots.adapters.mapTable.lapse = async (map, at, owed) => {
      if (slots.asked.length === 1) throw new Error('function stopped');
      return lapse(map, at, owed);
    };
    await expect(reconcileSlots(slots.adapters, 'owner', 'ended')).rejects.toThrow('function stopped');
    expect(slots.held.map((h) => h.state)).toEqual(['held']);
    // What the sweep will word: the one map that did go back to test.
    const work = slots.held[0]!.work as Extract<FollowUpWork, { kind: 'lapse-summary' }>;
    expect(ids(lapsedAt([...slots.items.values()], work.at))).toEqual(['c']);
  });
});

describe('licence reminders', () => {
  const endsAt = '2026-12-20T00:00:00.000Z';
  const licence = (code: string, mapId: string): LicenseItem => ({
    code,
    uid: 'owner',
    mapId,
    registeredAt: '2026-06-20T00:00:00.000Z',
    endsAt,
    ended: false,
    itemName: 'Mapnest Basic licence',
  });

  it('owes each reminder in the mark that makes it once, and marks a licence whose map moved on without one', async () => {
    const licences = [licence('c1', 'm1'), licence('c2', 'deleted'), licence('c3', 'm3')];
    /** What each mark owed (the same transaction in the real table): undefined when it owed nothing. */
    const marked = new Map<string, FollowUpWork | undefined>();
    const billingTable = {
      dueLicenses: async () => licences.filter((l) => !marked.has(l.code)),
      markReminded: async (code: string, _at: Date, owed?: FollowUpWork) => {
        if (marked.has(code)) return false;
        marked.set(code, owed);
        return true;
      },
    };
    const maps = new Map([
      ['m1', paidMap('m1', MapState.LIVE, CREATED, { licenseEndsAt: endsAt })],
      // Moved on to a later licence: this one's end is not the map's.
      ['m3', paidMap('m3', MapState.LIVE, CREATED, { licenseEndsAt: '2027-06-20T00:00:00.000Z' })],
    ]);
    const mapTable = { get: async (id: string) => maps.get(id) ?? null };
    const at = new Date('2026-12-10T00:00:00.000Z');

    expect(await remindEndingLicenses({ billingTable, mapTable } as never, at)).toEqual({ reminded: 1 });
    expect(marked.get('c1')).toMatchObject({
      kind: 'notice',
      uid: 'owner',
      subject: 'The license of "Map m1" ends on December 20, 2026',
    });
    expect([...marked.keys()].sort()).toEqual(['c1', 'c2', 'c3']);
    expect(marked.get('c2')).toBeUndefined();
    expect(marked.get('c3')).toBeUndefined();
    // The next hourly run finds them all marked.
    expect(await remindEndingLicenses({ billingTable, mapTable } as never, at)).toEqual({ reminded: 0 });
  });
});

describe('deleting the Stripe customer with an account', () => {
  const stand = (statuses: string[] | null) => {
    const deleted: string[] = [];
    const a = {
      billingTable: {
        customerOf: async () => (statuses ? 'cus_1' : null),
        subscriptions: async () => (statuses ?? []).map((status) => ({ status })),
      },
      stripeCustomers: { delete: async (id: string) => void deleted.push(id) },
    } as unknown as Parameters<typeof deleteStripeCustomer>[0];
    return { a, deleted };
  };

  it('says a subscription was cancelled only when one was running, and deletes the customer either way', async () => {
    for (const [statuses, running] of [
      [['active'], true],
      [['canceled', 'past_due'], true],
      [['canceled'], false],
      [[], false],
    ] as const) {
      const { a, deleted } = stand([...statuses]);
      expect(await deleteStripeCustomer(a, 'u1')).toBe(running);
      expect(deleted).toEqual(['cus_1']);
    }
    const none = stand(null);
    expect(await deleteStripeCustomer(none.a, 'u1')).toBe(false);
    expect(none.deleted).toEqual([]);
  });
});
