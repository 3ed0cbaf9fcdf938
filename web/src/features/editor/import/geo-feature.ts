/**
 * What a feature of a GeoJSON, KML or GPX file says, read the same for every format (./geo.ts): where it is (a point,
 * or an area's centre: the point inside it farthest from its edges, where its name can stand, found by polylabel), its
 * values as text, its marker colour, and a My Maps description without the data lines My Maps repeats in it. A line
 * (a path, a track) has no one place: it is left to the caller to skip.
 */
import polylabel from 'polylabel';
import { COLOR_PATTERN } from '@mapnest/shared/map-rules';

type Ring = [number, number][];

/** Where a feature stands: its point, or its area's centre (`area`); a problem when its coordinates do not read. */
export type FeaturePosition = { lon: number; lat: number; area: boolean } | { problem: string };

/** Precision of an area's centre in degrees, about 10 cm: finer than a map shows, coarser than floats wobble. */
const CENTRE_PRECISION = 1e-6;

const isPair = (c: unknown): c is [number, number] =>
  Array.isArray(c) && c.length >= 2 && Number.isFinite(c[0]) && Number.isFinite(c[1]);
const isRing = (r: unknown): r is Ring => Array.isArray(r) && r.length >= 3 && r.every(isPair);
const isPolygon = (p: unknown): p is Ring[] => Array.isArray(p) && p.length > 0 && p.every(isRing);

/** The area a ring encloses (shoelace), in square degrees: which of a multipolygon's parts is its main one. */
function ringArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    sum += (ring[j]![0] - ring[i]![0]) * (ring[j]![1] + ring[i]![1]);
  return Math.abs(sum / 2);
}

/** An area's centre: the pole of inaccessibility of its largest part (a building of one outline, a park with ponds). */
function areaCentre(polygons: Ring[][]): FeaturePosition {
  const main = polygons.reduce((a, b) => (ringArea(b[0]!) > ringArea(a[0]!) ? b : a));
  const [lon, lat] = polylabel(main, CENTRE_PRECISION);
  return { lon, lat, area: true };
}

/**
 * Where a geometry stands, or null for one with no one place (a line, a track, nothing but lines). A collection (KML's
 * MultiGeometry) stands at its first point, else at its areas' centre.
 */
export function featurePosition(g: {
  type?: unknown;
  coordinates?: unknown;
  geometries?: unknown;
}): FeaturePosition | null {
  const c = g.coordinates;
  switch (g.type) {
    case 'Point':
      return isPair(c)
        ? { lon: c[0], lat: c[1], area: false }
        : { problem: "the point's coordinates are not [longitude, latitude]" };
    case 'Polygon':
      return isPolygon(c)
        ? areaCentre([c])
        : { problem: "the area's coordinates are not rings of [longitude, latitude]" };
    case 'MultiPolygon':
      return Array.isArray(c) && c.length > 0 && c.every(isPolygon)
        ? areaCentre(c)
        : { problem: "the area's coordinates are not rings of [longitude, latitude]" };
    case 'GeometryCollection': {
      const parts = Array.isArray(g.geometries) ? (g.geometries as { type?: unknown }[]) : [];
      const point = parts.find((p) => p?.type === 'Point');
      const areas = parts.filter((p) => p?.type === 'Polygon' || p?.type === 'MultiPolygon');
      if (point) return featurePosition(point);
      if (areas.length === 0) return null;
      const polygons = areas.flatMap((p) => {
        const coords = (p as { coordinates?: unknown }).coordinates;
        return p.type === 'Polygon' ? [coords] : Array.isArray(coords) ? coords : [];
      });
      return polygons.every(isPolygon)
        ? areaCentre(polygons)
        : { problem: "the area's coordinates are not rings of [longitude, latitude]" };
    }
    default:
      return null;
  }
}

/** A property's value as text: numbers and yes/no as written, lists joined, HTML descriptions by their text. */
export function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return '';
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) return value.join(', ');
  const html = value as { '@type'?: unknown; value?: unknown };
  if (html['@type'] === 'html' && typeof html.value === 'string') return html.value.trim();
  return JSON.stringify(value);
}

/** A colour as #rgb, #rrggbb or #rrggbbaa (simplestyle's are sometimes written without the #), or undefined. */
export function markerColor(value: string): string | undefined {
  const hex = value.startsWith('#') ? value : `#${value}`;
  return COLOR_PATTERN.test(hex) ? hex.toLowerCase() : undefined;
}

/**
 * Google My Maps writes a placemark's data columns twice: in its data and as "Column: value" lines after its
 * description. The lines are dropped when the data holds the same pair; the rest of the description stays.
 */
export function withoutDataLines(description: string, properties: readonly [string, string][]): string {
  const pairs = new Set(properties.map(([k, v]) => `${k}: ${v}`));
  const lines = description.split(/<br\s*\/?>/i);
  const kept = lines.filter((line) => !pairs.has(line.trim()));
  return kept.length === lines.length ? description : kept.join('<br>').trim();
}
