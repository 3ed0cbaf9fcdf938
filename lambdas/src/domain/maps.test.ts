/**
 * The maps service's own loops, run against in-memory adapters (ADR 037): the public copy's rewrite until the map
 * stops moving, history pruning, and what a new map's failed write leaves. The stack tests (test/maps) run the same
 * operations against the emulators.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HISTORY_UNNAMED_KEEP, MapState } from '@mapnest/shared/constants';
import { blankDocument } from '@mapnest/shared/map-document';
import type { PublishedMap } from '@mapnest/shared/maps';
import type { FollowUpWork } from '../adapters/follow-ups';
import type { HistoryItem, MapItem } from '../adapters/maps/map-table';
import { DocumentGoneError, SlotLimitError, TitleChangedError } from '../lib/errors';
import type { Identity } from '../lib/identity';
import { RETRY_AFTER_MS } from './follow-ups';
import { createMap, renameMap, toSummary } from './maps';
import { pruneHistory } from './map-storage';
import { dropUnmadeDocument } from './save-outcomes';
import { publishLatest } from './public-copy';

const CREATED = '2026-11-01T10:00:00.000Z';

function mapItem(overrides: Partial<MapItem> = {}): MapItem {
  return {
    id: 'map1',
    title: 'Mall',
    uid: 'owner',
    author: 'owner',
    created: CREATED,
    edited: CREATED,
    state: MapState.LIVE,
    metrics: { layerCount: 1, locationCount: 0 },
    subscribed: true,
    version: 1,
    docKey: 'docs/map1/v1.json',
    previewUrl: null,
    publishedVersion: 1,
    publishedDocKey: 'docs/map1/v1.json',
    publishedTitle: 'Mall',
    publishedAt: CREATED,
    unpublishedAt: null,
    ...overrides,
  };
}

function entry(version: number, overrides: Partial<HistoryItem> = {}): HistoryItem {
  return {
    mapId: 'map1',
    version,
    docKey: `docs/map1/v${version}.json`,
    name: null,
    created: CREATED,
    title: 'Mall',
    metrics: { layerCount: 1, locationCount: 0 },
    kind: 'save',
    restoredFrom: null,
    ...overrides,
  };
}

/** The table's map items and history, the stored documents and the public copies, in memory. */
function memoryStores(maps: MapItem[], history: HistoryItem[] = []) {
  const items = new Map(maps.map((m) => [m.id, m]));
  const entries = [...history];
  const documents = new Map<string, unknown>(history.map((h) => [h.docKey, blankDocument()]));
  for (const m of maps) for (const key of [m.docKey, m.publishedDocKey]) if (key) documents.set(key, blankDocument());
  const copies = new Map<string, PublishedMap>();
  const log = { reads: 0, publishes: 0, documentReads: [] as string[], deletedDocuments: [] as string[] };
  /** Runs after each public copy is written: a stand-in for another writer acting in between. */
  let afterPublish: (copy: PublishedMap) => void = () => {};
  return {
    items,
    entries,
    copies,
    log,
    onPublish: (hook: (copy: PublishedMap) => void) => (afterPublish = hook),
    mapTable: {
      get: async (id: string) => {
        log.reads++;
        const map = items.get(id);
        return map ? { ...map } : null;
      },
      history: async (mapId: string) => entries.filter((e) => e.mapId === mapId).sort((a, b) => b.version - a.version),
      historyEntry: async (mapId: string, version: number) =>
        entries.find((e) => e.mapId === mapId && e.version === version) ?? null,
      deleteHistoryEntry: async (e: Pick<HistoryItem, 'mapId' | 'version'>) => {
        entries.splice(
          entries.findIndex((x) => x.mapId === e.mapId && x.version === e.version),
          1,
        );
      },
    },
    mapObjects: {
      getDocument: async (key: string) => {
        log.documentReads.push(key);
        if (!documents.has(key)) throw new DocumentGoneError(key);
        return documents.get(key);
      },
      publish: async (copy: PublishedMap) => {
        log.publishes++;
        copies.set(copy.id, copy);
        afterPublish(copy);
      },
      unpublish: async (mapId: string) => {
        copies.delete(mapId);
      },
      deleteDocument: async (key: string) => {
        log.deletedDocuments.push(key);
        documents.delete(key);
      },
    },
  };
}

