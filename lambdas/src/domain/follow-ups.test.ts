/**
 * Follow-ups of committed changes, against an in-memory table that keeps the real adapter's rules (ADR 045): a
 * failed follow-up is kept, never thrown; the sweep does each due one once per run, marks it done, or leaves it due
 * an hour later with the reason.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FollowUpItem, FollowUps, FollowUpWork } from '../adapters/follow-ups';
import { logger } from '../lib/logger';
import { followUp, followUpOrThrow, isDue, retryFollowUps, RETRY_AFTER_MS, runFollowUp } from './follow-ups';

let logged: Record<'info' | 'warn' | 'error', unknown[][]>;
beforeEach(() => {
  logged = { info: [], warn: [], error: [] };
  for (const level of ['info', 'warn', 'error'] as const)
    vi.spyOn(logger, level).mockImplementation((...args: unknown[]) => void logged[level].push(args));
});
afterEach(() => {
  vi.restoreAllMocks();
});

const T0 = new Date('2026-11-29T10:00:00.000Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

/**
 * The table's follow-up items in memory, with the adapter's rules: a due key while waiting, deleted once done (`done`
 * records which, with its tries).
 */
function memoryFollowUps() {
  type Stored = FollowUpItem & { lastError: string };
  const items = new Map<string, Stored>();
  const done = new Map<string, { attempts: number }>();
  let n = 0;
  const store: FollowUps = {
    keep: async (work: FollowUpWork, at: Date, error = '') => {
      const id = work.kind === 'publish' ? `publish#${work.mapId}` : `notice#${++n}`;
      const created = at.toISOString();
      items.set(id, { id, work, attempts: 0, created, dueKey: `${created}#${id}`, lastError: error });
      return id;
    },
    hold: async (work: FollowUpWork, at: Date, dueAt: Date) => {
      const id = `notice#${++n}`;
      const dueKey = `${dueAt.toISOString()}#${id}`;
      items.set(id, { id, work, attempts: 0, created: at.toISOString(), dueKey, lastError: '' });
      return { id, dueKey };
    },
    release: async (held: { id: string; dueKey: string }, at: Date) => {
      const item = items.get(held.id);
      if (!item || item.dueKey !== held.dueKey) return false;
      item.dueKey = `${at.toISOString()}#${held.id}`;
      return true;
    },
    due: async (at: Date) =>
      [...items.values()]
        .filter((i) => i.dueKey < `${at.toISOString()}#\uffff`)
        .sort((a, b) => a.dueKey.localeCompare(b.dueKey))
        .map((i) => ({ id: i.id, work: i.work, attempts: i.attempts, created: i.created, dueKey: i.dueKey })),
    take: async (item: FollowUpItem, retryAt: Date) => {
      const held = items.get(item.id);
      if (!held || held.dueKey !== item.dueKey) return null;
      held.dueKey = `${retryAt.toISOString()}#${item.id}`;
      held.attempts++;
      return held.dueKey;
    },
    done: async (id: string, dueKey: string) => {
      const held = items.get(id);
      if (!held || held.dueKey !== dueKey) return;
      items.delete(id);
      done.set(id, { attempts: held.attempts });
    },
    failed: async (id: string, error: string) => {
      const held = items.get(id);
      if (held) held.lastError = error;
    },
    forget: async (id: string) => void items.delete(id),
  };
  return { store, items, done };
}

const failing = (message: string) => async () => {
  throw new Error(message);
};

