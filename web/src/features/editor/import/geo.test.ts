import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { importLocations } from '../actions/structure';
import { featurePoints, parseGeoJson, pointsToLocations } from './geo';
import { kmzText, parseGpx, parseKml } from './kml';
import { GEO_FIXTURES, nodeXml, zip } from './picked-files.fixtures';

function doc(): MapDocument {
  const d = blankDocument({ mapWidth: 1000, mapHeight: 500 });
  d.layers.push({ id: 'upper', name: 'Upper floor', file: '' });
  d.groups = [{ id: 'food', name: 'Food' }];
  return d;
}

describe('GeoJSON and KML import', () => {
  const geoDoc = () => {
    const d = doc();
    d.settings.geo = { extent: [-10, 35, 30, 60] };
    return d;
  };

  it('reads point features and skips other geometry', () => {
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'Paris', description: 'Capital' },
          geometry: { type: 'Point', coordinates: [2.35, 48.85] },
        },
        {
          type: 'Feature',
          properties: { id: 'ber', name: 'Berlin' },
          geometry: { type: 'Point', coordinates: [13.4, 52.52] },
        },
        {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          },
        },
      ],
    });
    const result = pointsToLocations(parseGeoJson(text), geoDoc());
    expect(result.issues).toEqual([]);
    expect(result.skipped).toBe(1);
    expect(result.locations).toEqual([
      { id: 'Paris', title: 'Paris', about: 'Capital', latlon: [48.85, 2.35] },
      { id: 'ber', title: 'Berlin', latlon: [52.52, 13.4] },
    ]);
  });

  it('names the feature that is outside the map or swapped', () => {
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: 'NYC' }, geometry: { type: 'Point', coordinates: [-74, 40.7] } },
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [48.85, 200] } },
      ],
    });
    const result = pointsToLocations(parseGeoJson(text), geoDoc());
    expect(result.issues).toEqual([
      "feature 1 (“NYC”): 40.7, -74 is outside this map's area",
      'feature 2: 200, 48.85 is not a latitude (±85) and longitude (±180); GeoJSON and KML list longitude first',
    ]);
    expect(result.locations).toEqual([]);
    const mixed = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: 'NYC' }, geometry: { type: 'Point', coordinates: [-74, 40.7] } },
        { type: 'Feature', properties: { name: 'Paris' }, geometry: { type: 'Point', coordinates: [2.35, 48.85] } },
      ],
    });
    const some = pointsToLocations(parseGeoJson(mixed), geoDoc());
    expect(some.issues).toEqual(["feature 1 (“NYC”): 40.7, -74 is outside this map's area"]);
    expect(some.locations.map((l) => l.title)).toEqual(['Paris']);
  });

  it('puts the new points of a map with floors on the import’s floor; an updated one keeps its own', () => {
    const d = geoDoc();
    d.locations = [{ id: 'ber', title: 'Berlin', latlon: [52.52, 13.4], layer: 'layer-1' }];
    const point = (properties: object, coordinates = [2.35, 48.85]) => ({
      type: 'Feature',
      properties,
      geometry: { type: 'Point', coordinates },
    });
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [point({ id: 'par', name: 'Paris' }), point({ id: 'ber', name: 'Berlin' }, [13.4, 52.52])],
    });
    const kml = `<kml><Document><Placemark id="par"><name>Paris</name><Point><coordinates>2.35,48.85</coordinates></Point></Placemark></Document></kml>`;
    const floors = (parsed: ReturnType<typeof parseGeoJson>, floor: string | null) =>
      pointsToLocations(parsed, d, { floor }).locations.map((l) => [l.id, l.layer]);
    expect(floors(parseGeoJson(text), 'upper')).toEqual([
      ['par', 'upper'],
      ['ber', 'layer-1'],
    ]);
    expect(floors(parseKml(kml, nodeXml), 'upper')).toEqual([['par', 'upper']]);
    // Imported over the map, an updated location stays where it was (an update moves nothing).
    const imported = importLocations.perform(d, {
      locations: pointsToLocations(parseGeoJson(text), d, { floor: 'upper' }).locations,
      mode: 'replace',
    });
    expect(imported.locations.map((l) => [l.id, l.layer])).toEqual([
      ['par', 'upper'],
      ['ber', 'layer-1'],
    ]);

    // A feature's floor or level naming a floor (by id or name) puts it there; one naming none is left out, said.
    const named = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        point({ id: 'a', floor: 'Upper floor' }),
        point({ id: 'b', level: 'layer-1' }),
        point({ id: 'ber', level: 'upper' }, [13.4, 52.52]),
        point({ id: 'c' }),
        point({ id: 'd', level: 2 }),
      ],
    });
    const result = pointsToLocations(parseGeoJson(named), d, { floor: 'layer-1' });
    expect(result.locations.map((l) => [l.id, l.layer])).toEqual([
      ['a', 'upper'],
      ['b', 'layer-1'],
      ['ber', 'upper'],
      ['c', 'layer-1'],
    ]);
    expect(result.floorNamed).toEqual(['a', 'b', 'ber']);
    expect(result.issues).toEqual(['feature 5: its level "2" is not a floor of this map (Floor 1, Upper floor)']);
  });

  it('leaves the points of a map of one floor without a floor, as before, whatever the file says', () => {
    const d = blankDocument({ mapWidth: 1000, mapHeight: 500 });
    d.settings.geo = { extent: [-10, 35, 30, 60] };
    const text = JSON.stringify({
      type: 'Feature',
      properties: { id: 'par', level: '7' },
      geometry: { type: 'Point', coordinates: [2.35, 48.85] },
    });
    const result = pointsToLocations(parseGeoJson(text), d, { floor: 'layer-1' });
    expect(result.issues).toEqual([]);
    expect(result.locations).toEqual([{ id: 'par', latlon: [48.85, 2.35] }]);
  });

  it('says what is wrong with a file that is not GeoJSON', () => {
    expect(parseGeoJson('{nope').issues[0]).toContain('not valid JSON');
    expect(parseGeoJson('{"type":"Topology"}').issues[0]).toContain('no GeoJSON features');
  });

  it('reads KML placemarks with entities and CDATA, naming each placemark in problems', () => {
    const kml = `<?xml version="1.0"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document>\n<Placemark id="p1"><name>Caf&#233; &amp; Bar</name><description><![CDATA[<b>Open</b> late]]></description><Point><coordinates>2.35,48.85,0</coordinates></Point></Placemark>\n<Placemark><name>Bad</name><Point><coordinates>x,y</coordinates></Point></Placemark>\n<Placemark><name>Area</name><Polygon><outerBoundaryIs><LinearRing><coordinates>2,48 3,48 3,49 2,48</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>\n</Document></kml>`;
    const parsed = parseKml(kml, nodeXml);
    expect(parsed.issues).toEqual(["placemark 2 (“Bad”): it has no position (a point's longitude and latitude)"]);
    expect(parsed.skipped).toBe(0);
    const result = pointsToLocations(parsed, geoDoc());
    expect(result.locations[0]).toEqual({
      id: 'p1',
      title: 'Café & Bar',
      desc: '<b>Open</b> late',
      latlon: [48.85, 2.35],
    });
    // The area is a location at its centre: inside the triangle, away from its edges.
    const [lat, lon] = result.locations[1]!.latlon!;
    expect(result.locations[1]!.title).toBe('Area');
    expect(result.areas).toBe(1);
    expect(lon - 2).toBeGreaterThan(lat - 48);
    expect([lon > 2.5 && lon < 3, lat > 48.1 && lat < 48.5]).toEqual([true, true]);
    expect(parseKml('<gpx/>', nodeXml).issues[0]).toContain('not KML');
  });
});