describe('publishLatest', () => {
  it('writes the published version, not the draft, and reads the map once more to see that it stood still', async () => {
    const stores = memoryStores([mapItem({ version: 3, docKey: 'docs/map1/v3.json' })]);
    await publishLatest(stores, 'map1', new Date(CREATED));
    const copy = stores.copies.get('map1')!;
    expect(copy).toMatchObject({ id: 'map1', version: 1, title: 'Mall', expired: false });
    expect(copy.document).toBeDefined();
    expect(stores.log.documentReads).toEqual(['docs/map1/v1.json']);
    expect(stores.log).toMatchObject({ reads: 2, publishes: 1 });
  });

  it('writes again when another writer published a newer version meanwhile, ending on the newest', async () => {
    const stores = memoryStores([mapItem()], [entry(1), entry(2)]);
    stores.onPublish((copy) => {
      if (copy.version === 1) {
        const map = stores.items.get('map1')!;
        stores.items.set('map1', { ...map, publishedVersion: 2, publishedDocKey: 'docs/map1/v2.json' });
      }
    });
    await publishLatest(stores, 'map1', new Date(CREATED));
    expect(stores.copies.get('map1')?.version).toBe(2);
    expect(stores.log.publishes).toBe(2);
    expect(stores.log.documentReads).toEqual(['docs/map1/v1.json', 'docs/map1/v2.json']);
  });

  it('gives up after five writes when the map never stops moving', async () => {
    const stores = memoryStores([mapItem()], [entry(1)]);
    let title = 0;
    stores.onPublish(() => {
      const map = stores.items.get('map1')!;
      stores.items.set('map1', { ...map, publishedTitle: `Mall ${++title}` });
    });
    await publishLatest(stores, 'map1', new Date(CREATED));
    expect(stores.log.publishes).toBe(5);
  });

  it('takes the copy down when the map is deleted while it is written', async () => {
    const stores = memoryStores([mapItem()]);
    stores.onPublish(() => stores.items.set('map1', { ...stores.items.get('map1')!, deleting: true }));
    await publishLatest(stores, 'map1', new Date(CREATED));
    expect(stores.copies.has('map1')).toBe(false);
    expect(stores.log.publishes).toBe(1);
  });

  it('takes the copy down when the map is deleted between reading it and reading its document', async () => {
    const stores = memoryStores([mapItem()]);
    stores.copies.set('map1', { id: 'map1' } as PublishedMap);
    const read = stores.mapObjects.getDocument;
    stores.mapObjects.getDocument = async (key: string) => {
      // The delete marks the map, then removes its documents, while this writer is between its two reads.
      stores.items.set('map1', { ...stores.items.get('map1')!, deleting: true });
      await stores.mapObjects.deleteDocument(key);
      return read(key);
    };
    await publishLatest(stores, 'map1', new Date(CREATED));
    expect(stores.copies.has('map1')).toBe(false);
    expect(stores.log.publishes).toBe(0);
  });

  it('fails when the published document is missing while the map stands unchanged', async () => {
    const stores = memoryStores([mapItem()]);
    await stores.mapObjects.deleteDocument('docs/map1/v1.json');
    await expect(publishLatest(stores, 'map1', new Date(CREATED))).rejects.toBeInstanceOf(DocumentGoneError);
    expect(stores.log.publishes).toBe(0);
  });

  it('takes the copy down for a map that is gone, without writing one', async () => {
    const stores = memoryStores([]);
    stores.copies.set('map1', { id: 'map1' } as PublishedMap);
    await publishLatest(stores, 'map1');
    expect(stores.copies.has('map1')).toBe(false);
    expect(stores.log.publishes).toBe(0);
  });

  it('writes an offline notice without a document when nothing is published', async () => {
    const stores = memoryStores([mapItem({ publishedVersion: null, publishedDocKey: null })]);
    await publishLatest(stores, 'map1', new Date(CREATED));
    expect(stores.copies.get('map1')).toMatchObject({ offline: true, version: 0 });
    expect(stores.copies.get('map1')?.document).toBeUndefined();
    expect(stores.log.documentReads).toEqual([]);
  });

  it('writes the expiry notice, without the document, for a test map past its 7 days', async () => {
    const stores = memoryStores([mapItem({ state: MapState.TEST })]);
    await publishLatest(stores, 'map1', new Date('2026-11-20T10:00:00.000Z'));
    expect(stores.copies.get('map1')).toMatchObject({ expired: true, state: MapState.TEST });
    expect(stores.copies.get('map1')?.document).toBeUndefined();
  });

  it('uses the document the caller holds when it is the published one', async () => {
    const stores = memoryStores([mapItem()]);
    const document = { ...blankDocument(), title: 'held' } as ReturnType<typeof blankDocument>;
    await publishLatest(stores, 'map1', new Date(CREATED), { docKey: 'docs/map1/v1.json', document });
    expect(stores.log.documentReads).toEqual([]);
    expect(stores.copies.get('map1')?.document).toBeDefined();
  });
});