describe('followUp', () => {
  it('does the work and keeps nothing when it succeeds', async () => {
    const { store, items } = memoryFollowUps();
    let ran = 0;
    await followUp(
      { followUps: store },
      { kind: 'publish', mapId: 'm1' },
      async () => ran++,
      () => T0,
    );
    expect(ran).toBe(1);
    expect(items.size).toBe(0);
  });

  it('keeps the work for the sweep when it fails, with the reason, and does not throw', async () => {
    const { store, items } = memoryFollowUps();
    await followUp({ followUps: store }, { kind: 'publish', mapId: 'm1' }, failing('public bucket down'), () => T0);
    expect([...items.values()]).toEqual([
      expect.objectContaining({
        id: 'publish#m1',
        work: { kind: 'publish', mapId: 'm1' },
        attempts: 0,
        lastError: 'public bucket down',
      }),
    ]);
  });

  it('does not throw either when the work cannot even be kept', async () => {
    const { store } = memoryFollowUps();
    store.keep = failing('table down');
    await expect(
      followUp({ followUps: store }, { kind: 'publish', mapId: 'm1' }, failing('bucket down')),
    ).resolves.toBeUndefined();
    // The log names what was lost, so someone can do it by hand.
    expect(logged.error).toEqual([
      [
        expect.stringContaining('could not be kept'),
        expect.objectContaining({ owed: { kind: 'publish', mapId: 'm1' } }),
      ],
    ]);
  });

  it('keeps one follow-up per map for its public copy, and one per email', async () => {
    const { store, items } = memoryFollowUps();
    const notice: FollowUpWork = { kind: 'notice', uid: 'u1', subject: 'Receipt', paragraphs: ['Thanks.'] };
    await followUp({ followUps: store }, { kind: 'publish', mapId: 'm1' }, failing('a'), () => T0);
    await followUp({ followUps: store }, { kind: 'publish', mapId: 'm1' }, failing('b'), () => later(1000));
    await followUp({ followUps: store }, notice, failing('ses'), () => T0);
    await followUp({ followUps: store }, notice, failing('ses'), () => T0);
    expect([...items.keys()].sort()).toEqual(['notice#1', 'notice#2', 'publish#m1']);
    expect(items.get('publish#m1')?.lastError).toBe('b');
  });
});

describe('owed follow-ups (ADR 047)', () => {
  it("runs an owed follow-up once: the stream's record after the take is no longer due, and a second runner skips it", async () => {
    const { store, items } = memoryFollowUps();
    await store.keep({ kind: 'publish', mapId: 'm2' }, T0);
    const record = { ...(items.get('publish#m2') as FollowUpItem) };
    let published = 0;
    const workers = {
      publishLatest: async () => void published++,
      deliverNotice: async () => undefined,
      deliverLapseSummary: async () => undefined,
      dropUnmadeDocument: async () => undefined,
      finishDeletion: async () => undefined,
    };
    const run = runFollowUp({ followUps: store, ...workers }, record, T0);
    // While it runs, the take's own change is on the stream: due an hour later, so not run again.
    expect(isDue({ dueKey: items.get('publish#m2')!.dueKey! }, later(1000))).toBe(false);
    expect(await run).toBe('done');
    // The same record delivered twice (a retried batch): the take finds it changed.
    expect(await runFollowUp({ followUps: store, ...workers }, record, later(2000))).toBe('skipped');
    expect(published).toBe(1);
    expect(items.has('publish#m2')).toBe(false);
  });

  it('holds a summary until its change releases it, or until its due time when the change stopped half way', async () => {
    const { store, items } = memoryFollowUps();
    const summaries: unknown[][] = [];
    const workers = {
      publishLatest: failing('no copies here'),
      deliverNotice: failing('no notices here'),
      deliverLapseSummary: async (...args: unknown[]) => void summaries.push(args),
      dropUnmadeDocument: async () => undefined,
      finishDeletion: async () => undefined,
    };
    const work: FollowUpWork = { kind: 'lapse-summary', uid: 'u1', why: 'ran out', at: T0.toISOString() };
    const held = await store.hold(work, T0, later(15 * 60_000));
    // Its insert is on the stream, not due: the runner does not take it, and the sweep does not see it yet.
    expect(isDue(items.get(held.id)!, later(1000))).toBe(false);
    expect(await retryFollowUps({ followUps: store, ...workers }, later(1000))).toEqual({
      done: 0,
      failed: 0,
      skipped: 0,
    });
    // Released: due at once, run once.
    expect(await store.release(held, later(2000))).toBe(true);
    expect(await retryFollowUps({ followUps: store, ...workers }, later(2000))).toEqual({
      done: 1,
      failed: 0,
      skipped: 0,
    });
    expect(summaries).toEqual([['u1', 'ran out', T0.toISOString()]]);
    // A release after a runner took or finished it changes nothing.
    expect(await store.release(held, later(3000))).toBe(false);

    // Never released (the change stopped half way): the first sweep after its due time sends it.
    const stopped = await store.hold(work, T0, later(15 * 60_000));
    expect(await retryFollowUps({ followUps: store, ...workers }, later(15 * 60_000 - 1))).toMatchObject({ done: 0 });
    expect(await retryFollowUps({ followUps: store, ...workers }, later(15 * 60_000))).toMatchObject({ done: 1 });
    expect(items.has(stopped.id)).toBe(false);
    expect(summaries).toHaveLength(2);
  });
});

