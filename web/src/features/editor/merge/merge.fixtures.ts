/** Generated map documents and edits, for the property tests of the three-way merge and of document paths. */
import fc from 'fast-check';
import { blankDocument, parseIfValid, type Location, type MapDocument } from '@mapnest/shared/map-document';

// ---- Generated documents and edits -------------------------------------------------------------

export const LOC_IDS = ['a', 'b', 'c', 'd', 'e'];
const NEW_IDS = ['n1', 'n2'];
const GROUP_IDS = ['g1', 'g2'];
const TEXT = fc.constantFrom('Bakery', 'Books', 'Café', 'Toys', 'Florist');
const COLOR = fc.constantFrom('#ff0000', '#00aa00', '#123456');
const COORD = fc
  .tuple(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 10 }))
  .map(([x, y]) => [x / 10, y / 10] as [number, number]);

const locationArb = (id: string) =>
  fc
    .record(
      {
        title: TEXT,
        about: TEXT,
        color: COLOR,
        coord: COORD,
        groups: fc.subarray(GROUP_IDS, { minLength: 1 }),
        fields: fc.dictionary(fc.constantFrom('price', 'floor'), TEXT),
      },
      { requiredKeys: [] },
    )
    .map((r) => ({ id, ...r }) as Location);

export const baseArb: fc.Arbitrary<MapDocument> = fc
  .record({
    locations: fc.subarray(LOC_IDS).chain((ids) => fc.tuple(...ids.map(locationArb))),
    search: TEXT,
    width: fc.integer({ min: 500, max: 2000 }),
  })
  .map(({ locations, search, width }) => {
    const d = blankDocument({ mapWidth: width });
    d.groups = GROUP_IDS.map((id) => ({ id, name: id.toUpperCase() }));
    d.locations = locations;
    d.settings.text.search = search;
    return d;
  });

export type Edit =
  | { op: 'set'; id: string; field: 'title' | 'about' | 'color' | 'coord'; value: unknown }
  | { op: 'field'; id: string; key: string; value: string }
  | { op: 'remove'; id: string }
  | { op: 'add'; loc: Location }
  | { op: 'move'; from: number; to: number }
  | { op: 'setting'; key: 'search' | 'more' | 'width'; value: string | number }
  | { op: 'group'; id: string; name: string };

export const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({
    op: fc.constant('set' as const),
    id: fc.constantFrom(...LOC_IDS),
    field: fc.constantFrom('title' as const, 'about' as const),
    value: TEXT,
  }),
  fc.record({
    op: fc.constant('set' as const),
    id: fc.constantFrom(...LOC_IDS),
    field: fc.constant('color' as const),
    value: COLOR,
  }),
  fc.record({
    op: fc.constant('set' as const),
    id: fc.constantFrom(...LOC_IDS),
    field: fc.constant('coord' as const),
    value: COORD,
  }),
  fc.record({
    op: fc.constant('field' as const),
    id: fc.constantFrom(...LOC_IDS),
    key: fc.constantFrom('price', 'floor'),
    value: TEXT,
  }),
  fc.record({ op: fc.constant('remove' as const), id: fc.constantFrom(...LOC_IDS) }),
  fc.constantFrom(...NEW_IDS).chain((id) => locationArb(id).map((loc) => ({ op: 'add' as const, loc }))),
  fc.record({ op: fc.constant('move' as const), from: fc.nat(6), to: fc.nat(6) }),
  fc.record({
    op: fc.constant('setting' as const),
    key: fc.constantFrom('search' as const, 'more' as const),
    value: TEXT,
  }),
  fc.record({
    op: fc.constant('setting' as const),
    key: fc.constant('width' as const),
    value: fc.integer({ min: 500, max: 2000 }),
  }),
  fc.record({ op: fc.constant('group' as const), id: fc.constantFrom(...GROUP_IDS), name: TEXT }),
);

export function apply(doc: MapDocument, edits: readonly Edit[]): MapDocument {
  const d = structuredClone(doc);
  for (const e of edits) {
    const i = 'id' in e ? d.locations.findIndex((l) => l.id === e.id) : -1;
    switch (e.op) {
      case 'set':
        if (i >= 0) d.locations[i] = { ...d.locations[i]!, [e.field]: e.value };
        break;
      case 'field':
        if (i >= 0) d.locations[i] = { ...d.locations[i]!, fields: { ...d.locations[i]!.fields, [e.key]: e.value } };
        break;
      case 'remove':
        if (i >= 0) d.locations.splice(i, 1);
        break;
      case 'add':
        if (!d.locations.some((l) => l.id === e.loc.id)) d.locations.push(e.loc);
        break;
      case 'move':
        if (d.locations.length > 1) {
          const [item] = d.locations.splice(e.from % d.locations.length, 1);
          d.locations.splice(e.to % (d.locations.length + 1), 0, item!);
        }
        break;
      case 'setting':
        if (e.key === 'width') d.settings.mapWidth = e.value as number;
        else d.settings.text[e.key] = e.value as string;
        break;
      case 'group': {
        const g = d.groups.find((x) => x.id === e.id)!;
        g.name = e.name;
        break;
      }
    }
  }
  const valid = parseIfValid(d);
  if (!valid) throw new Error('generated an invalid document');
  return valid;
}

/** A base document and two versions made from it. */
export const scenario = baseArb.chain((base) =>
  fc
    .tuple(fc.array(editArb, { maxLength: 6 }), fc.array(editArb, { maxLength: 6 }))
    .map(([a, b]) => ({ base, ours: apply(base, a), theirs: apply(base, b) })),
);
