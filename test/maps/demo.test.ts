import { describe, expect, it } from 'vitest';
import type { PublishedMap } from '@mapnest/shared/maps';
import { EXAMPLE_MAPS } from '../../web/src/state/config';
import { baseUrl } from '../helpers/stack';

describe('the seeded demo map', () => {
  it('is published as a two-floor demo map with about 60 locations in several groups', async () => {
    const res = await fetch(`${baseUrl()}/data/maps/demo.json`);
    expect(res.status).toBe(200);
    const map = (await res.json()) as PublishedMap;
    expect(map).toMatchObject({ id: 'demo', state: 2, expired: false });
    expect(map.document!.layers).toHaveLength(2);
    expect(map.document!.locations.length).toBeGreaterThanOrEqual(55);
    expect(map.document!.groups.length).toBeGreaterThanOrEqual(5);
    for (const layer of map.document!.layers) expect((await fetch(`${baseUrl()}${layer.file}`)).status).toBe(200);
  });

  it.each(Object.values(EXAMPLE_MAPS))(
    'publishes the example map $id in the demo state, with its floors and images reachable',
    async (example) => {
      const res = await fetch(`${baseUrl()}/data/maps/${example.id}.json`);
      expect(res.status).toBe(200);
      const map = (await res.json()) as PublishedMap;
      expect(map).toMatchObject({ id: example.id, title: example.title, state: 2, expired: false });
      expect(map.document!.locations.length).toBeGreaterThanOrEqual(20);
      for (const layer of map.document!.layers)
        expect((await fetch(`${baseUrl()}${layer.file}`)).status, layer.file).toBe(200);
    },
  );
});
