import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';

/** A valid document with `count` locations spread over the map, for tests of any size. */
export function documentWith(count: number, opts: { title?: string } = {}): MapDocument {
  const doc = blankDocument();
  const side = Math.ceil(Math.sqrt(Math.max(count, 1)));
  doc.locations = Array.from({ length: count }, (_, i) => ({
    id: `loc${i}`,
    title: `${opts.title ?? 'Location'} ${i}`,
    about: `About location number ${i}, a place worth a visit.`,
    coord: [((i % side) + 0.5) / side, (Math.floor(i / side) + 0.5) / side] as [number, number],
  }));
  return doc;
}