/** A Google My Maps export as it writes one: styles and style maps, a folder per layer, each layer's data columns. */
const MY_MAPS_KML = readFileSync(join(GEO_FIXTURES, 'my-maps-old-town.kml'), 'utf8');

describe('KML, KMZ and GPX as their authors made them', () => {
  const geoDoc = () => {
    const d = doc();
    d.settings.geo = { extent: [-10, 35, 30, 60] };
    return d;
  };

  it('keeps a My Maps export’s layers as groups, its icon colours and its data', () => {
    const parsed = parseKml(MY_MAPS_KML, nodeXml);
    expect(parsed).toMatchObject({ issues: [], skipped: 1 });
    const result = pointsToLocations(parsed, geoDoc(), { floor: 'upper' });
    expect(result.issues).toEqual([]);
    // A layer named as a group of the map (in another case) joins it; another is one new group, commas and all.
    expect(result.groups).toEqual([{ id: 'cafes-bars-bakeries', name: 'Cafés, bars & bakeries' }]);
    expect(result.locations).toEqual([
      {
        id: 'Blue-Door-Cafe',
        layer: 'upper',
        latlon: [48.85, 2.35],
        title: 'Blue Door Café',
        // The data lines My Maps repeats under the description are dropped; the description stays.
        desc: 'Espresso and <b>pastries</b>',
        color: '#0288d1',
        groups: ['cafes-bars-bakeries'],
        phone: '030 1234 567',
        image: 'https://mymaps.usercontent.google.com/hostedimage/m/a',
        // A website that is no web address is kept, as a custom field.
        fields: { Rating: '4.5', Website: 'bluedoor dot example' },
      },
      {
        id: 'Market-hall',
        layer: 'upper',
        latlon: [52.52, 13.4],
        title: 'Market hall',
        about: 'Open daily',
        color: '#00c000',
        groups: ['food'],
      },
    ]);
    expect(result.fields).toEqual(['Rating', 'Website']);

    // Imported again over the map, the same file updates its locations and makes no group twice.
    const once = importLocations.perform(geoDoc(), { ...result, mode: 'merge' });
    const again = pointsToLocations(parseKml(MY_MAPS_KML, nodeXml), once, { floor: 'upper' });
    expect(again.groups).toEqual([]);
    expect(importLocations.perform(once, { ...again, mode: 'merge' })).toEqual(once);
  });

  it('reads a KMZ’s doc.kml alone, and says what is wrong with a KMZ or a KML that cannot be read', async () => {
    const kmz = zip(
      [
        { name: 'images/icon-1.png', data: new Uint8Array([137, 80, 78, 71]) },
        // Its photos are not unpacked: one this import could not read (encrypted) does not stop it.
        { name: 'images/photo.jpg', data: new Uint8Array([255, 216]), store: true, flags: 1 },
        { name: 'doc.kml', data: new TextEncoder().encode(MY_MAPS_KML) },
      ],
      'old-town.kmz',
      'application/vnd.google-earth.kmz',
    );
    const parsed = parseKml(await kmzText(kmz), nodeXml);
    expect(parsed.points.map((p) => p.name)).toEqual(['Blue Door Café', 'Market hall']);
    await expect(kmzText(zip([{ name: 'readme.txt', data: new Uint8Array([65]) }], 'x.kmz'))).rejects.toThrow(
      'The KMZ holds no KML file (doc.kml).',
    );
    // Not well-formed, as a hand-edited file can be: one clear problem, nothing imported.
    const broken = parseKml('<kml><Document><Placemark><name>A &amp; B</name></Document></kml>', nodeXml);
    expect(broken.points).toEqual([]);
    expect(broken.issues).toHaveLength(1);
    expect(broken.issues[0]).toMatch(/^The KML file is not well-formed XML: ./);
    expect(parseKml('<kml><Document></Document></kml>', nodeXml).issues).toEqual(['The KML file has no placemarks']);
  });

  it('reads a GPX file’s waypoints, each in the group of its type, and counts its tracks as skipped', () => {
    const gpx = `<?xml version="1.0"?>
<gpx version="1.1" creator="GPSBabel" xmlns="http://www.topografix.com/GPX/1/1">
  <wpt lat="48.85" lon="2.35"><ele>35</ele><name>Louvre</name><desc>Museum</desc><type>Sights</type></wpt>
  <wpt lat="52.52" lon="13.4"><name>Hostel</name></wpt>
  <trk><name>Day 1</name><trkseg><trkpt lat="48.85" lon="2.35"/><trkpt lat="48.86" lon="2.36"/></trkseg></trk>
</gpx>`;
    const parsed = parseGpx(gpx, nodeXml);
    expect(parsed).toMatchObject({ issues: [], skipped: 1 });
    const result = pointsToLocations(parsed, geoDoc());
    expect(result.groups).toEqual([{ id: 'sights', name: 'Sights' }]);
    expect(result.locations.map((l) => [l.id, l.about, l.groups])).toEqual([
      ['Louvre', 'Museum', ['sights']],
      ['Hostel', undefined, undefined],
    ]);
    expect(parseGpx('<kml/>', nodeXml).issues).toEqual(['The file is not GPX (no <gpx> element)']);
  });

  it('reads GeoJSON as GIS tools write it: capitalised names, categories, simplestyle colours, unplaced features', () => {
    const feature = (properties: object | null, coordinates: number[] | null = [2.35, 48.85]) => ({
      type: 'Feature',
      properties,
      geometry: coordinates && { type: 'Point', coordinates },
    });
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        feature({
          Name: 'Bakery',
          Description: 'Fresh bread',
          category: 'Food; Shops',
          'marker-color': 'f0a',
          'marker-symbol': 'bakery',
          website: 'https://bakery.example',
          opening_hours: 'Mo-Sa 07:00-19:00',
          level: '0',
          wheelchair: 'yes',
        }),
        feature({ Name: 'Nowhere' }, null),
        feature({ Name: 'Far away', category: 'Ghosts' }, [-74, 40.7]),
        feature(null, [13.4, 52.52]),
      ],
    });
    const result = pointsToLocations(parseGeoJson(text), { ...geoDoc(), layers: geoDoc().layers.slice(0, 1) });
    expect(result.issues).toEqual([
      "feature 2 (“Nowhere”): it has no position (a point's longitude and latitude)",
      "feature 3 (“Far away”): 40.7, -74 is outside this map's area",
    ]);
    // "Food" is the map's group; "Shops" is new; "Ghosts" only the left-out feature named, so it is not made.
    expect(result.groups).toEqual([{ id: 'shops', name: 'Shops' }]);
    expect(result.locations).toEqual([
      {
        id: 'Bakery',
        latlon: [48.85, 2.35],
        title: 'Bakery',
        about: 'Fresh bread',
        color: '#f0a',
        groups: ['food', 'shops'],
        link: 'https://bakery.example',
        hours: 'Mo-Sa 07:00-19:00',
        fields: { wheelchair: 'yes' },
      },
      { id: 'location', latlon: [52.52, 13.4] },
    ]);
  });
});