describe('pruneHistory', () => {
  // Over 30 days after CREATED: no version is kept as the last of a recent hour or day (map-storage.test.ts).
  const LATER = new Date('2026-12-20T00:00:00.000Z');
  const versions = (n: number, overrides: (v: number) => Partial<HistoryItem> = () => ({})) =>
    Array.from({ length: n }, (_, i) => entry(i + 1, overrides(i + 1)));
  const current = (version: number, published: number | null = null) => ({
    id: 'map1',
    uid: 'owner',
    version,
    docKey: `docs/map1/v${version}.json`,
    published,
  });

  it(`keeps the newest ${HISTORY_UNNAMED_KEEP} unnamed versions and deletes the older ones with their documents`, async () => {
    const stores = memoryStores([], versions(HISTORY_UNNAMED_KEEP + 5));
    const kept = await pruneHistory(stores, current(HISTORY_UNNAMED_KEEP + 5), LATER);
    expect(kept.map((h) => h.version)).toEqual(
      Array.from({ length: HISTORY_UNNAMED_KEEP }, (_, i) => HISTORY_UNNAMED_KEEP + 5 - i),
    );
    expect(stores.entries).toHaveLength(HISTORY_UNNAMED_KEEP);
    expect(stores.log.deletedDocuments.sort()).toEqual([1, 2, 3, 4, 5].map((v) => `docs/map1/v${v}.json`).sort());
  });

  it('deletes nothing while the unnamed versions fit', async () => {
    const stores = memoryStores([], versions(HISTORY_UNNAMED_KEEP));
    const kept = await pruneHistory(stores, current(HISTORY_UNNAMED_KEEP), LATER);
    expect(kept).toHaveLength(HISTORY_UNNAMED_KEEP);
    expect(stores.log.deletedDocuments).toEqual([]);
  });

  it('keeps every named version and every version that was published, however old', async () => {
    const all = versions(HISTORY_UNNAMED_KEEP + 5, (v) =>
      v === 1 ? { name: 'Opening day' } : v === 2 ? { publishedAt: CREATED } : {},
    );
    const stores = memoryStores([], all);
    const kept = await pruneHistory(stores, current(HISTORY_UNNAMED_KEEP + 5), LATER);
    expect(kept.map((h) => h.version)).toContain(1);
    expect(kept.map((h) => h.version)).toContain(2);
    // 1 and 2 are not counted among the unnamed: the 3 oldest of those (3, 4, 5) go.
    expect(stores.log.deletedDocuments.sort()).toEqual([3, 4, 5].map((v) => `docs/map1/v${v}.json`));
  });

  it('never deletes the current or the published version, even when they are the oldest unnamed ones', async () => {
    const stores = memoryStores([], versions(HISTORY_UNNAMED_KEEP + 2));
    const kept = await pruneHistory(stores, { ...current(1, 2), docKey: 'docs/map1/v1.json' }, LATER);
    expect(kept.map((h) => h.version)).toEqual(expect.arrayContaining([1, 2]));
    expect(stores.log.deletedDocuments).toEqual([]);
  });

  it("removes an old entry but keeps its document when the current version's document is the same object", async () => {
    const all = versions(HISTORY_UNNAMED_KEEP + 1, (v) => (v === 1 ? { docKey: 'docs/map1/shared.json' } : {}));
    const stores = memoryStores([], all);
    const kept = await pruneHistory(
      stores,
      { ...current(HISTORY_UNNAMED_KEEP + 1), docKey: 'docs/map1/shared.json' },
      LATER,
    );
    expect(kept.map((h) => h.version)).not.toContain(1);
    expect(stores.log.deletedDocuments).toEqual([]);
  });
});

