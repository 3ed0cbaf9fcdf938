/**
 * The save queue's retries (save-queue.ts) against a fake saveMap that, like the real one, answers a repeat of a
 * committed save id with the version it made: a save whose answers were lost is known as ours afterwards; what
 * the author is told, and how long the retries wait, after each kind of failure.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { CallError } from '@mapnest/shared/errors';
import { addLocation, updateLocation } from '../actions/locations';
import { memoryBackup } from './local-backup';
import { createSaveController, saveMessage, type RemoteUpdate, type SaveInput } from './save-controller';
import { createEditorStore } from '../store';
import { errorForResponse } from '../../../lib/call';

/** The call client's error for a fetch that never reached anything. */
const unreachable = () => new CallError('internal', 'internal', 'Failed to fetch');

function fakeServer() {
  const base = blankDocument();
  base.locations = [{ id: 'shared', title: 'Shop', coord: [0.5, 0.5] }];
  const server = {
    version: 1,
    doc: base as MapDocument,
    saves: [] as SaveInput[],
    committed: new Map<string, number>(),
    /** Thrown before the save is looked at (it never arrived, or was refused). */
    fail: null as CallError | null,
    /** The next this many saves are stored, but their answers are lost on the way back. */
    loseAnswers: 0,
    async save(input: SaveInput) {
      server.saves.push(input);
      if (server.fail) throw server.fail;
      const earlier = input.saveId && server.committed.get(input.saveId);
      if (earlier) return server.answer(earlier);
      if (input.baseVersion !== server.version)
        throw new CallError('aborted', 'changed elsewhere', { currentVersion: server.version });
      server.version++;
      server.doc = input.mapData;
      if (input.saveId) server.committed.set(input.saveId, server.version);
      return server.answer(server.version);
    },
    answer(version: number) {
      if (server.loseAnswers <= 0) return { version };
      server.loseAnswers--;
      throw unreachable();
    },
    /** Another tab saves a change. */
    elsewhere(edit: (d: MapDocument) => void) {
      const d = structuredClone(server.doc);
      edit(d);
      server.doc = d;
      server.version++;
    },
  };
  return server;
}

