/**
 * Web Mercator placement of [lat, lon] on a calibrated image, for the viewer. It mirrors
 * @mapnest/shared/map-geo (a test holds the two together) because importing that module would
 * pull the document schema, and with it zod, into the embed bundle.
 */

const MAX_LAT = 85.0511287798;

function mercatorY(lat: number): number {
  const phi = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  return Math.log(Math.tan(Math.PI / 4 + phi / 2));
}

/** Normalised map [x, y] of [lat, lon] on an image whose edges are [minLon, minLat, maxLon, maxLat]. */
export function latLonToNormalised(latlon: readonly [number, number], extent: readonly [number, number, number, number]): [number, number] {
  const [lat, lon] = latlon;
  const [minLon, minLat, maxLon, maxLat] = extent;
  const top = mercatorY(maxLat);
  return [(lon - minLon) / (maxLon - minLon), (top - mercatorY(lat)) / (top - mercatorY(minLat))];
}