describe('OpenStreetMap data as Overpass exports it', () => {
  it('keeps its tags: contact tags as phone, website and e-mail, the others as custom fields, its node id as the id', () => {
    const d = doc();
    d.settings.geo = { extent: [-10, 35, 30, 60] };
    const text = JSON.stringify({
      type: 'FeatureCollection',
      generator: 'overpass-turbo',
      features: [
        {
          type: 'Feature',
          properties: {
            '@id': 'node/4242',
            amenity: 'cafe',
            name: 'Café Kranzler',
            'addr:street': 'Kurfürstendamm',
            'contact:phone': '+49 30 8877',
            'contact:website': 'https://kranzler.example',
            opening_hours: 'Mo-Su 09:00-20:00',
            wheelchair: 'limited',
          },
          geometry: { type: 'Point', coordinates: [13.33, 52.5] },
          id: 'node/4242',
        },
      ],
    });
    expect(pointsToLocations(parseGeoJson(text), d).locations).toEqual([
      {
        id: 'node-4242',
        latlon: [52.5, 13.33],
        title: 'Café Kranzler',
        phone: '+49 30 8877',
        link: 'https://kranzler.example',
        hours: 'Mo-Su 09:00-20:00',
        fields: { amenity: 'cafe', addr_street: 'Kurfürstendamm', wheelchair: 'limited' },
      },
    ]);
  });
});

