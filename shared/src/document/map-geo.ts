/**
 * Geo calibration: converts between [lat, lon] degrees and normalised map space ([x, y] in 0..1)
 * for a layer image in Web Mercator whose edges are `extent` = [minLon, minLat, maxLon, maxLat].
 */
import type { Location, Coord, MapSettings } from './map-document';
import { MERCATOR_MAX_LAT } from './map-rules';

export type GeoExtent = readonly [number, number, number, number];

const clampLat = (lat: number) => Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, lat));
const mercatorY = (lat: number) => {
  const phi = (clampLat(lat) * Math.PI) / 180;
  return Math.log(Math.tan(Math.PI / 4 + phi / 2));
};
const inverseMercatorY = (y: number) => ((2 * Math.atan(Math.exp(y)) - Math.PI / 2) * 180) / Math.PI;

/** Normalised map point of [lat, lon] (may fall outside 0..1 when the point is off the image). */
export function latLonToMap([lat, lon]: readonly [number, number], [minLon, minLat, maxLon, maxLat]: GeoExtent): Coord {
  const x = (lon - minLon) / (maxLon - minLon);
  const top = mercatorY(maxLat);
  const y = (top - mercatorY(lat)) / (top - mercatorY(minLat));
  return [x, y];
}

/** [lat, lon] of a normalised map point. */
export function mapToLatLon(
  [x, y]: readonly [number, number],
  [minLon, minLat, maxLon, maxLat]: GeoExtent,
): [number, number] {
  const lon = minLon + x * (maxLon - minLon);
  const top = mercatorY(maxLat);
  const lat = inverseMercatorY(top - y * (top - mercatorY(minLat)));
  return [lat, lon];
}

/**
 * Where a location sits in normalised map space: its `coord`, else its `latlon` on a geo-calibrated
 * map (clamped to the map); undefined when neither applies and the viewer must use its SVG element.
 */
export function locationPoint(
  location: Pick<Location, 'coord' | 'latlon'>,
  settings: Pick<MapSettings, 'geo'>,
): Coord | undefined {
  if (location.coord) return [location.coord[0], location.coord[1]];
  if (!location.latlon || !settings.geo) return undefined;
  const [x, y] = latLonToMap(location.latlon, settings.geo.extent);
  return [Math.min(1, Math.max(0, x)), Math.min(1, Math.max(0, y))];
}
