/** Benchmark maps: n locations spread over the demo ground floor, from a seeded generator so runs compare. */
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { seededRandom } from './random';

const COLORS = ['#db2777', '#9333ea', '#ea580c', '#0284c7', '#ca8a04', '#16a34a', '#e11d48', '#0f766e'];

export function benchDocument(n: number, layerFile: string, seed = 42): MapDocument {
  const doc = blankDocument({
    mapWidth: 1600,
    mapHeight: 1000,
    file: layerFile,
    layerId: 'ground',
    layerName: 'Ground floor',
  });
  const rnd = seededRandom(seed + n);
  doc.groups = COLORS.map((color, i) => ({ id: `g${i}`, name: `Category ${i + 1}`, color }));
  doc.settings.markerType = 'pin';
  doc.settings.zoom.maxZoom = 8;
  doc.locations = Array.from({ length: n }, (_, i) => ({
    id: `l${i}`,
    title: `Location ${i + 1}`,
    about: `Unit ${1000 + i}`,
    groups: [`g${i % COLORS.length}`],
    color: COLORS[i % COLORS.length]!,
    coord: [0.06 + rnd() * 0.88, 0.1 + rnd() * 0.8] as [number, number],
  }));
  return doc;
}

/** The shape the maps service publishes at /data/maps/{id}.json. */
export function published(id: string, document: MapDocument) {
  return {
    id,
    title: `Benchmark ${id}`,
    state: 1,
    expired: false,
    expiresAt: null,
    publishedAt: new Date().toISOString(),
    version: 1,
    document,
  };
}

/**
 * A trade fair's map: `n` exhibitors over 3 floors and 25 halls (groups), each with an About, a Description, custom
 * fields and one or two halls, from a seeded generator: the shape of the big maps the editor's list and undo serve.
 */
export function tradeFairDocument(n: number, seed = 7): MapDocument {
  const doc = blankDocument({ mapWidth: 1600, mapHeight: 1000, file: '', layerId: 'floor-0', layerName: 'Floor 0' });
  doc.layers = [0, 1, 2].map((i) => ({ ...doc.layers[0]!, id: `floor-${i}`, name: `Floor ${i}` }));
  doc.groups = Array.from({ length: 25 }, (_, i) => ({ id: `hall-${i}`, name: `Hall ${i + 1}`, color: COLORS[i % 8] }));
  const rnd = seededRandom(seed + n);
  doc.locations = Array.from({ length: n }, (_, i) => ({
    id: `stand-${i}`,
    title: `${['Nordic', 'Alpine', 'Coastal', 'Metro'][i % 4]} ${i % 3 ? 'Trading' : 'Tools'} ${i + 1}`,
    about: `Stand ${1000 + i}: machines, parts and services for the trade, shown in hall ${(i % 25) + 1}.`,
    desc: `<p>Exhibitor ${i + 1} &amp; partners.</p><p>Meet the team at stand ${1000 + i} every day of the fair.</p>`,
    layer: `floor-${i % 3}`,
    groups: [...new Set([`hall-${i % 25}`, `hall-${(i * 7) % 25}`])],
    fields: { booth: `B${1000 + i}`, country: ['Deutschland', 'Österreich', 'Schweiz', 'España'][i % 4]! },
    coord: [0.06 + rnd() * 0.88, 0.1 + rnd() * 0.8] as [number, number],
  }));
  return doc;
}
