/**
 * The editor's CSV import and the viewer's CSV source read cells by the same rules (viewer/csv/cells.ts):
 * the same file gives the same locations and the same problem for each bad row.
 */
import { describe, expect, it } from 'vitest';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { csvToLocations } from '../../../viewer/csv/locations';
import { parseCsvRows } from '../../../viewer/csv/parse';
import { guessMapping, parseCsv, rowsToLocations } from './csv';

function doc(): MapDocument {
  const d = blankDocument({ mapWidth: 1000, mapHeight: 500 });
  d.layers.push({ id: 'upper', name: 'Upper floor', file: '' });
  d.groups = [{ id: 'food', name: 'Food' }];
  d.styles = [{ id: 'gold', base: {}, hover: {}, active: {} } as unknown as MapDocument['styles'][number]];
  return d;
}

const FILE = [
  'id,title,groups,x,y,layer,colour,style,type,action,zoom,hidden',
  'a1,Café,"Food, Drinks",0.5,0.25,Upper floor,#ff0000,,pin,tooltip,3,no',
  'a2,Shop,Shops,500,250,,,,,,,',
  'bad id,Broken,,0.1,0.1,,,,,,,',
  'a3,Red,,0.1,0.1,,red,,,,,',
  'a4,Roof,,0.1,0.1,Roof,,,,,,',
  'a5,Gold,,0.1,0.1,,,silver,,,,',
  'a6,Marker,,0.1,0.1,,,,balloon,,,',
  'a7,Action,,0.1,0.1,,,,,fly,,',
  'a8,Zoom,,0.1,0.1,,,,,,99,',
  'a9,Hidden,Loners,0.1,0.1,,,,,,,maybe',
  'a10,Outside,,3000,10,,,,,,,',
  'a11,Half,,0.5,,,,,,,,',
].join('\n');

describe('the two CSV readers', () => {
  it('read the same locations and report the same problem for each bad row', () => {
    const viewer = csvToLocations(parseCsvRows(FILE), doc());
    const csv = parseCsv(FILE);
    const editor = rowsToLocations(csv, guessMapping(csv.headers), doc());

    const strip = (l: object) => JSON.parse(JSON.stringify(l)) as unknown;
    expect(editor.locations.map(strip)).toEqual(viewer.locations.map(strip));
    expect(editor.locations.map((l) => l.id)).toEqual(['a1', 'a2']);
    // Groups named only by left-out rows (Loners) are made by neither. The import colours the groups it makes (the
    // palette of Groups › Add); the viewer's are drawn in the map's colour.
    expect(editor.groups.map(({ color: _colour, ...g }) => g)).toEqual(viewer.groups);
    expect(editor.groups.map((g) => g.color)).toEqual(['#16a34a', '#dc2626']);
    expect(viewer.groups.map((g) => g.name)).toEqual(['Drinks', 'Shops']);

    const fromEditor = editor.issues.map((i) => `Line ${i.line}: ${i.message}`);
    expect(fromEditor).toEqual(viewer.skipped);
    expect(viewer.skipped).toEqual([
      'Line 4: "bad id" is not a valid id (1-64 letters, digits, "_" or "-", not starting with "-")',
      'Line 5: "red" is not a hex colour (#rgb or #rrggbb)',
      'Line 6: There is no floor “Roof”',
      'Line 7: There is no style "silver"',
      'Line 8: The marker type "balloon" is not one of hidden, circle, dot, square, rounded, pin, thumb, text',
      'Line 9: The click action "fly" is not one of tooltip, sidebar, lightbox, link, none',
      'Line 10: The zoom "99" is not a number from 1 to 50',
      'Line 11: Hidden "maybe" is not yes or no',
      'Line 12: The position "3000, 10" is outside the map',
      'Line 13: The position "0.5, " is not two numbers',
    ]);
  });

  it('read a position in one cell ("0.21,0.56", as Mapplic exports it), and latitude and longitude likewise', () => {
    const file = ['id,title,coord,latlng', 'a,Shop,"0.2,0.3",', 'b,Kiosk,"[0.5; 0.75]",', 'c,Pixels,"500,100",'].join(
      '\n',
    );
    const viewer = csvToLocations(parseCsvRows(file), doc());
    const csv = parseCsv(file);
    const mapping = guessMapping(csv.headers, csv.rows);
    expect(mapping).toEqual(['id', 'title', 'coord', 'latlon']);
    const editor = rowsToLocations(csv, mapping, doc());
    expect(editor.locations).toEqual(viewer.locations);
    expect(editor.locations.map((l) => l.coord)).toEqual([
      [0.2, 0.3],
      [0.5, 0.75],
      [0.5, 0.2],
    ]);
    const geo = { ...doc(), settings: { ...doc().settings, geo: { extent: [-180, -85, 180, 85] } } } as MapDocument;
    const places = 'id,latlon\nrome,"41.9,12.5"\nnowhere,"95,10"';
    const inEditor = rowsToLocations(parseCsv(places), ['id', 'latlon'], geo);
    expect(inEditor.locations).toEqual([{ id: 'rome', latlon: [41.9, 12.5] }]);
    expect(inEditor.issues.map((i) => `Line ${i.line}: ${i.message}`)).toEqual(
      csvToLocations(parseCsvRows(places), geo).skipped,
    );
    // Without a calibration there is nowhere to place them: a problem of the whole file, as for lat and lon.
    expect(rowsToLocations(parseCsv(places), ['id', 'latlon'], doc())).toMatchObject({ blocking: true });
  });

  it('take a "position" column of other values for a custom field, and never make a field of a location key', () => {
    const csv = parseCsv('id,position,coord,type\na,Manager,near the door,pin\n');
    expect(guessMapping(csv.headers, csv.rows)).toEqual(['id', 'field:position', 'ignore', 'type']);
    expect(rowsToLocations(csv, guessMapping(csv.headers, csv.rows), doc()).locations).toEqual([
      { id: 'a', type: 'pin', fields: { position: 'Manager' } },
    ]);
  });
});
