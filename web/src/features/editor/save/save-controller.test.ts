import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { CallError } from '@mapnest/shared/errors';
import { addLocation, moveLocation, updateLocation } from '../actions/locations';
import { memoryBackup } from './local-backup';
import { createSaveController, saveMessage, setAsideKey } from './save-controller';
import { createEditorStore } from '../store';
import { setAnalyticsSink, type AnalyticsEvent } from '../../../lib/analytics';
import { fakeServer } from './save.fixtures';

function setup(version = 1, backup = memoryBackup()) {
  const server = fakeServer(version);
  const store = createEditorStore(blankDocument());
  const online = { value: true };
  const ctl = createSaveController({
    store,
    mapId: 'm1',
    version,
    save: (input) => server.save(input),
    currentVersion: server.currentVersion,
    backup,
    delayMs: 3000,
    retryMs: [1000, 5000],
    backupDelayMs: 100,
    isOnline: () => online.value,
  });
  return { server, store, backup, ctl, online };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('save controller', () => {
  it('autosaves a few seconds after the last change, passing through unsaved and saving', async () => {
    const { server, store, ctl, backup } = setup();
    const seen: string[] = [];
    ctl.subscribe((s) => seen.push(s.status));
    store.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1] });
    expect(ctl.getState().status).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(200);
    expect(backup.records.get('m1')?.doc.locations).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    store.dispatch(moveLocation, { id: 'a', coord: [0.2, 0.2] });
    await vi.advanceTimersByTimeAsync(2900);
    expect(server.saves).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(200);
    expect(server.saves).toHaveLength(1);
    expect(server.saves[0]).toMatchObject({ id: 'm1', baseVersion: 1 });
    expect(ctl.getState()).toMatchObject({ status: 'saved', version: 2 });
    expect(seen).toEqual(['unsaved', 'saving', 'saved']);
    expect(backup.records.has('m1')).toBe(false);
    expect(ctl.hasUnsavedChanges()).toBe(false);
  });

  it('saves at once on saveNow and queues an edit made during the save', async () => {
    const { server, store, ctl } = setup();
    store.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1] });
    const first = ctl.saveNow();
    store.dispatch(moveLocation, { id: 'a', coord: [0.3, 0.3] });
    void ctl.saveNow();
    await first;
    expect(server.saves.map((s) => s.baseVersion)).toEqual([1, 2]);
    expect((server.doc as MapDocument).locations[0]!.coord).toEqual([0.3, 0.3]);
    expect(ctl.getState().status).toBe('saved');
  });

  it('settles once the save sent and not yet answered is done, so its version is known', async () => {
    const { server, store, ctl } = setup();
    await expect(ctl.settled()).resolves.toBeUndefined();
    let answer: () => void = () => undefined;
    const save = server.save;
    server.save = (input) => new Promise((resolve) => (answer = () => resolve(save(input))));
    store.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1] });
    void ctl.saveNow();
    let settled = false;
    void ctl.settled().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(1000);
    expect(settled).toBe(false);
    expect(ctl.getState()).toMatchObject({ status: 'saving', version: 1 });
    answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
    expect(ctl.getState()).toMatchObject({ status: 'saved', version: 2 });
  });

  it('goes back to saved when the author undoes to the saved document', async () => {
    const { store, ctl } = setup();
    store.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1] });
    store.undo();
    expect(ctl.getState().status).toBe('saved');
    await vi.advanceTimersByTimeAsync(5000);
    expect(ctl.hasUnsavedChanges()).toBe(false);
  });

  it('stops on a conflict and keeps mine as a new version on top when asked', async () => {
    const { server, store, ctl, backup } = setup();
    server.version = 5; // another tab saved three times
    store.dispatch(addLocation, { id: 'mine', coord: [0.1, 0.1] });
    await ctl.saveNow();
    expect(ctl.getState()).toMatchObject({ status: 'conflict', conflict: { currentVersion: 5 } });
    expect(backup.records.get('m1')?.doc.locations[0]!.id).toBe('mine');
    store.dispatch(moveLocation, { id: 'mine', coord: [0.4, 0.4] });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.saves).toHaveLength(1);
    await ctl.keepMine();
    expect(server.saves.at(-1)).toMatchObject({ baseVersion: 5 });
    expect(ctl.getState()).toMatchObject({ status: 'saved', version: 6, conflict: null });
    expect(server.doc.locations[0]).toMatchObject({ id: 'mine', coord: [0.4, 0.4] });
  });

  it('loads theirs on request, keeping mine one undo away', async () => {
    const { server, store, ctl } = setup();
    server.version = 3;
    store.dispatch(addLocation, { id: 'mine', coord: [0.1, 0.1] });
    await ctl.saveNow();
    const theirs = { ...blankDocument(), locations: [{ id: 'theirs', coord: [0.5, 0.5] as [number, number] }] };
    ctl.loadTheirs(theirs, 3);
    expect(ctl.getState()).toMatchObject({ status: 'saved', version: 3 });
    expect(store.getState().doc.locations[0]!.id).toBe('theirs');
    store.undo();
    expect(store.getState().doc.locations[0]!.id).toBe('mine');
    expect(ctl.getState().status).toBe('unsaved');
  });

  it('sets my unsaved version aside in this browser when theirs is loaded, and offers it again after a reload', async () => {
    const { server, store, ctl, backup } = setup();
    server.version = 4;
    store.dispatch(addLocation, { id: 'mine', coord: [0.1, 0.1] });
    await ctl.saveNow();
    const mine = store.getState().doc;
    const theirs = { ...blankDocument(), locations: [{ id: 'theirs', coord: [0.5, 0.5] as [number, number] }] };
    await ctl.loadTheirs(theirs, 4);
    expect(ctl.getState().setAside).toMatchObject({ doc: mine, baseVersion: 1, stored: true });
    expect(await backup.list(setAsideKey('m1'))).toMatchObject([{ doc: mine, baseVersion: 1 }]);
    // The unsaved-work backup is the shown document's; editing theirs must not touch the set-aside copy.
    expect(backup.records.has('m1')).toBe(false);
    store.dispatch(moveLocation, { id: 'theirs', coord: [0.6, 0.6] });
    await vi.advanceTimersByTimeAsync(200);
    expect(backup.records.get('m1')?.doc.locations[0]!.id).toBe('theirs');
    expect((await backup.list(setAsideKey('m1')))[0]?.doc).toBe(mine);

    ctl.dispose();
    const again = setup(4, backup);
    await vi.advanceTimersByTimeAsync(0);
    expect(again.ctl.getState().setAside).toMatchObject({ doc: mine, baseVersion: 1, stored: true });
    await again.ctl.dropSetAside();
    expect(again.ctl.getState().setAside).toBeNull();
    expect(await backup.list(setAsideKey('m1'))).toEqual([]);
  });

  it('says when the set-aside version could not be stored, and keeps it in memory', async () => {
    const backup = memoryBackup();
    const { server, store, ctl } = setup(1, {
      ...backup,
      put: async (r) =>
        r.mapId === setAsideKey('m1') ? Promise.reject(new Error('QuotaExceededError')) : backup.put(r),
    });
    server.version = 2;
    store.dispatch(addLocation, { id: 'mine', coord: [0.1, 0.1] });
    await ctl.saveNow();
    await ctl.flushBackup();
    await ctl.loadTheirs(blankDocument(), 2);
    expect(ctl.getState().setAside).toMatchObject({ baseVersion: 1, stored: false });
    expect(ctl.getState().setAside!.doc.locations[0]!.id).toBe('mine');
    // The unsaved-work backup is then the only copy on disk, so it stays (offered back on the next visit).
    await vi.runAllTimersAsync();
    expect(backup.records.get('m1')?.doc.locations.map((l) => l.id)).toEqual(['mine']);
  });

  it('sets nothing aside when nothing was unsaved (restoring a version from the history)', async () => {
    const { store, ctl, backup } = setup();
    store.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1] });
    await ctl.saveNow();
    await ctl.loadTheirs(blankDocument(), 5);
    expect(ctl.getState()).toMatchObject({ status: 'saved', version: 5, setAside: null });
    expect(backup.records.size).toBe(0);
  });

  it('changes nothing when the loaded version is not a valid document', async () => {
    const { server, store, ctl, backup } = setup();
    server.version = 3;
    store.dispatch(addLocation, { id: 'mine', coord: [0.1, 0.1] });
    await ctl.saveNow();
    const mine = store.getState().doc;
    await expect(ctl.loadTheirs({ ...blankDocument(), layers: [] }, 3)).rejects.toThrow(
      'A map needs at least one layer',
    );
    expect(store.getState().doc).toBe(mine);
    expect(ctl.getState()).toMatchObject({ status: 'conflict', version: 1, setAside: null });
    expect(backup.records.get('m1')?.doc).toBe(mine);
  });

  it('keeps edits while offline and retries until the save goes through', async () => {
    const { server, store, ctl, backup, online } = setup();
    online.value = false;
    server.fail = new CallError('internal', 'internal', 'Failed to fetch');
    store.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1] });
    await ctl.saveNow();
    expect(ctl.getState().status).toBe('offline');
    expect(ctl.getState().message).toContain('kept in this browser');
    expect(backup.records.has('m1')).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.saves).toHaveLength(2);
    online.value = true;
    server.fail = null;
    await vi.advanceTimersByTimeAsync(5000);
    expect(ctl.getState()).toMatchObject({ status: 'saved', version: 2 });
    expect(backup.records.has('m1')).toBe(false);
  });

  it('tells a server error from being offline, retries it with backoff, then every 5 minutes, and saves once it answers', async () => {
    const { server, store, ctl, backup } = setup();
    server.fail = new CallError('internal', 'Something went wrong on our side. Please try again.');
    store.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1] });
    await ctl.saveNow();
    expect(ctl.getState()).toMatchObject({ status: 'error' });
    expect(saveMessage(ctl.getState())).toBe(
      'The server had a problem, so this save is not confirmed; your changes are kept in this browser, and trying again never saves them twice. Retrying in 1 s.',
    );
    expect(backup.records.has('m1')).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(saveMessage(ctl.getState())).toContain('Retrying in 5 s.');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.saves).toHaveLength(5);
    // Five in a row failed: the server is not pressed, and the save is not given up either.
    expect(ctl.getState().message).toBe(
      'The server had a problem, so this save is not confirmed; your changes are kept in this browser, and trying again never saves them twice. 5 attempts in a row failed, so the next ones are 5 minutes apart; press Save (Ctrl+S) to try now.',
    );
    const { retry } = ctl.getState();
    expect(retry?.after).toBe(5 * 60_000);
    expect(saveMessage(ctl.getState(), retry!.at - retry!.after)).toMatch(/ Retrying in 5 min\.$/);
    await vi.advanceTimersByTimeAsync(retry!.at - Date.now() - 1000);
    expect(server.saves).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.saves).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(server.saves).toHaveLength(7);
    // Every attempt was the same save, so the server can answer a repeat with the first outcome.
    expect(new Set(server.saves.map((s) => s.saveId)).size).toBe(1);
    expect(server.saves[0]!.saveId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    // The server answers again: the next attempt saves, with nobody there to press Save.
    server.fail = null;
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(server.saves).toHaveLength(8);
    expect(ctl.getState()).toMatchObject({ status: 'saved', version: 2 });
    store.dispatch(addLocation, { id: 'b', coord: [0.2, 0.2] });
    await ctl.saveNow();
    expect(server.saves.at(-1)!.saveId).not.toBe(server.saves[0]!.saveId);
  });

  it('reports a rejected document and does not retry it', async () => {
    const { server, store, ctl } = setup();
    server.fail = new CallError('invalid-argument', 'Invalid mapData.locations.0.color: Must be a hex color');
    store.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1] });
    await ctl.saveNow();
    expect(ctl.getState()).toMatchObject({
      status: 'error',
      message: 'The map could not be saved: Invalid mapData.locations.0.color: Must be a hex color',
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.saves).toHaveLength(1);
    expect(ctl.hasUnsavedChanges()).toBe(true);
  });

  it('tells a signed-out author their changes are kept locally', async () => {
    const { server, store, ctl } = setup();
    server.fail = new CallError('unauthenticated', 'Unauthenticated');
    store.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1] });
    await ctl.saveNow();
    expect(ctl.getState().message).toContain('signed out');
  });

  it('commits typed text before a save the author asks for, but not before autosave', async () => {
    const server = fakeServer(1);
    const store = createEditorStore(blankDocument());
    let typed: string | null = null;
    const commits: string[] = [];
    const ctl = createSaveController({
      store,
      mapId: 'm1',
      version: 1,
      save: server.save,
      currentVersion: server.currentVersion,
      backup: memoryBackup(),
      delayMs: 3000,
      beforeSave: () => {
        if (typed === null) return;
        commits.push(typed);
        store.dispatch(addLocation, { id: typed, coord: [0.5, 0.5] });
        typed = null;
      },
    });
    store.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1] });
    typed = 'b';
    await vi.advanceTimersByTimeAsync(3100);
    expect(commits).toEqual([]);
    expect(server.doc.locations.map((l) => l.id)).toEqual(['a']);
    await ctl.saveNow();
    expect(commits).toEqual(['b']);
    expect(server.doc.locations.map((l) => l.id)).toEqual(['a', 'b']);
    expect(ctl.getState().status).toBe('saved');
  });

  describe("with the server's current version readable (three-way merge)", () => {
    /** The server holds version 2 = base + a location 'theirs', saved by another tab. */
    /** A gate calls wait at: `held()` is what they wait for (null: pass), `hold()` holds them and answers the release. */
    function gate() {
      let held: Promise<void> | null = null;
      return {
        held: () => held,
        hold: () => {
          let release = () => {};
          held = new Promise<void>((resolve) => (release = resolve));
          return () => {
            release();
            held = null;
          };
        },
      };
    }

    function mergeSetup() {
      const server = fakeServer(1);
      const base = blankDocument();
      base.locations = [{ id: 'shared', title: 'Shop', coord: [0.5, 0.5] }];
      server.doc = base;
      const store = createEditorStore(base);
      const remote: { version: number; doc: MapDocument }[] = [];
      const updates: unknown[] = [];
      const reads = gate();
      const saves = gate();
      const ctl = createSaveController({
        store,
        mapId: 'm1',
        version: 1,
        save: async (input) => {
          const held = saves.held();
          if (held) await held;
          return server.save(input);
        },
        currentVersion: () => server.currentVersion(),
        backup: memoryBackup(),
        delayMs: 3000,
        pollMs: 0,
        fetchCurrent: async () => {
          const held = reads.held();
          if (held) await held;
          remote.push({ version: server.version, doc: server.doc });
          return { version: server.version, doc: server.doc };
        },
        onRemote: (u) => updates.push(u),
      });
      const elsewhere = (edit: (d: MapDocument) => void) => {
        const d = structuredClone(server.doc);
        edit(d);
        server.doc = d;
        server.version++;
      };
      // Every read of the server's version (they answer in order), or every save's answer, held until released.
      return { server, store, ctl, elsewhere, updates, holdReads: reads.hold, holdSaves: saves.hold };
    }

    it('merges edits of different items silently into a new version', async () => {
      const { server, store, ctl, elsewhere, updates } = mergeSetup();
      elsewhere((d) => d.locations.push({ id: 'theirs', coord: [0.2, 0.2] }));
      store.dispatch(addLocation, { id: 'mine', coord: [0.8, 0.8] });
      await ctl.saveNow();
      expect(ctl.getState()).toMatchObject({ status: 'saved', version: 3, conflict: null });
      expect(server.doc.locations.map((l) => l.id)).toEqual(['shared', 'theirs', 'mine']);
      expect(store.getState().doc.locations.map((l) => l.id)).toEqual(['shared', 'theirs', 'mine']);
      expect(updates).toEqual([{ version: 2, merged: true, repairs: [], changes: '“theirs” added' }]);
    });

    it('after a silent merge, Undo takes back only this editor’s edit and the next save keeps the other tab’s work', async () => {
      const { server, store, ctl, elsewhere } = mergeSetup();
      store.dispatch(addLocation, { id: 'mine', coord: [0.8, 0.8] });
      elsewhere((d) => d.locations.push({ id: 'theirs', coord: [0.2, 0.2] }));
      await ctl.checkRemote();
      expect(server.doc.locations.map((l) => l.id)).toEqual(['shared', 'theirs', 'mine']);
      // The merge is not a step: one Ctrl+Z undoes "Add location", and theirs stays.
      expect(store.getState().undoLabel).toBe('Add location');
      expect(store.undo()).toBe(true);
      expect(store.getState().doc.locations.map((l) => l.id)).toEqual(['shared', 'theirs']);
      expect(store.undo()).toBe(false);
      await ctl.saveNow();
      expect(server.doc.locations.map((l) => l.id)).toEqual(['shared', 'theirs']);
      expect(ctl.getState()).toMatchObject({ status: 'saved', version: 4 });
    });

    it('stops on the same field changed on both sides and saves the choice made per item', async () => {
      const { server, store, ctl, elsewhere } = mergeSetup();
      elsewhere((d) => {
        d.locations[0]!.title = 'Their title';
        d.locations.push({ id: 'theirs', coord: [0.2, 0.2] });
      });
      store.dispatch(updateLocation, { id: 'shared', patch: { title: 'My title', coord: [0.6, 0.6] } });
      await ctl.saveNow();
      const s = ctl.getState();
      expect(s.status).toBe('conflict');
      expect(s.conflict?.merge?.conflicts.map((c) => [c.key, c.ours, c.theirs])).toEqual([
        ['locations/shared/title', 'My title', 'Their title'],
      ]);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(server.saves).toHaveLength(1);
      await ctl.resolve({ 'locations/shared/title': 'theirs' });
      expect(ctl.getState()).toMatchObject({ status: 'saved', version: 3, conflict: null });
      expect(server.doc.locations).toEqual([
        { id: 'shared', title: 'Their title', coord: [0.6, 0.6] },
        { id: 'theirs', coord: [0.2, 0.2] },
      ]);
    });

    it('stays quiet when looking for a version saved elsewhere fails as a call, and reports any other fault', async () => {
      const events: AnalyticsEvent[] = [];
      const previous = setAnalyticsSink((e) => events.push(e));
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        const { server, ctl } = mergeSetup();
        server.currentVersion = async () => {
          throw new CallError('unavailable', 'unavailable');
        };
        await ctl.checkRemote();
        expect(events).toEqual([]);
        server.currentVersion = async () => {
          throw new TypeError('version is not a function');
        };
        await ctl.checkRemote();
        expect(events).toEqual([
          expect.objectContaining({
            type: 'error',
            message: 'version is not a function',
            where: 'editor:remote-check',
          }),
        ]);
        expect(ctl.getState()).toMatchObject({ status: 'saved', version: 1 });
      } finally {
        setAnalyticsSink(previous);
        quiet.mockRestore();
      }
    });

    it('reports a fault reading the version saved elsewhere after a 409, and still asks instead of saving over it', async () => {
      const events: AnalyticsEvent[] = [];
      const previous = setAnalyticsSink((e) => events.push(e));
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        const server = fakeServer(1);
        const store = createEditorStore(blankDocument());
        const ctl = createSaveController({
          store,
          mapId: 'm1',
          version: 1,
          save: server.save,
          currentVersion: server.currentVersion,
          backup: memoryBackup(),
          pollMs: 0,
          fetchCurrent: async () => {
            throw new TypeError('doc is undefined');
          },
        });
        server.version = 2;
        store.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1] });
        await ctl.saveNow();
        expect(ctl.getState()).toMatchObject({ status: 'conflict', conflict: { currentVersion: 2 } });
        expect(events).toEqual([
          expect.objectContaining({ type: 'error', message: 'doc is undefined', where: 'editor:fetch-current' }),
        ]);
        ctl.dispose();
      } finally {
        setAnalyticsSink(previous);
        quiet.mockRestore();
      }
    });

    it('shows a version saved elsewhere when it looks (focus or poll), without saving again', async () => {
      const { server, store, ctl, elsewhere, updates } = mergeSetup();
      elsewhere((d) => d.locations.push({ id: 'theirs', coord: [0.2, 0.2] }));
      await ctl.checkRemote();
      expect(ctl.getState()).toMatchObject({ status: 'saved', version: 2 });
      expect(store.getState().doc.locations.map((l) => l.id)).toEqual(['shared', 'theirs']);
      expect(server.saves).toHaveLength(0);
      expect(updates).toEqual([{ version: 2, merged: false, repairs: [], changes: '“theirs” added' }]);
      // Later edits build on it.
      store.dispatch(addLocation, { id: 'mine', coord: [0.8, 0.8] });
      await ctl.saveNow();
      expect(server.saves.at(-1)).toMatchObject({ baseVersion: 2 });
      expect(server.doc.locations.map((l) => l.id)).toEqual(['shared', 'theirs', 'mine']);
    });

    it('merges unsaved work from an earlier session (made on an older version) with the version shown', async () => {
      const { server, store, ctl, elsewhere } = mergeSetup();
      const base = store.getState().doc;
      // Version 2 was saved elsewhere and is what this editor opened.
      elsewhere((d) => d.locations.push({ id: 'theirs', coord: [0.2, 0.2] }));
      ctl.loadTheirs(server.doc, 2);
      const mine = { ...base, locations: [...base.locations, { id: 'mine', coord: [0.8, 0.8] as [number, number] }] };
      expect(ctl.mergeLocal(base, mine)).toBe(0);
      expect(store.getState().doc.locations.map((l) => l.id)).toEqual(['shared', 'theirs', 'mine']);
      await ctl.saveNow();
      expect(server.saves.at(-1)).toMatchObject({ baseVersion: 2 });
      // The same field changed on both sides: the dialog asks, and the choice is saved.
      elsewhere((d) => (d.locations[0]!.title = 'Theirs'));
      ctl.loadTheirs(server.doc, 4);
      const older = structuredClone(server.doc);
      older.locations[0]!.title = 'Shop';
      const conflicting = structuredClone(older);
      conflicting.locations[0]!.title = 'Mine';
      expect(ctl.mergeLocal(older, conflicting)).toBe(1);
      expect(ctl.getState()).toMatchObject({
        status: 'conflict',
        conflict: { merge: { source: 'backup', version: 4 } },
      });
      await ctl.resolve({});
      expect(server.doc.locations[0]!.title).toBe('Mine');
      expect(ctl.getState()).toMatchObject({ status: 'saved', version: 5 });
    });

    it('saves over a version a check brought in while the save met it: no conflict with itself', async () => {
      const { server, store, ctl, elsewhere, holdReads } = mergeSetup();
      elsewhere((d) => d.locations.push({ id: 'theirs', coord: [0.2, 0.2] }));
      // A check (another tab told of version 2) is reading it when the author adds a location and saves: the save
      // meets version 2 (409) and reads it too; the check's read answers first and brings it in.
      const release = holdReads();
      const check = ctl.checkRemote();
      await vi.advanceTimersByTimeAsync(0);
      store.dispatch(addLocation, { id: 'mine', coord: [0.8, 0.8] });
      const save = ctl.saveNow();
      await vi.advanceTimersByTimeAsync(0);
      release();
      await Promise.all([check, save]);
      await vi.advanceTimersByTimeAsync(0);
      expect(ctl.getState()).toMatchObject({ status: 'saved', version: 3, conflict: null });
      expect(server.doc.locations.map((l) => l.id)).toEqual(['shared', 'theirs', 'mine']);
    });

    it('saves over a version a check brought in after the save was sent and before its 409 came back', async () => {
      const { server, store, ctl, elsewhere, holdReads, holdSaves } = mergeSetup();
      elsewhere((d) => d.locations.push({ id: 'theirs', coord: [0.2, 0.2] }));
      // A check is reading version 2 when the author adds a location and saves on version 1; the check brings version
      // 2 in (with the new location merged) before the save's 409 arrives, so the save's own read finds nothing newer.
      const releaseReads = holdReads();
      const check = ctl.checkRemote();
      await vi.advanceTimersByTimeAsync(0);
      store.dispatch(addLocation, { id: 'mine', coord: [0.8, 0.8] });
      const releaseSaves = holdSaves();
      const save = ctl.saveNow();
      await vi.advanceTimersByTimeAsync(0);
      releaseReads();
      await vi.advanceTimersByTimeAsync(0);
      expect(ctl.getState()).toMatchObject({ version: 2 });
      releaseSaves();
      await Promise.all([check, save]);
      await vi.advanceTimersByTimeAsync(0);
      expect(ctl.getState()).toMatchObject({ status: 'saved', version: 3, conflict: null });
      expect(server.doc.locations.map((l) => l.id)).toEqual(['shared', 'theirs', 'mine']);
    });

    it('merges unsaved edits with a version saved elsewhere as soon as it looks', async () => {
      const { server, store, ctl, elsewhere } = mergeSetup();
      store.dispatch(addLocation, { id: 'mine', coord: [0.8, 0.8] });
      elsewhere((d) => (d.settings.text.search = 'Find a shop'));
      await ctl.checkRemote();
      expect(ctl.getState()).toMatchObject({ status: 'saved', version: 3 });
      expect(server.doc.settings.text.search).toBe('Find a shop');
      expect(server.doc.locations.map((l) => l.id)).toEqual(['shared', 'mine']);
    });
  });
});