describe('createMap when writing the new map fails', () => {
  // An administrator: no storage quota to read, so nothing here reaches AWS.
  const actor = { subject: 'owner', identity: { uid: 'owner', admin: true } as Identity };
  const answerLost = () => Object.assign(new Error('socket hang up'), { name: 'TimeoutError' });
  // The storage count's transaction item names the table.
  beforeEach(() => vi.stubEnv('TABLE_NAME', 'mapnest-test'));
  afterEach(() => vi.unstubAllEnvs());

  /**
   * The in-memory stores, with a create that does `write` (its own failure included), a store of documents and the
   * follow-ups held.
   */
  function creating(write: (map: MapItem, stores: ReturnType<typeof memoryStores>) => void) {
    const stores = memoryStores([]);
    const put: string[] = [];
    const held: { work: FollowUpWork; at: Date; dueAt: Date }[] = [];
    const a = {
      ...stores,
      mapTable: { ...stores.mapTable, create: async (map: MapItem) => write(map, stores) },
      mapObjects: {
        ...stores.mapObjects,
        putDocument: async (mapId: string, version: number) => {
          const key = `docs/${mapId}/v${version}-${put.length}.json`;
          put.push(key);
          return key;
        },
      },
      followUps: {
        keep: async () => 'kept',
        hold: async (work: FollowUpWork, at: Date, dueAt: Date) => {
          held.push({ work, at, dueAt });
          return { id: `held#${held.length}`, dueKey: dueAt.toISOString() };
        },
      },
      countNewMap: async () => undefined,
    };
    return { a, stores, put, held };
  }

  it('answers the map made when the write stood and only its answer was lost, and keeps its document', async () => {
    const { a, stores, put } = creating((map, s) => {
      s.items.set(map.id, map);
      throw answerLost();
    });
    const id = await createMap(a, actor, { title: 'Riverside' });
    expect(stores.items.get(id)).toMatchObject({ title: 'Riverside', docKey: put[0] });
    expect(stores.log.deletedDocuments).toEqual([]);
  });

  it('keeps the document when the map cannot be found after a failure that is not a refusal, checked in an hour', async () => {
    const { a, stores, put, held } = creating(() => {
      throw answerLost();
    });
    await expect(createMap(a, actor, { title: 'Riverside' })).rejects.toThrow('socket hang up');
    expect(stores.log.deletedDocuments).toEqual([]);
    expect(held).toHaveLength(1);
    const [{ work, at, dueAt }] = held as [(typeof held)[0]];
    expect(work).toEqual({ kind: 'unmade-document', mapId: expect.any(String), version: 1, key: put[0] });
    expect(dueAt.getTime() - at.getTime()).toBe(RETRY_AFTER_MS);
  });

  it('keeps the document when the map cannot be read after the failure, checked in an hour', async () => {
    const { a, stores, held } = creating(() => {
      throw answerLost();
    });
    a.mapTable.get = async () => {
      throw answerLost();
    };
    await expect(createMap(a, actor, { title: 'Riverside' })).rejects.toThrow('socket hang up');
    expect(stores.log.deletedDocuments).toEqual([]);
    expect(held.map((h) => h.work.kind)).toEqual(['unmade-document']);
  });

  it('deletes the document after a refusal, and when another map holds the id', async () => {
    const refused = creating(() => {
      throw new SlotLimitError('test');
    });
    await expect(createMap(refused.a, actor, { title: 'Riverside' })).rejects.toBeInstanceOf(SlotLimitError);
    expect(refused.stores.log.deletedDocuments).toEqual(refused.put);
    expect(refused.held).toEqual([]);

    const taken = creating((map, s) => {
      s.items.set(map.id, mapItem({ id: map.id, docKey: 'docs/other.json' }));
      throw new Error(`map id ${map.id} is already taken`);
    });
    await expect(createMap(taken.a, actor, { title: 'Riverside' }, { id: 'demo' })).rejects.toThrow('already taken');
    expect(taken.stores.log.deletedDocuments).toEqual(taken.put);
    expect(taken.stores.items.get('demo')?.docKey).toBe('docs/other.json');
  });
});