describe('any file’s points', () => {
  // Names and values as files hold them: location keys in any case, aliases, reserved words, separators, empties.
  const key = fc.oneof(
    fc.constantFrom('name', 'Name', 'TITLE', 'description', 'desc', 'id', 'floor', 'level', 'category', 'tags'),
    fc.constantFrom('phone', 'phoneNumber', 'website', 'url', 'email', 'opening_hours', 'image', 'gx_media_links'),
    fc.constantFrom('type', 'zoom', 'coord', 'x', 'fields', 'groups', 'marker-color', 'icon-color', 'styleUrl', ''),
    fc.string({ maxLength: 12 }),
  );
  const value = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom('https://example.com/a', 'Food, Drinks; Shops', '#0af', 'f0a', 'upper', 'Upper floor', 'Food'),
    fc.double({ noNaN: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
    fc.record({ '@type': fc.constant('html'), value: fc.string({ maxLength: 30 }) }),
    fc.string({ minLength: 1190, maxLength: 1300 }),
  );
  // Mostly inside the map (longitude -10 to 30, latitude 35 to 60), some anywhere, some beyond the world.
  const inside = fc.tuple(fc.double({ min: -9, max: 29, noNaN: true }), fc.double({ min: 36, max: 59, noNaN: true }));
  const anywhere = fc.tuple(fc.double({ min: -200, max: 200, noNaN: true }), fc.double({ min: -100, max: 100 }));
  const geometry = fc.oneof(
    { weight: 6, arbitrary: fc.record({ type: fc.constant('Point'), coordinates: inside }) },
    fc.record({ type: fc.constant('Point'), coordinates: anywhere }),
    fc.record({ type: fc.constant('Point'), coordinates: fc.constantFrom([1], ['2', '48'], null) }),
    fc.constant(null),
    fc.constant({
      type: 'LineString',
      coordinates: [
        [0, 0],
        [1, 1],
      ],
    }),
  );
  // Properties with a name from a small pool half the time, so that names (and the ids made of them) meet.
  const properties = fc
    .tuple(
      fc.option(fc.constantFrom('Café', 'Cafe', 'cafe', 'Market', 'Food', ' ', 'Location'), { nil: undefined }),
      fc.dictionary(key, value, { maxKeys: 8 }),
    )
    .map(([name, rest]) => (name === undefined ? rest : { ...rest, name }));
  const entry = fc.record({
    feature: fc.record({
      type: fc.constant('Feature'),
      id: fc.option(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { nil: undefined }),
      geometry,
      properties: fc.option(properties, { nil: null, freq: 8 }),
    }),
    folder: fc.option(fc.oneof(fc.constantFrom('Food', 'food', 'Cafés, bars', 'upper'), fc.string({ maxLength: 12 })), {
      nil: undefined,
    }),
  });

  it('never throw, and import into a map its check accepts, however the file is written', () => {
    const map = doc();
    map.settings.geo = { extent: [-10, 35, 30, 60] };
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), fc.constantFrom('merge', 'add', 'replace'), (entries, mode) => {
        const result = pointsToLocations(featurePoints(entries, 'feature'), map, { floor: 'upper' });
        // importLocations checks the whole document as a save would; a refusal throws.
        try {
          importLocations.perform(map, { ...result, mode });
        } catch (e) {
          // Only "add" may stop, for an id the map has: said, not a broken document.
          expect(mode).toBe('add');
          expect(String(e)).toContain('There is already a location with the id');
        }
        const known = new Set([...map.groups, ...result.groups].map((g) => g.id));
        for (const l of result.locations) for (const g of l.groups ?? []) expect(known.has(g)).toBe(true);
        expect(new Set(result.locations.map((l) => l.id)).size).toBe(result.locations.length);
      }),
      { numRuns: 300 },
    );
  });
});
