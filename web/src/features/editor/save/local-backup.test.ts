/**
 * The copies of unsaved work in this browser, one per editor session (tab): in IndexedDB (fake-indexeddb, a fresh
 * database per test), including records written by the first version of the store (one per map, no session).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { CallError } from '@mapnest/shared/errors';
import { updateLocation, addLocation } from '../actions/locations';
import { createEditorStore } from '../store';
import { backupsToOffer, setAsidesToOffer, type SessionLocks } from './backup-sessions';
import { indexedDbBackup, type LocalBackup } from './local-backup';
import { createSaveController, setAsideKey, type SaveController } from './save-controller';

const withLocation = (title: string): MapDocument => ({
  ...blankDocument(),
  locations: [{ id: 'l1', title, coord: [0.5, 0.5] }],
});

/** Web Locks as seen from a tab: the sessions in `open` are held by tabs still open. */
const locksHeldBy = (...open: string[]): SessionLocks => ({
  request: async () => undefined,
  query: async () => ({ held: open.map((s) => ({ name: `mapnest-editor-session:${s}` })) }),
});

/** Writes a record as the first version of the store did: database version 1, keyPath mapId. */
async function writeVersion1(factory: IDBFactory, record: object): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = factory.open('mapnest-editor', 1);
    req.onupgradeneeded = () => req.result.createObjectStore('backups', { keyPath: 'mapId' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction('backups', 'readwrite');
    tx.objectStore('backups').put(record);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}

const controllers: SaveController[] = [];
afterEach(() => {
  for (const c of controllers.splice(0)) c.dispose();
});

/** An editor tab on map m1, version 1, with its own session; `save` is its way to the server. */
function tab(
  backup: LocalBackup,
  session: string,
  save: (mapData: MapDocument) => Promise<{ version: number }>,
  now?: () => number,
) {
  const store = createEditorStore(withLocation('Start'));
  const ctl = createSaveController({
    store,
    mapId: 'm1',
    version: 1,
    backup,
    session,
    save: (input) => save(input.mapData),
    currentVersion: async () => 1,
    delayMs: 3_600_000,
    retryMs: [3_600_000],
    backupDelayMs: 3_600_000,
    ...(now ? { now } : {}),
  });
  controllers.push(ctl);
  return { store, ctl };
}

describe('local backup, one per editor session', () => {
  it('keeps two sessions’ backups of one map apart, and deletes one session’s only', async () => {
    const backup = indexedDbBackup(new IDBFactory());
    await backup.put({ mapId: 'm1', session: 'A', doc: withLocation('A work'), baseVersion: 1, savedAt: 1 });
    await backup.put({ mapId: 'm1', session: 'B', doc: withLocation('B work'), baseVersion: 1, savedAt: 2 });
    await backup.put({ mapId: 'm2', session: 'A', doc: withLocation('other map'), baseVersion: 1, savedAt: 3 });
    expect((await backup.get('m1', 'A'))?.doc.locations[0]!.title).toBe('A work');
    expect((await backup.list('m1')).map((r) => r.session).sort()).toEqual(['A', 'B']);
    await backup.delete('m1', 'B');
    expect((await backup.list('m1')).map((r) => r.doc.locations[0]!.title)).toEqual(['A work']);
    expect(await backup.get('m2', 'A')).not.toBeNull();
  });

  it('reads a backup written by the previous version (one per map) after upgrading the database', async () => {
    const factory = new IDBFactory();
    await writeVersion1(factory, { mapId: 'm1', doc: withLocation('Old work'), baseVersion: 3, savedAt: 5 });
    await writeVersion1(factory, { mapId: 'm1:set-aside', doc: withLocation('Aside'), baseVersion: 2, savedAt: 4 });
    const backup = indexedDbBackup(factory);
    expect(await backup.get('m1')).toMatchObject({ session: '', baseVersion: 3, doc: withLocation('Old work') });
    expect(await backup.get('m1:set-aside')).toMatchObject({ doc: withLocation('Aside') });
    // Offered in any new session, as before; deleted like any other.
    expect((await backupsToOffer(backup, 'm1', 'new', locksHeldBy('new'))).map((r) => r.savedAt)).toEqual([5]);
    await backup.delete('m1');
    expect(await backup.list('m1')).toEqual([]);
  });

  it('offers the backups of closed sessions only, newest first, never this session’s own', async () => {
    const backup = indexedDbBackup(new IDBFactory());
    for (const [session, savedAt] of [
      ['crashed', 1],
      ['open', 2],
      ['closed', 3],
      ['me', 4],
    ] as const)
      await backup.put({ mapId: 'm1', session, doc: withLocation(session), baseVersion: 1, savedAt });
    const offered = await backupsToOffer(backup, 'm1', 'me', locksHeldBy('open', 'me'));
    expect(offered.map((r) => r.session)).toEqual(['closed', 'crashed']);
  });

  it('a save in one tab forgets its own backup only: another tab’s unsaved work stays, and is offered once it closes', async () => {
    const backup = indexedDbBackup(new IDBFactory());
    // Tab A cannot reach the server; its edit is kept in this browser.
    const a = tab(backup, 'A', () => Promise.reject(new CallError('internal', 'internal')));
    a.store.dispatch(updateLocation, { id: 'l1', patch: { title: 'A UNSAVED WORK' } });
    await a.ctl.flushBackup();
    await a.ctl.saveNow();
    expect(a.ctl.getState().status).not.toBe('saved');
    // Tab B edits another location and saves it.
    const b = tab(backup, 'B', async () => ({ version: 2 }));
    b.store.dispatch(addLocation, { id: 'l2', coord: [0.2, 0.2] });
    await b.ctl.flushBackup();
    await b.ctl.saveNow();
    expect(b.ctl.getState()).toMatchObject({ status: 'saved', version: 2 });

    const kept = await backup.list('m1');
    expect(kept.map((r) => [r.session, r.doc.locations[0]!.title])).toEqual([['A', 'A UNSAVED WORK']]);
    // While A is open a new tab does not offer its work; once A is gone (browser closed), it does.
    expect(await backupsToOffer(backup, 'm1', 'C', locksHeldBy('A', 'C'))).toEqual([]);
    expect((await backupsToOffer(backup, 'm1', 'C', locksHeldBy('C'))).map((r) => r.session)).toEqual(['A']);
  });

  it('keeps every version set aside apart (two tabs, or one tab twice), and offers each until it is dealt with', async () => {
    const backup = indexedDbBackup(new IDBFactory());
    const never = () => Promise.reject(new CallError('internal', 'internal'));
    const theirs = withLocation('Theirs');
    // Tab A sets its work aside twice (two loads of theirs); tab B once, later.
    const a = tab(backup, 'A', never, () => 100);
    a.store.dispatch(updateLocation, { id: 'l1', patch: { title: 'A FIRST' } });
    await a.ctl.loadTheirs(theirs, 2);
    const a2 = tab(backup, 'A', never, () => 200);
    a2.store.dispatch(updateLocation, { id: 'l1', patch: { title: 'A SECOND' } });
    await a2.ctl.loadTheirs(theirs, 2);
    const b = tab(backup, 'B', never, () => 300);
    b.store.dispatch(updateLocation, { id: 'l1', patch: { title: 'B WORK' } });
    await b.ctl.loadTheirs(theirs, 2);
    const titles = (records: { doc: MapDocument }[]) => records.map((r) => r.doc.locations[0]!.title);
    expect(titles(await backup.list(setAsideKey('m1'))).sort()).toEqual(['A FIRST', 'A SECOND', 'B WORK']);

    // Another tab is offered only what no open tab holds; the tab that set them aside, its own.
    expect(titles(await setAsidesToOffer(backup, setAsideKey('m1'), 'C', null, locksHeldBy('A', 'C')))).toEqual([
      'B WORK',
    ]);
    expect(titles(await setAsidesToOffer(backup, setAsideKey('m1'), 'A', null, locksHeldBy('A', 'B')))).toEqual([
      'A SECOND',
      'A FIRST',
    ]);
    for (const c of controllers.splice(0)) c.dispose();

    // Once those tabs are closed, a new one offers each in turn, newest first, until none is left.
    const c = tab(backup, 'C', never);
    const offered: string[] = [];
    for (let i = 0; i < 4; i++) {
      await expect.poll(() => c.ctl.getState().setAside !== null || offered.length === 3).toBe(true);
      const aside = c.ctl.getState().setAside;
      if (!aside) break;
      offered.push(aside.doc.locations[0]!.title!);
      await c.ctl.dropSetAside();
    }
    expect(offered).toEqual(['B WORK', 'A SECOND', 'A FIRST']);
    expect(await backup.list(setAsideKey('m1'))).toEqual([]);
  });
});
