/**
 * The largest real maps we can model, for the document limits (ADR 027): what the limits must always let through.
 * Every text is as long as the longest of its kind we expect in a real map, on every location at once, so these are
 * upper bounds of real maps rather than typical ones.
 *
 * - `largeVenueDocument`: a 2,500-unit venue directory (a regional mall, an airport or a trade fair's exhibitors)
 *   on 4 floors, each unit with a full store page: a 2,000-character HTML description (about 300 words, the longest
 *   store description we found is 228), a 300-character summary, image and thumbnail URLs, opening hours, contact
 *   details and 5 custom fields.
 * - `storeLocatorDocument`: a dealer or store locator of `count` points (ADR 004's 20,000) with a short summary,
 *   address fields and a link each.
 */
import { blankDocument, type MapDocument } from './map-document';

/** The longest texts of a real location (characters), used on every location of the large venue. */
export const REAL_TEXT_MAX = {
  title: 60,
  about: 300,
  desc: 2_000,
  fieldValue: 120,
  hours: 120,
} as const;

const words = 'open daily fashion shoes coffee family friendly gifts local since served bright window level near lift';
function prose(length: number, seed: number): string {
  const list = words.split(' ');
  let out = '';
  for (let i = seed; out.length < length; i++) out += `${list[(i * 7 + seed) % list.length]} `;
  return out.slice(0, length);
}

/** An HTML description of exactly `length` characters: paragraphs and a list, as a store page has them. */
function storePage(length: number, seed: number): string {
  const body = `<p>${prose(length, seed)}</p>`;
  const tail = '</p>';
  return body.length > length ? `${body.slice(0, length - tail.length)}${tail}` : body;
}

const pad = (text: string, length: number) => (text + prose(length, text.length)).slice(0, length);

/** A 2,500-unit, 4-floor venue directory with every text at its longest real length. */
export function largeVenueDocument(units = 2_500): MapDocument {
  const doc = blankDocument({ mapWidth: 8000, mapHeight: 6000, layerId: 'level-0', layerName: 'Ground floor' });
  doc.layers = [0, 1, 2, 3].map((f) => ({
    id: `level-${f}`,
    name: f === 0 ? 'Ground floor' : `Level ${f}`,
    file: `https://cdn.example.com/venue/level-${f}.svg`,
  }));
  doc.groups = Array.from({ length: 40 }, (_, g) => ({
    id: `cat-${g}`,
    name: pad(`Category ${g} `, 30),
    color: '#336699',
  }));
  const side = Math.ceil(Math.sqrt(units / 4));
  doc.locations = Array.from({ length: units }, (_, i) => ({
    id: `unit-${String(i).padStart(4, '0')}`,
    title: pad(`Store ${i} `, REAL_TEXT_MAX.title),
    about: pad(`Unit ${i}: `, REAL_TEXT_MAX.about),
    desc: storePage(REAL_TEXT_MAX.desc, i),
    thumb: `https://cdn.example.com/venue/logos/unit-${i}-logo.png`,
    image: `https://cdn.example.com/venue/photos/unit-${i}-storefront.jpg`,
    link: `https://www.example.com/stores/store-${i}`,
    phone: '+44 20 7946 0000',
    email: `store-${i}@example.com`,
    hours: pad('Mon-Sat 09:00-21:00, Sun 11:00-17:00, ', REAL_TEXT_MAX.hours),
    layer: `level-${i % 4}`,
    groups: [`cat-${i % 40}`, `cat-${(i + 1 + (i % 13)) % 40}`],
    coord: [((i % side) + 0.5) / side, ((Math.floor(i / 4 / side) % side) + 0.5) / side] as [number, number],
    fields: {
      unit: `L${i % 4}-${i}`,
      brand: pad(`Brand ${i} `, 40),
      offer: pad('Offer: ', REAL_TEXT_MAX.fieldValue),
      floorArea: `${100 + (i % 900)} m2`,
      website: `https://brand-${i}.example.com/`,
    },
  }));
  return doc;
}

/** A store locator of `count` points with an address, a summary and a link each. */
export function storeLocatorDocument(count = 20_000): MapDocument {
  const doc = blankDocument({ mapWidth: 4000, mapHeight: 3000 });
  const side = Math.ceil(Math.sqrt(count));
  doc.locations = Array.from({ length: count }, (_, i) => ({
    id: `store-${i}`,
    title: pad(`Dealer ${i} `, 40),
    about: pad(`${i} High Street, Town ${i % 500}, `, 80),
    link: `https://www.example.com/dealers/${i}`,
    phone: '+44 20 7946 0000',
    coord: [((i % side) + 0.5) / side, (Math.floor(i / side) + 0.5) / side] as [number, number],
    fields: { city: pad(`Town ${i % 500}`, 20), country: 'United Kingdom' },
  }));
  return doc;
}
