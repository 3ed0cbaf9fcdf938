import { describe, expect, it } from 'vitest';
import type { MapSummary, PublishedMap } from '@mapnest/shared/maps';
import { adminUser, baseUrl, call, createUser, createPublishedMap } from '../helpers/stack';
import { documentWith } from '../helpers/documents';

async function publishedDoc(id: string) {
  const res = await fetch(`${baseUrl()}/data/maps/${id}.json`, { cache: 'no-store' });
  expect(res.status).toBe(200);
  return ((await res.json()) as PublishedMap).document!;
}

describe('wayfinding is published only for Professional maps', () => {
  it('leaves the network out of a test map, publishes it once the map is Professional, and drops it again when it goes back', async () => {
    const user = await createUser();
    const admin = await adminUser();
    const doc = documentWith(2);
    doc.settings.wayfinding.enabled = true;
    doc.routes = [
      {
        id: 'hall',
        layer: doc.layers[0]!.id,
        points: [
          [0.1, 0.5],
          [0.9, 0.5],
        ],
        closed: false,
        connector: false,
        weight: 1,
        inaccessible: false,
      },
    ];
    const id = await createPublishedMap({ title: 'Directions', mapData: doc }, user);

    const asTest = await publishedDoc(id);
    expect(asTest.routes).toEqual([]);
    expect(asTest.settings.wayfinding.enabled).toBe(false);
    expect(asTest.locations).toHaveLength(2);
    // The author's own document keeps the network.
    const own = await call<{ documentUrl: string }>('getMap', { id }, user);
    expect(((await (await fetch(own.documentUrl)).json()) as typeof doc).routes).toHaveLength(1);

    await call('setUserSlots', { uid: user.uid, basic: 0, pro: 1 }, admin);
    expect(await call<MapSummary>('setMapState', { id, state: 3 }, user)).toMatchObject({ state: 3 });
    const asPro = await publishedDoc(id);
    expect(asPro.routes.map((r) => r.id)).toEqual(['hall']);
    expect(asPro.settings.wayfinding.enabled).toBe(true);

    await call('setMapState', { id, state: 0 }, user);
    const lapsed = await publishedDoc(id);
    expect(lapsed.routes).toEqual([]);
    expect(lapsed.settings.wayfinding.enabled).toBe(false);
  });
});