function setup({ isOnline = () => true }: { isOnline?: () => boolean } = {}) {
  const server = fakeServer();
  const store = createEditorStore(server.doc);
  const updates: RemoteUpdate[] = [];
  const ctl = createSaveController({
    store,
    mapId: 'm1',
    version: 1,
    save: (input) => server.save(input),
    currentVersion: async () => server.version,
    fetchCurrent: async () => ({ doc: server.doc, version: server.version }),
    onRemote: (u) => updates.push(u),
    backup: memoryBackup(),
    delayMs: 3000,
    pollMs: 15_000,
    retryMs: [2000, 5000, 15000],
    isOnline,
  });
  const title = (t: string) => store.dispatch(updateLocation, { id: 'shared', patch: { title: t } });
  return { server, store, ctl, updates, title };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a save whose answer was lost', () => {
  it('is sent again before the next save, so the version it made is ours: no conflict while typing on', async () => {
    const { server, store, ctl, updates, title } = setup();
    title('Shop A');
    server.loseAnswers = 2; // the save and its retry are stored once; both answers are lost
    await ctl.saveNow();
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.version).toBe(2);
    expect(ctl.getState()).toMatchObject({ status: 'offline', version: 1 });
    // The author types on, the same field: the next remote check (every 15 s) meets version 2.
    title('Shop AB');
    await vi.advanceTimersByTimeAsync(4000);
    expect(ctl.getState().status).not.toBe('conflict');
    await vi.advanceTimersByTimeAsync(15_000);
    expect(ctl.getState()).toMatchObject({ status: 'saved', version: 3, conflict: null });
    expect(server.doc.locations[0]!.title).toBe('Shop AB');
    expect(store.getState().doc.locations[0]!.title).toBe('Shop AB');
    expect(updates).toEqual([]);
    // The lost save was sent again as it was; the edit after it went on top of its version.
    expect(server.saves.map((s) => [s.baseVersion, s.mapData.locations[0]!.title])).toEqual([
      [1, 'Shop A'],
      [1, 'Shop A'],
      [1, 'Shop A'],
      [2, 'Shop AB'],
    ]);
  });

  it('found by the remote check without more typing is ours, not "saved in another tab"', async () => {
    const { server, ctl, updates, title } = setup();
    title('Shop A');
    server.loseAnswers = 2;
    await ctl.saveNow();
    await vi.advanceTimersByTimeAsync(2000);
    expect(ctl.getState().status).toBe('offline');
    await ctl.checkRemote();
    expect(ctl.getState()).toMatchObject({ status: 'saved', version: 2 });
    expect(ctl.getState().remote).toBeUndefined();
    expect(updates).toEqual([]);
    expect(server.version).toBe(2);
  });

  it('an edit after it does not meet its version as a 409: the lost save goes first (retry timer)', async () => {
    const { server, ctl, updates, title } = setup();
    title('Shop A');
    server.loseAnswers = 1;
    await ctl.saveNow();
    expect(ctl.getState().status).toBe('offline');
    title('Shop AB');
    await vi.advanceTimersByTimeAsync(2000);
    expect(ctl.getState()).toMatchObject({ status: 'saved', version: 3 });
    expect(server.saves.map((s) => s.baseVersion)).toEqual([1, 1, 2]);
    expect(updates).toEqual([]);
  });

  it('that was never stored still lets a save made in another tab meanwhile merge with the edits', async () => {
    const { server, store, ctl, updates, title } = setup();
    title('Shop A');
    server.fail = unreachable();
    await ctl.saveNow();
    expect(ctl.getState().status).toBe('offline');
    server.fail = null;
    server.elsewhere((d) => d.locations.push({ id: 'theirs', coord: [0.2, 0.2] }));
    store.dispatch(addLocation, { id: 'mine', coord: [0.8, 0.8] });
    await ctl.checkRemote();
    expect(ctl.getState()).toMatchObject({ status: 'saved', version: 3, conflict: null });
    expect(server.doc.locations.map((l) => l.id)).toEqual(['shared', 'theirs', 'mine']);
    expect(server.doc.locations[0]!.title).toBe('Shop A');
    expect(updates).toEqual([{ version: 2, merged: true, repairs: [], changes: '“theirs” added' }]);
  });

  it('that was never stored still stops on the same field changed in another tab meanwhile', async () => {
    const { server, ctl, title } = setup();
    title('Shop A');
    server.fail = unreachable();
    await ctl.saveNow();
    server.fail = null;
    server.elsewhere((d) => (d.locations[0]!.title = 'Their shop'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(ctl.getState()).toMatchObject({ status: 'conflict', conflict: { merge: { version: 2 } } });
  });

  it('committed before another tab saved on top is ours, and the other tab’s save merges after it', async () => {
    const { server, store, ctl, updates, title } = setup();
    title('Shop A');
    server.loseAnswers = 1;
    await ctl.saveNow();
    server.elsewhere((d) => d.locations.push({ id: 'theirs', coord: [0.2, 0.2] }));
    title('Shop AB');
    store.dispatch(addLocation, { id: 'mine', coord: [0.8, 0.8] });
    await ctl.checkRemote();
    expect(ctl.getState()).toMatchObject({ status: 'saved', version: 4, conflict: null });
    expect(server.doc.locations.map((l) => l.id)).toEqual(['shared', 'theirs', 'mine']);
    expect(server.doc.locations[0]!.title).toBe('Shop AB');
    expect(updates).toEqual([{ version: 3, merged: true, repairs: [], changes: '“theirs” added' }]);
  });
});

