import { describe, expect, it } from 'vitest';
import { blankDocument, strictMapDocument, type MapDocument } from '@mapnest/shared/map-document';
import { importLocations } from '../actions/structure';
import { guessMapping, parseCsv, rowsToLocations } from './csv';
import { floorLevel, floorRooms, guessFloors, roomKey, withFloorNames, type FloorRooms } from './import-floor';
import { toCsv, toJson } from './export';

/** The floors' rooms from their shapes' ids, none named. */
const unnamed = (shapes: FloorRooms['shapes'] | null): FloorRooms | null =>
  shapes && floorRooms([...shapes].map(([floor, ids]) => [floor, [...ids].map((id) => ({ id }))] as const));

function doc(): MapDocument {
  const d = blankDocument({ mapWidth: 1000, mapHeight: 500 });
  d.layers.push({ id: 'upper', name: 'Upper floor', file: '' });
  d.groups = [{ id: 'food', name: 'Food' }];
  return d;
}

describe('CSV import', () => {
  it('says a quote not closed where its cell ends, and how many lines it ran on into, once a line', () => {
    const csv = parseCsv(
      'id,title,about\nlot-8,Lot 8,Fine\nlot-9,Lot 9,"Unclosed quote\nlot-10,Lot 10,"$1",x\nlot-11,Lot 11,Fine\n',
    );
    expect(csv.errors).toEqual([
      'Line 3: a cell starts with a quote (") that is not closed at its end, so the next line of the file was read into it. Put a quote at the end of the cell, or write the cell without quotes (only a cell with the separator or a line break in it needs them).',
    ]);
    // Line 4 (lot-10) went into lot-9's About, up to its own first quote; line 5 is read as it is.
    expect(csv.rows.map((r) => r[0])).toEqual(['lot-8', 'lot-9', 'lot-11']);
    // Left open on the last line, the cell takes only the file's last line break: no line is said to be lost.
    expect(parseCsv('id,title\nlot-7,"Sold\n').errors).toEqual([
      'Line 2: a cell starts with a quote (") that is not closed at its end. Put a quote at the end of the cell, or write the cell without quotes (only a cell with the separator or a line break in it needs them).',
    ]);
  });

  it('shows a new row without a position by the shape it stands for, as a room added by hand, and nothing else', () => {
    const d = doc();
    d.locations = [{ id: 'lot-1', title: 'Lot 1' }];
    const shapes = new Map([
      ['layer-1', new Set(['lot-1', 'lot-2', 'lot-3', 'lot-4', 'plot-5'])],
      ['upper', new Set<string>()],
    ]);
    const csv = parseCsv(
      'id,title,x,y,type,shape\nlot-1,Lot 1,,,,\nlot-2,Lot 2,,,,\nlot-3,Lot 3,0.5,0.5,,\nlot-4,Lot 4,,,pin,\nlot-5,Lot 5,,,,plot-5\nkiosk,Kiosk,,,,\n',
    );
    const types = (floorShapes: typeof shapes | null) =>
      rowsToLocations(csv, guessMapping(csv.headers), d, {
        floor: 'layer-1',
        rooms: unnamed(floorShapes),
      }).locations.map((l) => [l.id, l.type]);
    expect(types(shapes)).toEqual([
      // An update keeps its marker; a row with a position or a marker type of its own keeps them.
      ['lot-1', undefined],
      ['lot-2', 'hidden'],
      ['lot-3', undefined],
      ['lot-4', 'pin'],
      // Its Shape cell names the shape; a row that stands for no shape of its floor keeps the map's default.
      ['lot-5', 'hidden'],
      ['kiosk', undefined],
    ]);
    // Before the floors' shapes are read, nothing is decided for them.
    expect(types(null).filter(([, type]) => type === 'hidden')).toEqual([]);
    // Replacing every location keeps nothing of lot-1 as it was, so its row is as new: shown by its shape alone.
    const replaced = rowsToLocations(csv, guessMapping(csv.headers), d, {
      floor: 'layer-1',
      rooms: unnamed(shapes),
      replacing: true,
    });
    expect(replaced.locations.find((l) => l.id === 'lot-1')?.type).toBe('hidden');
  });

  it('puts a new row standing for a room on the one floor whose plan has it, and moves nothing else', () => {
    const d = doc();
    d.locations = [{ id: 'U2', title: 'Kept', layer: 'layer-1' }];
    const shapes = new Map([
      ['layer-1', new Set(['G1', 'both'])],
      ['upper', new Set(['U1', 'U2', 'U3', 'both', 'room-9'])],
    ]);
    const csv = parseCsv(
      'id,title,x,y,shape\nG1,Ground room,,,\nU1,Upper room,,,\nU2,Kept,,,\nU3,Placed,0.5,0.5,\nboth,Both,,,\nnone,No room,,,\nk,By shape,,,room-9\n',
    );
    const floors = (floorShapes: typeof shapes | null) =>
      rowsToLocations(csv, guessMapping(csv.headers), d, {
        floor: 'layer-1',
        rooms: unnamed(floorShapes),
      }).locations.map((l) => [l.id, l.layer]);
    expect(floors(shapes)).toEqual([
      ['G1', 'layer-1'],
      ['U1', 'upper'],
      // An update keeps its floor; a row with a position is on the floor chosen, as its position is of that plan.
      ['U2', 'layer-1'],
      ['U3', 'layer-1'],
      // A room of the floor chosen stays there; a room of no plan goes on the floor chosen; a Shape cell is the room.
      ['both', 'layer-1'],
      ['none', 'layer-1'],
      ['k', 'upper'],
    ]);
    // Before the floors' shapes are read, every new row is on the floor chosen.
    expect(floors(null).every(([, layer]) => layer === 'layer-1')).toBe(true);
  });

  it('binds a unit that names a room of an Illustrator drawing (“105” drawn as _x31_05) to that room', () => {
    const d = doc();
    // "Add rooms" made the upper floor's 206 with the drawing's id; 105 and 106 have no location yet.
    d.locations = [{ id: '_x32_06', title: '206', layer: 'upper', type: 'hidden' }];
    const rooms = floorRooms([
      [
        'layer-1',
        [
          { id: '_x31_05', name: '105' },
          { id: '_x31_06', name: '106' },
          { id: 'Lift', name: 'Lift' },
        ],
      ],
      [
        'upper',
        [
          { id: '_x32_05', name: '205' },
          { id: '_x32_06', name: '206' },
          { id: 'Lift_1_', name: 'Lift' },
        ],
      ],
    ]);
    const csv = parseCsv('id,title,shape\n105,Bakery,\n205,Optician,\n206,Florist,\nk1,Kiosk,106\n999,Pop-up,\n');
    const result = rowsToLocations(csv, guessMapping(csv.headers), d, { floor: 'layer-1', rooms });
    expect(result.issues).toEqual([]);
    expect(result.locations.map((l) => [l.id, l.title, l.layer, l.shape, l.type])).toEqual([
      // A new location keeps the sheet's unit as its id and stands for the room of that name, on its floor.
      ['105', 'Bakery', 'layer-1', '_x31_05', 'hidden'],
      ['205', 'Optician', 'upper', '_x32_05', 'hidden'],
      // The room's own location is updated (keeping its floor and marker), not doubled by a second one standing for it.
      ['_x32_06', 'Florist', 'upper', undefined, undefined],
      // A Shape cell may name the room too; a unit that names no room is as before.
      ['k1', 'Kiosk', 'layer-1', '_x31_06', 'hidden'],
      ['999', 'Pop-up', 'layer-1', undefined, undefined],
    ]);
    // Without the names (the drawings not read yet), the units are ids of their own.
    const before = rowsToLocations(csv, guessMapping(csv.headers), d, { floor: 'layer-1' });
    expect(before.locations.map((l) => l.id)).toEqual(['105', '205', '206', 'k1', '999']);
  });

  it('binds a unit a spreadsheet changed (Excel’s 7 for “007”, “g01” for “G01”) to its room, and none two rooms could be', () => {
    const d = doc();
    const rooms = floorRooms([
      ['layer-1', [{ id: '007' }, { id: 'G01' }, { id: 'A1' }, { id: 'a01' }]],
      ['upper', [{ id: '107' }]],
    ]);
    const csv = parseCsv('id,title\n7,Bakery\ng01,Florist\n107,Optician\na1,Kiosk\n');
    const result = rowsToLocations(csv, guessMapping(csv.headers), d, { floor: 'layer-1', rooms });
    expect(result.locations.map((l) => [l.id, l.layer, l.shape, l.type])).toEqual([
      ['7', 'layer-1', '007', 'hidden'],
      ['g01', 'layer-1', 'G01', 'hidden'],
      // An id as drawn is bound as before.
      ['107', 'upper', undefined, 'hidden'],
      // "a1" is "A1" and "a01" alike: neither is taken.
      ['a1', 'layer-1', undefined, undefined],
    ]);
  });

  it('reads a room’s id or name as a spreadsheet may have changed it', () => {
    const same = (a: string, b: string) => expect(roomKey(a)).toBe(roomKey(b));
    same('007', '7');
    same('G01', 'g1');
    same('Unit 105', '105');
    same('Suite 210', '210');
    same('Shop #12', '12');
    same('#12', '12');
    same('lot_7', '7');
    same('Ste. 4B', '4b');
    // A word that is the name itself is kept: "Store room" is not "room".
    expect(roomKey('Store room')).toBe('store room');
    expect(roomKey('Unit')).toBe('unit');
    expect(roomKey('Lift A')).toBe('lift a');
  });

  it('reads a floor’s room names: one shape’s only, and none that is the id of a shape', () => {
    const rooms = floorRooms([
      [
        'ground',
        [
          { id: 'a', name: 'Lift' },
          { id: 'b', name: 'Lift' },
          { id: 'c', name: 'a' },
          { id: '_x31_05', name: '105' },
          { id: 'd' },
        ],
      ],
      ['broken', null],
    ]);
    expect([...rooms.shapes.keys()]).toEqual(['ground']);
    expect(rooms.shapes.get('ground')).toEqual(new Set(['a', 'b', 'c', '_x31_05', 'd']));
    expect(rooms.names.get('ground')).toEqual(new Map([['105', '_x31_05']]));
  });

  it('updates the location of a row’s title when the row has no id: a list imported again, or the plan’s rooms', () => {
    const d = doc();
    // Rooms found on the plan (ids from its shapes), a store on both floors, and one the first import made.
    d.locations = [
      { id: 'food-court', title: 'FOOD COURT', layer: 'layer-1' },
      { id: 'juice-hub', title: 'Juice hub', layer: 'upper' },
      { id: 'harrow-finch', title: 'Harrow & Finch', layer: 'layer-1' },
      { id: 'harrow-finch-2', title: 'Harrow & Finch', layer: 'upper' },
      { id: 'Cafe-Muller', title: 'Café Müller', layer: 'upper' },
    ];
    const csv = parseCsv(
      [
        'Title,Floor,Description',
        'Food  Court,Floor 1,Eight kitchens',
        'Juice Hub,Upper floor,Fresh juice',
        'Harrow & Finch,Upper floor,Level 1',
        'Harrow & Finch,Floor 1,Level 0',
        'cafe muller,Upper floor,Coffee',
        'Pizza Forno,Floor 1,Wood-fired',
        'Pizza Forno,Upper floor,The same name again',
      ].join('\n'),
    );
    const { locations, issues } = rowsToLocations(csv, guessMapping(csv.headers), d);
    expect(issues).toEqual([]);
    expect(locations.map((l) => [l.id, l.title, l.layer])).toEqual([
      ['food-court', 'Food  Court', 'layer-1'],
      ['juice-hub', 'Juice Hub', 'upper'],
      // The one on the row's floor first.
      ['harrow-finch-2', 'Harrow & Finch', 'upper'],
      ['harrow-finch', 'Harrow & Finch', 'layer-1'],
      ['Cafe-Muller', 'cafe muller', 'upper'],
      // New: no location of the map has the title; the second row is a location of its own.
      ['Pizza-Forno', 'Pizza Forno', 'layer-1'],
      ['Pizza-Forno-2', 'Pizza Forno', 'upper'],
    ]);
    // Only adding: every row is a new location, whatever its title.
    const added = rowsToLocations(csv, guessMapping(csv.headers), d, { adding: true }).locations;
    expect(added.map((l) => l.id).filter((id) => d.locations.some((l) => l.id === id))).toEqual([]);
    // Imported again, the same file updates every location it made and adds none.
    const once = importLocations.perform(d, { locations, mode: 'merge' });
    const again = rowsToLocations(csv, guessMapping(csv.headers), once).locations.map((l) => l.id);
    expect(again).toEqual(locations.map((l) => l.id));
    expect(
      importLocations.perform(once, {
        locations: rowsToLocations(csv, guessMapping(csv.headers), once).locations,
        mode: 'merge',
      }).locations,
    ).toHaveLength(7);
  });

  it('lists a row with neither a title nor an id, which would be a nameless directory entry, and leaves it out', () => {
    const csv = parseCsv('Title,Floor,About\nBakery,Floor 1,Bread\n,Floor 1, on level 1.\n');
    const result = rowsToLocations(csv, guessMapping(csv.headers), doc());
    expect(result.locations.map((l) => l.title)).toEqual(['Bakery']);
    expect(result.issues).toEqual([
      { line: 3, column: 'Title', message: 'A location needs a title or an id, and this row has neither' },
    ]);
    expect(result.badRows).toBe(1);
  });

  it('takes a size or zoom column as the marker’s only when every value is one, else as a custom field', () => {
    const markers = parseCsv('id,size,zoom\na,1.5,3\nb,,2\n');
    expect(guessMapping(markers.headers, markers.rows)).toEqual(['id', 'scale', 'zoom']);
    const lots = parseCsv('id,size,zoom\nlot-1,457,3\nlot-2,0.5,near\n');
    // "zoom" is a location's own key, which no custom field may have (the map's check refuses it): left out.
    expect(guessMapping(lots.headers, lots.rows)).toEqual(['id', 'field:size', 'ignore']);
    // Semicolon-separated with decimal commas, as Excel writes it where the decimal mark is a comma.
    const excel = parseCsv('id;size\na;1,5\n');
    expect(guessMapping(excel.headers, excel.rows, excel.decimalComma)).toEqual(['id', 'scale']);
  });

  it('guesses the mapping from the header and turns rows into locations', () => {
    const csv = parseCsv(
      'ID,Name,Category,X,Y,Floor,Colour,Price\na1,Café,"Food, Drinks",0.5,0.25,Upper floor,#ff0000,4\n,Shop B,Shops,500,250,,,\n',
    );
    const mapping = guessMapping(csv.headers);
    expect(mapping).toEqual(['id', 'title', 'groups', 'x', 'y', 'layer', 'color', 'field:Price']);
    const result = rowsToLocations(csv, mapping, doc());
    expect(result.issues).toEqual([]);
    expect(result.groups.map((g) => g.name)).toEqual(['Drinks', 'Shops']);
    expect(result.locations[0]).toEqual({
      id: 'a1',
      title: 'Café',
      groups: ['food', 'drinks'],
      coord: [0.5, 0.25],
      layer: 'upper',
      color: '#ff0000',
      fields: { Price: '4' },
    });
    expect(result.locations[1]).toMatchObject({ id: 'Shop-B', coord: [0.5, 0.5], groups: ['shops'] });
    const next = importLocations.perform(doc(), { locations: result.locations, groups: result.groups, mode: 'add' });
    expect(strictMapDocument.safeParse(next).success).toBe(true);
  });

  it('lists every bad row with its line and column, and keeps only the good rows', () => {
    const csv = parseCsv(
      'id,title,color,x,y,layer,groups\na,A,#fff,0.1,0.1,,\nb,B,red,0.2,0.2,,Bakeries\nc,C,,2000,0.3,,\na,D,,0.4,0.4,Basement,\ne,E,,0.5,0.5,,Shops\n',
    );
    const result = rowsToLocations(csv, guessMapping(csv.headers), doc());
    expect(result.locations.map((l) => l.id)).toEqual(['a', 'e']);
    expect(result).toMatchObject({ blocking: false, badRows: 3 });
    // Only the good rows' new groups are created ("Bakeries" was on a left-out row).
    expect(result.groups.map((g) => g.name)).toEqual(['Shops']);
    expect(result.issues).toEqual([
      { line: 3, column: 'color', message: '"red" is not a hex colour (#rgb or #rrggbb)' },
      { line: 4, column: 'x', message: 'The position "2000, 0.3" is outside the map' },
      { line: 5, column: 'layer', message: 'There is no floor “Basement”' },
      { line: 5, column: 'id', message: 'The id "a" is also used on line 2' },
    ]);
  });

  it('puts the new locations of a file without floors on the import’s floor; an updated one keeps its own', () => {
    const d = doc();
    d.locations = [
      { id: 'lift', title: 'Lift', coord: [0.1, 0.1] },
      { id: 'desk', title: 'Desk', coord: [0.2, 0.2], layer: 'layer-1' },
    ];
    const csv = parseCsv('id,title,x,y,hours\nshop,Shop,0.5,0.5,9-5\nlift,Lift,0.1,0.1,\ndesk,Desk,0.2,0.2,8-6\n');
    const mapping = guessMapping(csv.headers);
    const floors = (floor: string | null) =>
      rowsToLocations(csv, mapping, d, { floor }).locations.map((l) => [l.id, l.layer]);
    expect(floors('upper')).toEqual([
      ['shop', 'upper'],
      ['lift', undefined],
      ['desk', 'layer-1'],
    ]);
    const merged = importLocations.perform(d, {
      locations: rowsToLocations(csv, mapping, d, { floor: 'upper' }).locations,
      mode: 'merge',
    });
    expect(merged.locations.map((l) => [l.id, l.layer])).toEqual([
      ['lift', undefined],
      ['desk', 'layer-1'],
      ['shop', 'upper'],
    ]);
    // A column of floors decides for every row, an empty cell being every floor (as the export writes it).
    const withColumn = parseCsv('id,title,x,y,layer\nshop,Shop,0.5,0.5,Upper floor\nkiosk,Kiosk,0.3,0.3,\n');
    const placed = rowsToLocations(withColumn, guessMapping(withColumn.headers), d, { floor: 'layer-1' });
    expect(placed.locations.map((l) => [l.id, l.layer])).toEqual([
      ['shop', 'upper'],
      ['kiosk', undefined],
    ]);
  });

  it('refuses latitude/longitude on a map that is not geo-calibrated, and an unmapped file', () => {
    const csv = parseCsv('name,lat,lon\nParis,48.85,2.35\n');
    expect(rowsToLocations(csv, guessMapping(csv.headers), doc())).toMatchObject({ blocking: true, locations: [] });
    expect(rowsToLocations(csv, guessMapping(csv.headers), doc()).issues[0]!.message).toContain('not geo-calibrated');
    expect(rowsToLocations(csv, ['ignore', 'ignore', 'ignore'], doc()).issues[0]!.message).toBe(
      'Map at least one column to Id or Title',
    );
  });

  it('places latitude/longitude on a geo-calibrated map', () => {
    const d = doc();
    d.settings.geo = { extent: [-180, -85, 180, 85] };
    const csv = parseCsv('name;lat;lon\nParis;48.85;2.35\n');
    const result = rowsToLocations(csv, guessMapping(csv.headers), d);
    expect(result.locations[0]).toEqual({ id: 'Paris', title: 'Paris', latlon: [48.85, 2.35] });
  });

  it('lists points outside a geographic map’s area without stopping the others', () => {
    const d = doc();
    d.settings.geo = { extent: [-10, 35, 30, 60] };
    const csv = parseCsv('name,lat,lon\nParis,48.85,2.35\nNew York,40.7,-74\nBerlin,52.52,13.4\n');
    const result = rowsToLocations(csv, guessMapping(csv.headers), d);
    expect(result.issues).toEqual([{ line: 3, column: 'lat', message: '"40.7, -74" is outside this map\'s area' }]);
    expect(result.blocking).toBe(false);
    expect(result.locations.map((l) => l.title)).toEqual(['Paris', 'Berlin']);
  });

  it('reads a file of one column without papaparse’s complaint that it found no separator', () => {
    const csv = parseCsv('title\nBakery\nCafé\n');
    expect(csv.errors).toEqual([]);
    expect(rowsToLocations(csv, guessMapping(csv.headers), doc()).locations.map((l) => l.id)).toEqual([
      'Bakery',
      'Cafe',
    ]);
  });

  it('round-trips through CSV export', () => {
    const d = doc();
    d.locations = [
      { id: 'a', title: 'A, "quoted"', coord: [0.1, 0.2], groups: ['food'], hide: true, fields: { price: '=1+1' } },
    ];
    const text = toCsv(d);
    expect(text).toContain("'=1+1");
    const csv = parseCsv(text);
    expect(csv.errors).toEqual([]);
    const result = rowsToLocations(csv, guessMapping(csv.headers), d);
    expect(result.issues).toEqual([]);
    expect(result.locations[0]).toMatchObject({
      id: 'a',
      title: 'A, "quoted"',
      coord: [0.1, 0.2],
      groups: ['food'],
      hide: true,
    });
    expect(JSON.parse(toJson(d))).toEqual(d);
  });
});

