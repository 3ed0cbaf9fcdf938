// @vitest-environment jsdom
// jsdom, not happy-dom, for its XML parser: happy-dom's DOMParser stops at the CDATA sections of KML descriptions.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { uploadFile } from '../files-api';
import { aFile, GEO_FIXTURES, zip } from '../import/picked-files.fixtures';
import { dialog, openImport, pick, uploadsLikeTheLibrary } from './import-dialog.fixtures';

vi.mock('../files-api', async (original) => ({
  ...(await original<typeof import('../files-api')>()),
  uploadFile: vi.fn(),
}));
uploadsLikeTheLibrary(vi.mocked(uploadFile));

const MY_MAPS_KML = readFileSync(join(GEO_FIXTURES, 'my-maps-old-town.kml'));
// Stored, not deflated: the test DOM's Blob has no stream() to inflate through (the unit tests of import/kml.ts read
// deflated ones).
const kmz = (entries: { name: string; data: Uint8Array }[], type = 'application/vnd.google-earth.kmz') =>
  zip(
    entries.map((e) => ({ ...e, store: true })),
    'Old town.kmz',
    type,
  );

function geoMap() {
  const doc = blankDocument();
  doc.settings.geo = { extent: [-10, 35, 30, 60] };
  return doc;
}

describe('the Import dialog with KML, KMZ and GPX', () => {
  it('imports a My Maps KMZ with its layers as groups and its data, saying so before and after', async () => {
    const h = openImport(geoMap());
    pick('import-file', [kmz([{ name: 'doc.kml', data: new Uint8Array(MY_MAPS_KML) }])]);
    expect(await screen.findByText('KML: 2 points; 1 line left out (a line has no one place to stand).')).toBeTruthy();
    expect(screen.getByText('Blue Door Café (48.85, 2.35), in Cafés, bars & bakeries')).toBeTruthy();
    expect(
      screen.getByText('2 new groups, from the file’s folders and categories: Cafés, bars & bakeries, food.'),
    ).toBeTruthy();
    expect(screen.getByText('The file’s other data, kept as custom fields: Rating, Website.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 locations' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(h.notices.at(-1)?.text).toBe('Imported 2 locations and 2 new groups. Undo reverts the import.');
    expect(h.doc().groups).toEqual([
      { id: 'cafes-bars-bakeries', name: 'Cafés, bars & bakeries' },
      { id: 'food', name: 'food' },
    ]);
    expect(h.doc().locations.map((l) => [l.title, l.groups, l.color, l.phone])).toEqual([
      ['Blue Door Café', ['cafes-bars-bakeries'], '#0288d1', '030 1234 567'],
      ['Market hall', ['food'], '#00c000', undefined],
    ]);
  });

  it('imports an area (a building drawn in My Maps) as a location at its centre, and says so', async () => {
    const h = openImport(geoMap());
    const kml = `<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
      <Placemark><name>Library</name><Polygon><outerBoundaryIs><LinearRing>
        <coordinates>2,48 2.02,48 2.02,48.02 2,48.02 2,48</coordinates>
      </LinearRing></outerBoundaryIs></Polygon></Placemark>
      <Placemark><name>Gate</name><Point><coordinates>2.1,48.1</coordinates></Point></Placemark>
    </Document></kml>`;
    pick('import-file', [aFile([kml], 'Campus.kml', 'application/vnd.google-earth.kml+xml')]);
    expect(await screen.findByText('KML: 2 points, 1 of them an area’s centre.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 locations' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(h.doc().locations.map((l) => [l.title, l.latlon])).toEqual([
      ['Library', [48.01, 2.01]],
      ['Gate', [48.1, 2.1]],
    ]);
  });

  it('reads a KMZ the system calls a zip as KML, and says what a KMZ without KML lacks', async () => {
    openImport(geoMap());
    pick('import-file', [kmz([{ name: 'doc.kml', data: new Uint8Array(MY_MAPS_KML) }], 'application/zip')]);
    expect(await screen.findByText('KML: 2 points; 1 line left out (a line has no one place to stand).')).toBeTruthy();
    pick('import-file', [kmz([{ name: 'images/icon.png', data: new Uint8Array([137, 80, 78, 71]) }])]);
    expect((await screen.findByRole('alert')).textContent).toBe('The KMZ holds no KML file (doc.kml).');
  });

  it('imports GPX waypoints, and names the waypoint a problem concerns', async () => {
    const h = openImport(geoMap());
    const gpx = `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
<wpt lat="48.85" lon="2.35"><name>Louvre</name><type>Sights</type></wpt>
<wpt lat="40.7" lon="-74"><name>Far away</name></wpt></gpx>`;
    pick('import-file', [aFile([gpx], 'trip.gpx', 'application/gpx+xml')]);
    expect(await screen.findByText('GPX: 1 point.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      "waypoint 2 (“Far away”): 40.7, -74 is outside this map's area",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Import the 1 good point' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(h.doc().locations.map((l) => [l.title, l.groups])).toEqual([['Louvre', ['sights']]]);
  });

  it('says so when the browser cannot read the picked file any more, and takes the next pick', async () => {
    openImport(geoMap());
    // As Chromium fails a file deleted, changed or gone offline between the pick and the read.
    const gone = (name: string) => {
      const file = aFile(['x'], name);
      file.arrayBuffer = () =>
        Promise.reject(new DOMException('The requested file could not be read.', 'NotReadableError'));
      return file;
    };
    for (const name of ['shops.geojson', 'Old town.kmz']) {
      pick('import-file', [gone(name)]);
      expect((await screen.findByRole('alert')).textContent).toBe(
        'The file could not be read (The requested file could not be read.). Pick it again; if it was moved, changed or is on a network drive, copy it to this computer first.',
      );
    }
    pick('import-file', [aFile([readFileSync(join(GEO_FIXTURES, 'my-maps-old-town.kml'))], 'old-town.kml')]);
    expect(await screen.findByText('KML: 2 points; 1 line left out (a line has no one place to stand).')).toBeTruthy();
  });

  it('reads a KMZ larger than a text file may be when its KML is small, and refuses one over the zip limit', async () => {
    openImport(geoMap());
    // 60 MB of photos beside the KML: over the 50 MB a CSV or KML may be, read all the same (the photos are not).
    const photos = new Uint8Array(60 * 1024 * 1024);
    pick('import-file', [
      kmz([
        { name: 'doc.kml', data: new Uint8Array(MY_MAPS_KML) },
        { name: 'images/photos.jpg', data: photos },
      ]),
    ]);
    // Said while it is read.
    expect(screen.getByRole('status').textContent).toBe('Reading Old town.kmz…');
    expect(await screen.findByText('KML: 2 points; 1 line left out (a line has no one place to stand).')).toBeTruthy();
    const huge = kmz([{ name: 'doc.kml', data: new Uint8Array(MY_MAPS_KML) }]);
    Object.defineProperty(huge, 'size', { value: 201 * 1024 * 1024 });
    pick('import-file', [huge]);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The KMZ is 201 MB, over the 200 MB limit for a KMZ to import.',
    );
  });
});
