import { describe, expect, it } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { parseCsv } from './csv';
import { guessColumns, withRoomColumn } from './guess-columns';
import { floorRooms } from './import-floor';

const siteMap = () => {
  const doc = blankDocument();
  doc.groups = [
    { id: 'available', name: 'Available' },
    { id: 'sold', name: 'Sold' },
    { id: 'g-res', name: 'Reserved' },
  ];
  return doc;
};

describe('guessColumns', () => {
  it('takes a column whose every value names the map’s groups for the groups, by name or id, any case', () => {
    const csv = parseCsv(
      'id,title,status,price\nplot-1,Plot 1,Available,"£325,000"\nplot-2,Plot 2,sold,\nplot-3,Plot 3,,\nplot-4,Plot 4,g-res; Sold,\n',
    );
    expect(guessColumns(csv, siteMap())).toEqual(['id', 'title', 'groups', 'field:price']);
  });

  it('leaves a column alone when one value names no group, when a column is the groups already, or the map has none', () => {
    const typo = parseCsv('id,status\nplot-1,Available\nplot-2,Availble\n');
    expect(guessColumns(typo, siteMap())).toEqual(['id', 'field:status']);
    const said = parseCsv('id,group,status\nplot-1,Sold,Available\n');
    expect(guessColumns(said, siteMap())).toEqual(['id', 'groups', 'field:status']);
    const empty = parseCsv('id,status\nplot-1,\n');
    expect(guessColumns(empty, siteMap())).toEqual(['id', 'field:status']);
    expect(guessColumns(parseCsv('id,status\nplot-1,Sold\n'), blankDocument())).toEqual(['id', 'field:status']);
  });

  it('takes the headers a venue’s sheet names properties by in words of its own for those properties, once each', () => {
    const sheet = parseCsv(
      'Tenant ID,Shop,Storey,Phone number,E-mail,Web site,Opening times,Logo,Picture,Mobile\nT1,Bakery,GF,1,a@b.c,x,9-5,l,p,2\n',
    );
    expect(guessColumns(sheet, blankDocument())).toEqual([
      'id',
      'title',
      'layer',
      'phone',
      'email',
      'link',
      'hours',
      'thumb',
      'image',
      // A second phone column stays a custom field of its name: no column's data is lost.
      'field:Mobile',
    ]);
    // The exact names come first: a sheet's "Phone" is the phone, and its "Phone number" a field.
    expect(guessColumns(parseCsv('Name,Phone,Phone number\nA,1,2\n'), blankDocument())).toEqual([
      'title',
      'phone',
      'field:Phone_number',
    ]);
  });

  it('takes the column a venue’s sheet names its places by ("Shop", "Tenant") for the title, unless one is "name"', () => {
    const rows = parseCsv('Shop\tUnit\tOpening hours\nBakery\tG01\t9-17\n');
    expect(guessColumns(rows, blankDocument())).toEqual(['title', 'field:Unit', 'hours']);
    expect(guessColumns(parseCsv('Tenant name,Floor\nBakery,Ground\n'), blankDocument())).toEqual(['title', 'layer']);
    // A column called "name" is the title, wherever it stands; the guess takes no second one.
    expect(guessColumns(parseCsv('Store,Name\nA,B\n'), blankDocument())).toEqual(['field:Store', 'title']);
    expect(guessColumns(parseCsv('Shop,Store\nA,B\n'), blankDocument())).toEqual(['title', 'field:Store']);
  });

  it('takes a column of the map’s own locations’ ids for the ids, on plans with no shapes (a PDF’s rooms)', () => {
    // A PNG floor drawn from a PDF: no shapes; its rooms' numbers made locations "101" to "104".
    const rooms = floorRooms([['ground', []]]);
    const ids = ['101', '102', '103', '104', 'entrance'];
    // One unit typed wrong ("l04"): still the units, as four of five are the map's locations.
    const rows = [
      ['Bakery', '101'],
      ['Florist', '102'],
      ['Deli', '103'],
      ['Cafe', 'l04'],
      ['Kiosk', 'entrance'],
    ];
    expect(withRoomColumn(['title', 'field:Unit'], rows, rooms, ids)).toEqual(['title', 'id']);
    // Known before the drawings are read: the Import button does not change what it does a moment later.
    expect(withRoomColumn(['title', 'field:Unit'], rows, null, ids)).toEqual(['title', 'id']);
    // Not for the Shape: a location's id is no shape of the drawing.
    expect(withRoomColumn(['id', 'field:Unit'], rows, rooms, ids)).toEqual(['id', 'field:Unit']);
    // Values that are not the map's locations stay a field.
    expect(withRoomColumn(['title', 'field:Unit'], rows, rooms, ['201', '202'])).toEqual(['title', 'field:Unit']);
  });

  it('takes a column of different rooms of the floor plans for the ids, or for the Shape when a column is the id', () => {
    const rooms = floorRooms([
      ['ground', [{ id: 'G01' }, { id: 'G02' }]],
      ['first', [{ id: 'F01' }]],
    ]);
    const rows = [
      ['Bakery', 'G01', 'x'],
      ['Florist', 'F01', 'x'],
      ['Kiosk', '', 'x'],
    ];
    expect(withRoomColumn(['title', 'field:Unit', 'field:Zone'], rows, rooms)).toEqual(['title', 'id', 'field:Zone']);
    expect(
      withRoomColumn(
        ['id', 'field:Unit'],
        rows.map((r) => [r[0]!, r[1]!]),
        rooms,
      ),
    ).toEqual(['id', 'shape']);
    // Not before the rooms are read, not a column that names a room twice or a value that is no room.
    expect(withRoomColumn(['title', 'field:Unit'], rows, null)).toEqual(['title', 'field:Unit']);
    expect(
      withRoomColumn(
        ['title', 'field:Unit'],
        [
          ['A', 'G01'],
          ['B', 'G01'],
        ],
        rooms,
      ),
    ).toEqual(['title', 'field:Unit']);
    expect(
      withRoomColumn(
        ['title', 'field:Unit'],
        [
          ['A', 'G01'],
          ['B', 'G09'],
        ],
        rooms,
      ),
    ).toEqual(['title', 'field:Unit']);
  });

  it('takes a column of the names a drawing gives its rooms (Illustrator’s layers “105”, “106”) for the ids', () => {
    const rooms = floorRooms([
      [
        'ground',
        [
          { id: '_x31_05', name: '105' },
          { id: '_x31_06', name: '106' },
        ],
      ],
    ]);
    const rows = [
      ['Bakery', '105'],
      ['Florist', '106'],
    ];
    expect(withRoomColumn(['title', 'field:Unit'], rows, rooms)).toEqual(['title', 'id']);
  });

  it('takes a column of the rooms as a spreadsheet changed them (Excel’s 7 for “007”, “g01” for “G01”), after an exact one', () => {
    const rooms = floorRooms([['ground', [{ id: '007' }, { id: '008' }, { id: 'G01' }]]]);
    const rows = [
      ['Bakery', '7', '007'],
      ['Florist', '8', '008'],
      ['Kiosk', 'g01', 'G01'],
    ];
    // The column of the rooms as drawn wins over one before it that names them loosely.
    expect(withRoomColumn(['title', 'field:No', 'field:Unit'], rows, rooms)).toEqual(['title', 'field:No', 'id']);
    expect(
      withRoomColumn(
        ['title', 'field:No'],
        rows.map((r) => [r[0]!, r[1]!]),
        rooms,
      ),
    ).toEqual(['title', 'id']);
    // "7" and "007" in one column are one room twice.
    expect(
      withRoomColumn(
        ['title', 'field:No'],
        [
          ['A', '7'],
          ['B', '007'],
        ],
        rooms,
      ),
    ).toEqual(['title', 'field:No']);
  });

  it('takes a column of units with one typed wrong for the units, but not one with a value that could be no id', () => {
    const ids = Array.from({ length: 10 }, (_, n) => `G${String(n + 1).padStart(2, '0')}`);
    const rooms = floorRooms([['ground', ids.map((id) => ({ id }))]]);
    const rows = ids.map((id, n) => [`Shop ${n}`, n === 3 ? 'G0l' : id]);
    expect(withRoomColumn(['title', 'field:Unit'], rows, rooms)).toEqual(['title', 'id']);
    // A shop over two units: as an id, its row would be refused.
    rows[5]![1] = 'G06/G07';
    expect(withRoomColumn(['title', 'field:Unit'], rows, rooms)).toEqual(['title', 'field:Unit']);
    // Half of them rooms is not a column of rooms.
    const half = ids.map((id, n) => [`Shop ${n}`, n % 2 ? id : `X${n}`]);
    expect(withRoomColumn(['title', 'field:Unit'], half, rooms)).toEqual(['title', 'field:Unit']);
  });
});
