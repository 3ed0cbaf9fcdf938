/**
 * The locations as GeoJSON, for GIS tools and web maps (QGIS, geojson.io, uMap, Mapbox): each location a Point at its
 * latitude and longitude (a location placed on the plan by its position, at the latitude and longitude the map's
 * calibration gives it), with its title, texts, groups, floor, colour (simplestyle's `marker-color`), contact
 * details and custom fields as properties. The GeoJSON import (./geo.ts) reads the file back into the same locations.
 */
import type { Location, MapDocument } from '@mapnest/shared/map-document';
import { mapToLatLon } from '@mapnest/shared/map-geo';
import { references } from './export';
import { FIELDS_PROPERTY, POINT_PROPERTIES, readsAsField } from './geo';

/** Location properties written under the names the import (and a CSV header) reads them by. */
const CONTACT = [
  ['phone', 'phone'],
  ['email', 'email'],
  ['link', 'website'],
  ['hours', 'hours'],
  ['image', 'image'],
] as const;

export interface GeoJsonExport {
  text: string;
  /** Locations written as points. */
  points: number;
  /** Locations left out: they stand for a shape of the plan and have no position of their own. */
  unplaced: number;
}

/** A location's [longitude, latitude]: its own, else its position on the calibrated plan; null when it has neither. */
function lonLat(l: Location, doc: MapDocument): [number, number] | null {
  const geo = doc.settings.geo;
  const latlon = l.latlon ?? (l.coord && geo ? mapToLatLon(l.coord, geo.extent) : null);
  // Seven decimals (about a centimetre) instead of the float's noise ("14.806899999999999").
  const round = (n: number) => Math.round(n * 1e7) / 1e7;
  return latlon && [round(latlon[1]), round(latlon[0])];
}

/** A location's properties: its own under the import's names, then its custom fields (see `readsAsField`). */
function properties(l: Location, doc: MapDocument, refs: ReturnType<typeof references>): Record<string, unknown> {
  const own: Record<string, unknown> = {
    [POINT_PROPERTIES.id[0]]: l.id,
    [POINT_PROPERTIES.title[0]]: l.title,
    [POINT_PROPERTIES.about[0]]: l.about,
    [POINT_PROPERTIES.desc[0]]: l.desc,
    category: l.groups?.length ? l.groups.map((g) => refs.groups.get(g) ?? g).join(', ') : undefined,
    // A map of one floor has no floors to name; a location on every floor names none.
    [POINT_PROPERTIES.floor[1]]: doc.layers.length > 1 && l.layer ? (refs.layers.get(l.layer) ?? l.layer) : undefined,
    [POINT_PROPERTIES.color[0]]: l.color,
  };
  for (const [from, to] of CONTACT) own[to] = l[from];
  const flat: Record<string, string> = {};
  const apart: Record<string, string> = {};
  for (const [key, value] of Object.entries(l.fields ?? {})) (readsAsField(key) ? flat : apart)[key] = value;
  const out = Object.fromEntries(Object.entries(own).filter(([, v]) => v !== undefined && v !== ''));
  return { ...out, ...flat, ...(Object.keys(apart).length && { [FIELDS_PROPERTY]: apart }) };
}

/** The locations as a GeoJSON FeatureCollection (RFC 7946), on a geo-calibrated map. */
export function toGeoJson(doc: MapDocument): GeoJsonExport {
  const refs = references(doc, 'name');
  const features = doc.locations.flatMap((l) => {
    const coordinates = lonLat(l, doc);
    return coordinates
      ? [{ type: 'Feature', id: l.id, geometry: { type: 'Point', coordinates }, properties: properties(l, doc, refs) }]
      : [];
  });
  const text = `${JSON.stringify({ type: 'FeatureCollection', features }, null, 2)}\n`;
  return { text, points: features.length, unplaced: doc.locations.length - features.length };
}