describe('addresses in a sheet', () => {
  it('reads a web address written without https:// as one, and keeps paths and short thumbnails', () => {
    const csv = parseCsv(
      'title,website,image,thumbnail\nBakery,www.bakery.com,cdn.bakery.co.uk/shop.jpg,BK\nFlorist,/shops/florist,/files/f.jpg,logo.png\n',
    );
    const read = rowsToLocations(csv, guessMapping(csv.headers), doc());
    expect(read.locations.map((l) => [l.link, l.image, l.thumb])).toEqual([
      ['https://www.bakery.com', 'https://cdn.bakery.co.uk/shop.jpg', 'BK'],
      ['/shops/florist', '/files/f.jpg', 'logo.png'],
    ]);
  });

  it('takes a placeholder ("n/a", "-", "TBC") in a link, image, phone or e-mail column for none', () => {
    const csv = parseCsv(
      'title,website,image,phone,email,hours\nBakery,N/A,-,TBC,n/a,TBC\nFlorist, none ,—,,-,\nCafé,tbc,?,n/a,none,9-5\n',
    );
    const read = rowsToLocations(csv, guessMapping(csv.headers), doc());
    // Each would have been a link to a page of the site, a broken image, a Call or Email button going nowhere.
    expect(read.locations.map((l) => [l.title, l.link, l.image, l.phone, l.email])).toEqual([
      ['Bakery', undefined, undefined, undefined, undefined],
      ['Florist', undefined, undefined, undefined, undefined],
      ['Café', undefined, undefined, undefined, undefined],
    ]);
    // Hours are words for visitors, shown as written.
    expect(read.locations.map((l) => l.hours)).toEqual(['TBC', undefined, '9-5']);
    expect(read.issues).toEqual([]);
  });
});

