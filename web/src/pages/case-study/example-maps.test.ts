import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { locationPoint } from '@mapnest/shared/map-geo';
import type { MapDocument } from '@mapnest/shared/map-document';
import { staleStyle } from '@mapnest/shared/group-styles';
import { createMapInput, mapIdSchema } from '@mapnest/shared/maps';
import { DEMO_MAP_ID, EXAMPLE_MAPS } from '../../state/config';

/** A file the web app serves from web/public, by its URL path. */
const publicFile = (urlPath: string) =>
  readFileSync(fileURLToPath(new URL(`../../../public${urlPath}`, import.meta.url)), 'utf8');

/** The example as the seed creates it: through the createMap input schema, which is what the maps service checks. */
function seeded(example: { title: string; file: string }): MapDocument {
  const parsed = createMapInput.safeParse({ title: example.title, mapData: JSON.parse(publicFile(example.file)) });
  if (!parsed.success)
    throw new Error(
      `${example.file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return parsed.data.mapData!;
}

/** Every location drawn as a region has an element with its id in the SVG of each layer it is on. */
function expectRegionsInSvg(doc: MapDocument) {
  const svgs = Object.fromEntries(doc.layers.map((l) => [l.id, publicFile(l.file)]));
  for (const loc of doc.locations.filter((l) => l.type === 'hidden')) {
    for (const layer of loc.layer ? [loc.layer] : doc.layers.map((l) => l.id))
      expect(svgs[layer], `${loc.id} on ${layer}`).toContain(`id="${loc.id}"`);
  }
}

describe('the example maps of the case studies', () => {
  it('have valid, distinct map ids that are not the demo', () => {
    const ids = Object.values(EXAMPLE_MAPS).map((e) => e.id);
    for (const id of ids) expect(mapIdSchema.safeParse(id).success, id).toBe(true);
    expect(new Set([...ids, DEMO_MAP_ID]).size).toBe(ids.length + 1);
  });

  it('real estate: a site plan of about 30 lots with size, price and bedrooms, grouped and coloured by status', () => {
    const doc = seeded(EXAMPLE_MAPS.realEstate);
    expectRegionsInSvg(doc);
    const lots = doc.locations.filter((l) => l.id.startsWith('lot-'));
    expect(lots.length).toBeGreaterThanOrEqual(28);
    const statusGroups = ['available', 'reserved', 'sold'];
    expect(
      doc.groups.filter((g) => statusGroups.includes(g.id)).map((g) => [g.name, /^#/.test(g.color ?? '')]),
    ).toEqual([
      ['Available', true],
      ['Reserved', true],
      ['Sold', true],
    ]);
    for (const lot of lots) {
      expect(lot.type, lot.id).toBe('hidden');
      expect(Number(lot.fields?.size), lot.id).toBeGreaterThan(0);
      expect(Number(lot.fields?.price), lot.id).toBeGreaterThan(0);
      expect(Number(lot.fields?.bedrooms), lot.id).toBeGreaterThan(0);
      // The page promises popups with a floor plan image: its house type's plan, a file the app serves, of as many
      // bedrooms as the lot is approved for.
      expect(lot.image, lot.id).toBe(`/examples/willow-creek/plan-${lot.fields?.bedrooms}-bedroom.svg`);
      expect(publicFile(lot.image!), lot.id).toContain(`Floor plan: ${lot.fields?.bedrooms}-bedroom home`);
      expect(
        lot.groups?.filter((g) => statusGroups.includes(g)),
        lot.id,
      ).toHaveLength(1);
      // Its status is its group alone (which the viewer shows under its title), drawn in its group's style; no text or
      // field repeats it. Moving a lot to Sold is one change (the style follows), and nothing left says "Available".
      expect(staleStyle(lot, doc), lot.id).toBeNull();
      expect(lot.style, lot.id).toBe(`st-${lot.groups![0]}`);
      expect(`${lot.about} ${lot.desc}`, lot.id).not.toMatch(/available|reserved|sold/i);
      expect(Object.values(lot.fields ?? {}), lot.id).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/^(Available|Reserved|Sold)$/)]),
      );
    }
    // Every status has lots in it, so each filter choice shows something.
    for (const status of statusGroups)
      expect(
        lots.some((l) => l.groups?.includes(status)),
        status,
      ).toBe(true);
    expect(doc.locations.map((l) => l.id)).toEqual(expect.arrayContaining(['clubhouse', 'park']));
    // Filters by status and by size and price; a legend of the statuses.
    expect(doc.filters.find((f) => f.type === 'groups')).toMatchObject({ groups: statusGroups });
    const fields = doc.filters.flatMap((f) =>
      f.type === 'dropdown' ? [f.field] : f.type === 'checkbox' ? [f.condition.field] : [],
    );
    expect(fields).toEqual(expect.arrayContaining(['fields.sizeBand', 'fields.price']));
    expect(doc.legend.map((l) => l.text)).toEqual(['Available', 'Reserved', 'Sold']);
    expect(doc.settings.legend.position).not.toBe('off');
  });

  it('real estate: the size bands the filter offers agree with the lots’ sizes', () => {
    const doc = seeded(EXAMPLE_MAPS.realEstate);
    const band = (size: number) => (size < 500 ? 'small' : size < 650 ? 'medium' : 'large');
    const lots = doc.locations.filter((l) => l.id.startsWith('lot-'));
    for (const lot of lots) expect(lot.fields?.sizeBand, lot.id).toBe(band(Number(lot.fields?.size)));
    expect(new Set(lots.map((l) => l.fields?.sizeBand)).size).toBe(3);
  });

  it('retail: the shopping centre directory, with categories as groups, search and a directory', () => {
    const doc = seeded(EXAMPLE_MAPS.retail);
    expectRegionsInSvg(doc);
    expect(doc.groups.length).toBeGreaterThanOrEqual(5);
    expect(doc.settings.search.enabled).toBe(true);
    expect(doc.settings.directory).toMatchObject({ enabled: true, groupBy: true });
  });

  it('geographic: about 20 points placed by latitude and longitude on a built-in map, in groups', () => {
    const doc = seeded(EXAMPLE_MAPS.geographic);
    expectRegionsInSvg(doc);
    const builtin = (
      JSON.parse(publicFile('/builtin/index.json')) as {
        file: string;
        extent: number[];
        width: number;
        height: number;
      }[]
    ).find((b) => b.file === doc.layers[0]!.file);
    expect(builtin, 'a built-in base map').toBeDefined();
    expect(doc.settings.geo?.extent).toEqual(builtin!.extent);
    expect([doc.settings.mapWidth, doc.settings.mapHeight]).toEqual([builtin!.width, builtin!.height]);
    const points = doc.locations.filter((l) => l.latlon);
    expect(points.length).toBeGreaterThanOrEqual(20);
    for (const p of points) {
      expect(p.coord, p.id).toBeUndefined();
      expect(p.groups?.length, p.id).toBeGreaterThan(0);
      // Placed inside the map, not clamped onto its edge.
      const [x, y] = locationPoint(p, doc.settings)!;
      expect(x > 0.01 && x < 0.99 && y > 0.01 && y < 0.99, `${p.id} at ${x}, ${y}`).toBe(true);
    }
    expect(new Set(points.flatMap((p) => p.groups)).size).toBeGreaterThanOrEqual(4);
  });
});
