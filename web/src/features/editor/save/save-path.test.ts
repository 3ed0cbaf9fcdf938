import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blankDocument, MAP_LIMITS } from '@mapnest/shared/map-document';
import type { CallName, In, Out } from '@mapnest/shared/calls';
import { CallError } from '@mapnest/shared/errors';
import type { HistoryEntry, MapSummary } from '@mapnest/shared/maps';
import { addLocation } from '../actions/locations';
import { memoryBackup } from './local-backup';
import { createSaveController } from './save-controller';
import { createSavePath, type Caller } from './save-path';
import { createEditorStore } from '../store';

const summary = (version: number): MapSummary => ({
  id: 'm1',
  title: 'Mall',
  uid: 'u1',
  author: 'u1',
  created: '2026-11-01T00:00:00.000Z',
  edited: `2026-11-0${version}T00:00:00.000Z`,
  state: 1,
  metrics: { layerCount: 1, locationCount: version },
  subscribed: true,
  version,
  activeUntil: null,
  published: true,
  previewUrl: null,
  lapsedFrom: null,
  licenseEndsAt: null,
  analyticsZone: 'UTC',
  analyticsZoneChange: null,
  publishedVersion: 1,
  publishedAt: '2026-11-01T00:00:00.000Z',
  publication: version === 1 ? 'published' : 'changes',
  restoreOf: null,
});
const entry = (version: number): HistoryEntry => ({
  historyMapId: `v${String(version).padStart(8, '0')}`,
  mapId: 'm1',
  version,
  name: null,
  created: summary(version).edited,
  title: 'Mall',
  metrics: summary(version).metrics,
  kind: version === 1 ? 'create' : 'save',
  restoredFrom: null,
  publishedAt: null,
});