describe('the floors a file names, and the map’s', () => {
  it('reads the level a floor’s name says, however it is written', () => {
    const levels = (names: string[]) => names.map(floorLevel);
    expect(levels(['GF', 'Ground', 'Ground floor', 'Level 0', 'L0', 'G'])).toEqual(['G', 'G', 'G', 'G', 'G', 'G']);
    expect(levels(['L1', 'Level 1', '1st floor', 'First', '1F', 'Floor 1'])).toEqual(['1', '1', '1', '1', '1', '1']);
    expect(levels(['2nd Floor', 'Second floor', 'Level 02'])).toEqual(['2', '2', '2']);
    expect(levels(['B1', 'Basement', 'Level -1', 'LG', 'B2'])).toEqual(['B1', 'B1', 'B1', 'B1', 'B2']);
    expect(levels(['Mezzanine', 'Roof', 'Upper floor', ''])).toEqual([null, null, null, null]);
  });

  it('guesses the map’s floor of each name by its level, and a number only when both name a ground floor or neither', () => {
    const mall = [
      { id: 'ground', name: 'Ground floor' },
      { id: 'first', name: 'First floor' },
      { id: 'car-park', name: 'Car park' },
    ];
    expect(guessFloors(['GF', 'L1', 'Roof', 'Level 2'], mall)).toEqual({ GF: 'ground', L1: 'first' });
    // "Level 1" is a ground floor in America: with no ground floor in the file, its numbers are not guessed.
    expect(guessFloors(['Level 1', 'Level 2'], mall)).toEqual({});
    const numbered = [
      { id: 'f1', name: 'Floor 1' },
      { id: 'f2', name: 'Floor 2' },
    ];
    expect(guessFloors(['L1', 'L2'], numbered)).toEqual({ L1: 'f1', L2: 'f2' });
    expect(guessFloors(['Ground', 'First'], numbered)).toEqual({});
    // Two floors of one level: neither is guessed.
    expect(guessFloors(['G'], [...mall, { id: 'g2', name: 'Ground' }])).toEqual({});
  });

  it('reads the rows with each name chosen as its floor, and leaves the others as they are', () => {
    const csv = parseCsv('title,floor\nA,GF\nB, L1 \nC,Roof\n');
    expect(withFloorNames(csv, 1, { GF: 'ground', L1: 'first' }).rows).toEqual([
      ['A', 'ground'],
      ['B', 'first'],
      ['C', 'Roof'],
    ]);
    expect(withFloorNames(csv, -1, { GF: 'ground' })).toBe(csv);
  });
});