describe('followUpOrThrow', () => {
  it('keeps the work and still reports its failure to the caller', async () => {
    const { store, items } = memoryFollowUps();
    await expect(
      followUpOrThrow({ followUps: store }, { kind: 'publish', mapId: 'm1' }, failing('public bucket down'), () => T0),
    ).rejects.toThrow('public bucket down');
    expect([...items.keys()]).toEqual(['publish#m1']);
  });

  it('keeps nothing when the work succeeds', async () => {
    const { store, items } = memoryFollowUps();
    await followUpOrThrow({ followUps: store }, { kind: 'publish', mapId: 'm1' }, async () => undefined);
    expect(items.size).toBe(0);
  });
});

describe('retryFollowUps', () => {
  it('does every due follow-up once and deletes it', async () => {
    const { store, items, done } = memoryFollowUps();
    await store.keep({ kind: 'publish', mapId: 'm1' }, T0, 'down');
    await store.keep({ kind: 'notice', uid: 'u1', subject: 'Receipt', paragraphs: ['Thanks.', 'Bye.'] }, T0, 'down');
    const published: string[] = [];
    const sent: unknown[] = [];
    const run = await retryFollowUps(
      {
        followUps: store,
        publishLatest: async (mapId) => void published.push(mapId),
        deliverNotice: async (uid, notice) => void sent.push({ uid, notice }),
        deliverLapseSummary: failing('no summaries here'),
        dropUnmadeDocument: failing('no documents here'),
        finishDeletion: failing('no documents here'),
      },
      later(60_000),
    );
    expect(run).toEqual({ done: 2, failed: 0, skipped: 0 });
    expect(published).toEqual(['m1']);
    expect(sent).toEqual([{ uid: 'u1', notice: { subject: 'Receipt', paragraphs: ['Thanks.', 'Bye.'] } }]);
    expect(items.size).toBe(0);
    expect([...done.keys()].sort()).toEqual(['notice#1', 'publish#m1']);
    // Nothing is due any more: the next run does nothing.
    const next = await retryFollowUps(
      {
        followUps: store,
        publishLatest: failing('not again'),
        deliverNotice: failing('not again'),
        deliverLapseSummary: failing('not again'),
        dropUnmadeDocument: failing('not again'),
        finishDeletion: failing('not again'),
      },
      later(2 * RETRY_AFTER_MS),
    );
    expect(next).toEqual({ done: 0, failed: 0, skipped: 0 });
  });

  it('leaves a follow-up that fails again due an hour later, with the new reason, and goes on with the others', async () => {
    const { store, items, done } = memoryFollowUps();
    await store.keep({ kind: 'publish', mapId: 'bad' }, T0, 'down');
    await store.keep({ kind: 'publish', mapId: 'good' }, later(1), 'down');
    const at = later(60_000);
    const workers = {
      publishLatest: async (mapId: string) => {
        if (mapId === 'bad') throw new Error('still down');
      },
      deliverNotice: failing('no notices here'),
      deliverLapseSummary: failing('no summaries here'),
      dropUnmadeDocument: failing('no documents here'),
      finishDeletion: failing('no documents here'),
    };
    expect(await retryFollowUps({ followUps: store, ...workers }, at)).toEqual({ done: 1, failed: 1, skipped: 0 });
    expect(items.get('publish#bad')).toMatchObject({
      attempts: 1,
      lastError: 'still down',
      dueKey: `${later(60_000 + RETRY_AFTER_MS).toISOString()}#publish#bad`,
    });
    expect(items.has('publish#good')).toBe(false);
    expect(logged.error).toEqual([
      [
        expect.stringContaining('follow-up failed: kept for the next sweep'),
        expect.objectContaining({ id: 'publish#bad', attempts: 1 }),
      ],
    ]);
    // Not due again within the hour; due, and done, after it.
    expect(await retryFollowUps({ followUps: store, ...workers }, later(RETRY_AFTER_MS))).toEqual({
      done: 0,
      failed: 0,
      skipped: 0,
    });
    const fixed = {
      publishLatest: async () => undefined,
      deliverNotice: workers.deliverNotice,
      deliverLapseSummary: workers.deliverLapseSummary,
      dropUnmadeDocument: workers.dropUnmadeDocument,
      finishDeletion: workers.finishDeletion,
    };
    expect(await retryFollowUps({ followUps: store, ...fixed }, later(60_001 + RETRY_AFTER_MS))).toEqual({
      done: 1,
      failed: 0,
      skipped: 0,
    });
    expect(items.has('publish#bad')).toBe(false);
    expect(done.get('publish#bad')).toEqual({ attempts: 2 });
  });

  it("checks a new map's document held by a create of unknown outcome once its hour has passed", async () => {
    const { store, items } = memoryFollowUps();
    const work = { kind: 'unmade-document', mapId: 'm1', version: 1, key: 'maps/m1/v1-a.json' } as const;
    await store.hold(work, T0, later(RETRY_AFTER_MS));
    const dropped: unknown[][] = [];
    const workers = {
      publishLatest: failing('none'),
      deliverNotice: failing('none'),
      deliverLapseSummary: failing('none'),
      dropUnmadeDocument: async (mapId: string, version: number, key: string) =>
        void dropped.push([mapId, version, key]),
      finishDeletion: failing('none'),
    };
    expect(await retryFollowUps({ followUps: store, ...workers }, later(RETRY_AFTER_MS - 1))).toMatchObject({
      done: 0,
    });
    expect(dropped).toEqual([]);
    expect(await retryFollowUps({ followUps: store, ...workers }, later(RETRY_AFTER_MS))).toMatchObject({ done: 1 });
    expect(dropped).toEqual([['m1', 1, 'maps/m1/v1-a.json']]);
    expect(items.size).toBe(0);
  });

  it('leaves a follow-up another run took first', async () => {
    const { store, items } = memoryFollowUps();
    await store.keep({ kind: 'publish', mapId: 'm1' }, T0, 'down');
    const [item] = await store.due(later(1));
    // Another run takes it between this run's read and its take.
    const due = store.due.bind(store);
    store.due = async (at) => {
      const read = await due(at);
      await store.take(item!, later(RETRY_AFTER_MS));
      return read;
    };
    let published = 0;
    const run = await retryFollowUps(
      {
        followUps: store,
        publishLatest: async () => void published++,
        deliverNotice: failing('none'),
        deliverLapseSummary: failing('none'),
        dropUnmadeDocument: failing('none'),
        finishDeletion: failing('none'),
      },
      later(1),
    );
    expect(run).toEqual({ done: 0, failed: 0, skipped: 1 });
    expect(published).toBe(0);
    expect(items.get('publish#m1')?.attempts).toBe(1);
  });

  it('keeps a newer failure for the same map due when an older try of it succeeds', async () => {
    const { store, items } = memoryFollowUps();
    await store.keep({ kind: 'publish', mapId: 'm1' }, T0, 'down');
    const run = await retryFollowUps(
      {
        followUps: store,
        // While the sweep writes the copy, a new change to the map fails to write its own and keeps it again.
        publishLatest: async () => void (await store.keep({ kind: 'publish', mapId: 'm1' }, later(5), 'again')),
        deliverNotice: failing('none'),
        deliverLapseSummary: failing('none'),
        dropUnmadeDocument: failing('none'),
        finishDeletion: failing('none'),
      },
      later(10),
    );
    expect(run.done).toBe(1);
    expect(items.get('publish#m1')).toMatchObject({ dueKey: `${later(5).toISOString()}#publish#m1`, attempts: 0 });
  });
});
