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
