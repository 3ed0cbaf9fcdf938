import { describe, expect, it } from 'vitest';
import { createCallClient } from '../../web/src/lib/call';
import { documentWith } from '../helpers/documents';
import { baseUrl, createUser } from '../helpers/stack';

describe('large maps', () => {
  it('saves and loads a map with 20,000 locations through the browser call client', async () => {
    const user = await createUser();
    const call = createCallClient({ baseUrl: baseUrl(), getIdToken: async () => user.token });
    const doc = documentWith(20_000);
    const bytes = JSON.stringify(doc).length;
    expect(bytes).toBeGreaterThan(2_000_000);
    const id = await call('createMap', { title: 'Big' });
    const saved = await call('saveMap', { id, baseVersion: 1, mapData: doc });
    expect(saved.version).toBe(2);
    const loaded = await call('getMap', { id });
    expect(loaded.map.metrics).toEqual({ layerCount: 1, locationCount: 20_000 });
    const stored = await (await fetch(loaded.documentUrl)).json();
    expect(stored.locations).toHaveLength(20_000);
    expect(stored.locations[19_999]).toEqual(doc.locations[19_999]);
  }, 120_000);
});