/** A fake server that answers saveMap and getMap like the real one, and records every call the editor makes. */
function fakeServer() {
  const calls: CallName[] = [];
  let version = 1;
  let title = 'Mall';
  // What changed elsewhere without a new version (a publication, a state).
  let elsewhere: Partial<MapSummary> = {};
  // The next save's answer comes without its history (the server could not read it after storing the save).
  let historyUnread = false;
  const answer = <K extends CallName>(name: K, data: In<K>): Out<CallName> => {
    calls.push(name);
    if (name === 'saveMap') {
      const input = data as In<'saveMap'>;
      if (input.baseVersion !== version)
        throw new CallError('aborted', 'changed elsewhere', { currentVersion: version });
      version++;
      const history = Array.from({ length: version }, (_, i) => entry(version - i));
      return {
        version,
        edited: summary(version).edited,
        metrics: summary(version).metrics,
        map: { ...summary(version), title },
        entry: entry(version),
        ...(historyUnread ? {} : { history }),
      };
    }
    if (name === 'getMap')
      return {
        map: { ...summary(version), title, ...elsewhere },
        history: Array.from({ length: version }, (_, i) => entry(version - i)),
        documentUrl: 'u',
      };
    if (name === 'renameMap') {
      const input = data as In<'renameMap'>;
      // Over the title it replaces only, as the server renames.
      if (input.replaces !== undefined && input.replaces !== title)
        throw new CallError('aborted', 'This map was renamed elsewhere', { map: { ...summary(version), title } });
      title = input.title;
      return { ...summary(version), title };
    }
    throw new Error(`unexpected call ${name}`);
  };
  // The fake's answers are checked by hand above; the table's types cannot follow a runtime name.
  const call = (async (name, data) => answer(name, data)) as Caller;
  return {
    calls,
    call,
    saveElsewhere: () => version++,
    renameElsewhere: (t: string) => void (title = t),
    changeElsewhere: (fields: Partial<MapSummary>) => void (elsewhere = fields),
    title: () => title,
    historyUnread: () => void (historyUnread = true),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(doc = blankDocument()) {
  const server = fakeServer();
  const store = createEditorStore(doc);
  const { path, follow, rename } = createSavePath(server.call, 'm1', 'Mall');
  const ctl = createSaveController({
    store,
    mapId: 'm1',
    version: 1,
    backup: memoryBackup(),
    delayMs: 3000,
    pollMs: 0,
    ...path,
    // The check for versions saved elsewhere runs (checkRemote); none is saved in these tests.
    fetchCurrent: async () => ({ doc: store.getState().doc, version: 1 }),
  });
  const view = { map: summary(1), history: [entry(1)], reloads: 0, renamed: [] as string[] };
  const stop = follow(ctl, {
    setMap: (update) => (view.map = update(view.map)),
    setHistory: (history) => (view.history = history),
    reload: async () => {
      view.reloads++;
    },
    renamed: (title) => void view.renamed.push(title),
  });
  return { server, store, ctl, view, stop, rename };
}

describe('the editor save path', () => {
  // Before saveMap answered the summary and history, each save was saveMap then getMap (2 calls).
  it('costs one call per save and shows the answer without reading the map back', async () => {
    const { server, store, ctl, view } = setup();
    store.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1] });
    await ctl.saveNow();
    expect(server.calls).toEqual(['saveMap']);
    expect(view.reloads).toBe(0);
    expect(view.map).toEqual(summary(2));
    expect(view.history.map((h) => h.version)).toEqual([2, 1]);
    store.dispatch(addLocation, { id: 'b', coord: [0.2, 0.2] });
    await ctl.saveNow();
    expect(server.calls).toEqual(['saveMap', 'saveMap']);
    expect(view.map.version).toBe(3);
  });

  it('reads the history again when a save stored could not answer it', async () => {
    const { server, store, ctl, view } = setup();
    server.historyUnread();
    store.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1] });
    await ctl.saveNow();
    expect(view.map).toEqual(summary(2));
    expect(view.reloads).toBe(1);
  });

  it('after a conflict, "keep mine" saves on top of the current version and shows the save\'s answer', async () => {
    const { server, store, ctl, view } = setup();
    server.saveElsewhere();
    store.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1] });
    await ctl.saveNow();
    expect(ctl.getState().status).toBe('conflict');
    await ctl.keepMine();
    expect(server.calls).toEqual(['saveMap', 'getMap', 'saveMap']);
    expect(view.map).toEqual(summary(3));
    // Version 2 (saved elsewhere) was taken as the base on the way: the history is read for it once.
    expect(view.reloads).toBe(1);
  });

  it('reads the map again when the version shown came from elsewhere', async () => {
    const { server, store, ctl, view } = setup();
    server.saveElsewhere();
    store.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1] });
    await ctl.saveNow();
    await ctl.loadTheirs(blankDocument(), 2);
    expect(view.map.version).toBe(2);
    expect(view.reloads).toBe(1);
  });

  it('refuses a map over the size limit before sending it, saying which limit and what to do', async () => {
    // Every field within its own limit, the whole over 32 MB: 4,100 descriptions of 8,000 characters.
    const doc = blankDocument();
    doc.locations = Array.from({ length: 4_100 }, (_, i) => ({
      id: `l${i}`,
      desc: 'x'.repeat(MAP_LIMITS.descLength),
      coord: [0.5, 0.5] as [number, number],
    }));
    const { server, store, ctl } = setup(doc);
    store.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1] });
    await ctl.saveNow();
    expect(server.calls).toEqual([]);
    expect(ctl.getState().status).toBe('error');
    expect(ctl.getState().message).toMatch(
      /^The map could not be saved: This map is 3\d\.\d MB .* at most 32 MB \(the map size limit\)\. Shorten long descriptions/,
    );
  });

  it('tells a title changed elsewhere at the next check for changes, once, though no version was saved', async () => {
    const { server, ctl, view } = setup();
    server.renameElsewhere('Riverside Mall 2027');
    await ctl.checkRemote();
    expect(view.renamed).toEqual(['Riverside Mall 2027']);
    await ctl.checkRemote();
    expect(view.renamed).toEqual(['Riverside Mall 2027']);
  });

  it('shows a publication changed elsewhere at the next check for changes, though no version was saved', async () => {
    const { server, ctl, view } = setup();
    server.changeElsewhere({ publication: 'offline', published: false, publishedVersion: null });
    await ctl.checkRemote();
    expect(view.map).toMatchObject({ version: 1, publication: 'offline', published: false, publishedVersion: null });
    // Nothing new at the next check: the view keeps the very object it has (nothing renders again).
    const shown = view.map;
    await ctl.checkRemote();
    expect(view.map).toBe(shown);
    // A title changed elsewhere is told by its own path, not taken in with the summary.
    server.renameElsewhere('Riverside Mall 2027');
    await ctl.checkRemote();
    expect(view.map.title).toBe('Mall');
    expect(view.renamed).toEqual(['Riverside Mall 2027']);
  });

  it('tells a title changed elsewhere that a save of this editor answers with', async () => {
    const { server, store, ctl, view } = setup();
    server.renameElsewhere('Riverside Mall 2027');
    store.dispatch(addLocation, { id: 'a', coord: [0.1, 0.1] });
    await ctl.saveNow();
    expect(view.renamed).toEqual(['Riverside Mall 2027']);
  });

  it('renames nothing over a title changed elsewhere since this editor showed it, and answers that title', async () => {
    const { server, ctl, view, rename } = setup();
    server.renameElsewhere('Riverside Mall 2027');
    const first = await rename('Riverside Mall – Level 1');
    expect([first.renamed, first.map.title, server.title()]).toEqual([
      false,
      'Riverside Mall 2027',
      'Riverside Mall 2027',
    ]);
    // One call: the server, told the title it replaces, kept the other.
    expect(server.calls).toEqual(['renameMap']);
    // Asked again, knowing that title now, the rename replaces it; this editor's own rename is not told as another's.
    const second = await rename('Riverside Mall – Level 1');
    expect([second.renamed, server.title()]).toEqual([true, 'Riverside Mall – Level 1']);
    await ctl.checkRemote();
    expect(view.renamed).toEqual([]);
  });
});