describe('what a failed save says, and when it is retried', () => {
  it('says the server had a problem, not "Offline", after a 504, a 499 or a gateway’s own 500', async () => {
    for (const e of [
      new CallError('deadline-exceeded', 'deadline-exceeded'),
      new CallError('cancelled', 'cancelled'),
      // API Gateway's or CloudFront's 500 carries none of our messages: still an answer, not "Offline".
      errorForResponse(500, { message: 'Internal Server Error' })!,
    ]) {
      const { server, ctl, title } = setup();
      title('Shop A');
      server.fail = e;
      await ctl.saveNow();
      expect(ctl.getState(), e.code).toMatchObject({ status: 'error' });
      expect(saveMessage(ctl.getState()), e.code).toBe(
        'The server had a problem, so this save is not confirmed; your changes are kept in this browser, and trying again never saves them twice. Retrying in 2 s.',
      );
      ctl.dispose();
    }
  });

  it('says the service did not answer when no answer came, so the save is not confirmed, and "Offline" only when the browser is', async () => {
    const { server, ctl, title } = setup();
    title('Shop A');
    server.fail = unreachable();
    await ctl.saveNow();
    // No answer is not "could not be reached": the save may have been stored and its answer lost on the way back.
    expect(ctl.getState()).toMatchObject({ status: 'offline', unconfirmed: true });
    expect(saveMessage(ctl.getState())).toBe(
      'Mapnest did not answer, so this save is not confirmed; your changes are kept in this browser, and trying again never saves them twice. Retrying in 2 s.',
    );
    const offline = setup({ isOnline: () => false });
    offline.title('Shop A');
    offline.server.fail = unreachable();
    await offline.ctl.saveNow();
    expect(saveMessage(offline.ctl.getState())).toBe(
      'Offline: your changes are kept in this browser. Retrying in 2 s.',
    );
  });

  it('tries again as soon as a look for other versions finds the server answering, not at the end of its wait', async () => {
    const { server, ctl, title } = setup();
    title('Shop A');
    server.fail = unreachable();
    await ctl.saveNow();
    await vi.advanceTimersByTimeAsync(2000 + 5000);
    // Three attempts failed: the next waits 15 s, which the look every 15 s for versions saved elsewhere overtakes.
    expect(server.saves).toHaveLength(3);
    expect(ctl.getState()).toMatchObject({ status: 'offline', retry: { after: 15_000 } });
    server.fail = null;
    // The look at 15 s, 7 s before the retry's time.
    await vi.advanceTimersByTimeAsync(8100);
    expect(ctl.getState()).toMatchObject({ status: 'saved', version: 2 });
    expect(server.saves).toHaveLength(4);
  });

  it('waits as long as Retry-After asks (at most 5 minutes)', async () => {
    const { server, ctl, title } = setup();
    title('Shop A');
    server.fail = new CallError('unavailable', 'unavailable', undefined, { retryAfterMs: 30_000 });
    await ctl.saveNow();
    expect(saveMessage(ctl.getState())).toBe(
      'The server had a problem, so this save is not confirmed; your changes are kept in this browser, and trying again never saves them twice. Retrying in 30 s.',
    );
    await vi.advanceTimersByTimeAsync(10_000);
    expect(saveMessage(ctl.getState())).toBe(
      'The server had a problem, so this save is not confirmed; your changes are kept in this browser, and trying again never saves them twice. Retrying in 20 s.',
    );
    await vi.advanceTimersByTimeAsync(19_900);
    expect(server.saves).toHaveLength(1);
    server.fail = new CallError('unavailable', 'unavailable', undefined, { retryAfterMs: 3_600_000 });
    await vi.advanceTimersByTimeAsync(100);
    expect(server.saves).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5 * 60_000 - 100);
    expect(server.saves).toHaveLength(2);
    server.fail = null;
    await vi.advanceTimersByTimeAsync(100);
    expect(ctl.getState()).toMatchObject({ status: 'saved', version: 2 });
  });

  it('says "too many requests" after a 429 and never stops retrying for it', async () => {
    const { server, ctl, title } = setup();
    title('Shop A');
    server.fail = new CallError('resource-exhausted', 'resource-exhausted', undefined, { retryAfterMs: 20_000 });
    await ctl.saveNow();
    expect(ctl.getState()).toMatchObject({ status: 'error' });
    expect(saveMessage(ctl.getState())).toBe(
      'Too many requests to the server; your changes are kept in this browser. Retrying in 20 s.',
    );
    await vi.advanceTimersByTimeAsync(19_900);
    expect(server.saves).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(server.saves.length).toBeGreaterThan(SERVER_RETRY_LIMIT_PLUS_ONE);
    expect(ctl.getState().message).not.toContain('Saving stopped');
    server.fail = null;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(ctl.getState()).toMatchObject({ status: 'saved', version: 2 });
  });

  it('reports a full storage quota (a 429 naming its limit) instead of retrying it', async () => {
    const { server, ctl, title } = setup();
    title('Shop A');
    server.fail = new CallError('resource-exhausted', 'Your storage is full.', { limit: 'storageQuota' });
    await ctl.saveNow();
    expect(ctl.getState()).toMatchObject({
      status: 'error',
      message: 'The map could not be saved: Your storage is full.',
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.saves).toHaveLength(1);
  });
});

/** More attempts than the server-error limit (5) allows. */
const SERVER_RETRY_LIMIT_PLUS_ONE = 6;