describe('dropUnmadeDocument, an hour after a write of a version with an unknown outcome', () => {
  it('deletes the document of a map never made', async () => {
    const stores = memoryStores([]);
    await dropUnmadeDocument(stores, 'map1', 1, 'docs/map1/v1-lost.json');
    expect(stores.log.deletedDocuments).toEqual(['docs/map1/v1-lost.json']);
  });

  it('keeps the document the map uses: its current or published one, or the version’s in the history', async () => {
    const first = entry(1, { docKey: 'docs/map1/v1-made.json' });
    for (const map of [
      mapItem({ docKey: 'docs/map1/v1-made.json' }),
      mapItem({ version: 2, docKey: 'docs/map1/v2.json', publishedDocKey: 'docs/map1/v1-made.json' }),
      mapItem({ version: 3, docKey: 'docs/map1/v3.json', publishedDocKey: 'docs/map1/v3.json' }),
    ]) {
      const stores = memoryStores([map], [first]);
      await dropUnmadeDocument(stores, 'map1', 1, 'docs/map1/v1-made.json');
      expect(stores.log.deletedDocuments).toEqual([]);
    }
  });

  it("deletes it when the map under that id was made with another document (a seeded id's)", async () => {
    const stores = memoryStores([mapItem()], [entry(1)]);
    await dropUnmadeDocument(stores, 'map1', 1, 'docs/map1/v1-lost.json');
    expect(stores.log.deletedDocuments).toEqual(['docs/map1/v1-lost.json']);
  });
});

describe('renameMap over the title the caller shows', () => {
  const actor = { subject: 'owner', identity: { uid: 'owner', admin: false } as Identity };
  /** The map's item, renamed by another tab between this call's read and its write when `race` is given. */
  function table(race?: string) {
    let item = mapItem();
    return {
      get item() {
        return item;
      },
      mapTable: {
        get: async () => item,
        rename: async (_id: string, title: string, edited: string, replaces?: string) => {
          if (race) item = { ...item, title: race };
          if (replaces !== undefined && item.title !== replaces) return false;
          item = { ...item, title, edited };
          return true;
        },
      },
    };
  }

  it('renames over the title it replaces, and over any title when none is given', async () => {
    const t = table();
    expect((await renameMap(t, actor, { id: 'map1', title: 'Mall West', replaces: 'Mall' })).title).toBe('Mall West');
    expect((await renameMap(t, actor, { id: 'map1', title: 'Mall East' })).title).toBe('Mall East');
    expect(t.item.title).toBe('Mall East');
  });

  it('answers a rename tried again after its answer was lost as done, though its title is no longer the one replaced', async () => {
    const t = table();
    await renameMap(t, actor, { id: 'map1', title: 'Mall West', replaces: 'Mall' });
    expect((await renameMap(t, actor, { id: 'map1', title: 'Mall West', replaces: 'Mall' })).title).toBe('Mall West');
    expect(t.item.title).toBe('Mall West');
  });

  it('keeps a title changed elsewhere before its read, and answers the map with it', async () => {
    const t = table();
    const refused = renameMap(t, actor, { id: 'map1', title: 'Mall West', replaces: 'Old Mall' });
    await expect(refused).rejects.toBeInstanceOf(TitleChangedError);
    await expect(refused).rejects.toMatchObject({ code: 'aborted', details: { map: { title: 'Mall' } } });
    expect(t.item.title).toBe('Mall');
  });

  it('keeps a title changed elsewhere between its read and its write, and answers the map with it', async () => {
    const t = table('Mall 2027');
    const refused = renameMap(t, actor, { id: 'map1', title: 'Mall West', replaces: 'Mall' });
    await expect(refused).rejects.toMatchObject({ code: 'aborted', details: { map: { title: 'Mall 2027' } } });
    expect(t.item.title).toBe('Mall 2027');
  });
});

describe('toSummary’s publication status', () => {
  const published = { version: 4, publishedVersion: 3, publishedDocKey: 'docs/map1/v3.json' };
  it('is Published for a draft that restores the published version, until a save or a rename', () => {
    expect(toSummary(mapItem({ ...published, draftCopyOf: 3 })).publication).toBe('published');
    expect(toSummary(mapItem(published)).publication).toBe('changes');
    // A restore of another version is a change, and so is a rename since publishing.
    expect(toSummary(mapItem({ ...published, draftCopyOf: 2 })).publication).toBe('changes');
    expect(toSummary(mapItem({ ...published, draftCopyOf: 3, title: 'Mall West' })).publication).toBe('changes');
    // Taken offline: a copy of the version last published does not publish it.
    const offline = { ...published, publishedVersion: null, publishedDocKey: null, unpublishedAt: CREATED };
    expect(toSummary(mapItem({ ...offline, draftCopyOf: 3 })).publication).toBe('offline');
  });
  it('names the version a restore copies, until the next version', () => {
    expect(toSummary(mapItem({ ...published, draftCopyOf: 2 })).restoreOf).toBe(2);
    expect(toSummary(mapItem(published)).restoreOf).toBeNull();
  });
});
