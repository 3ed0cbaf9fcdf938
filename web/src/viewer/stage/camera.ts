/**
 * The camera and the locations: where the camera goes to show one, and which ones it shows. Pure
 * functions of the model and the camera, so the stage keeps only the wiring.
 */
import type { Rect, Size, ViewTransform } from '../../map-core/coords';
import { coordToImage, coordToScreen, rectCentre } from '../../map-core/coords';
import { centreOn, fitScale, transformToRect, type Insets, type ZoomLimits } from '../../map-core/transform';
import type { ResolvedLocation } from '../viewer-model';
import { onLayer } from '../viewer-model';

/** The camera as focusTransform reads it. */
export interface CameraState {
  transform: ViewTransform;
  padding: number;
  limits: ZoomLimits;
  /** What open panels and sheets cover (MapView.insets): the location is shown in the part they leave free. */
  insets: Insets;
}

/**
 * How far opening a location zooms in at most, times the fitted view, where the location sets no zoom of its own: a
 * small shop's framing would otherwise go to the map's maximum, its neighbours and the way to it out of sight. The
 * fitted view is the screen's, so every screen shows the same share of the plan around it; the visitor may still zoom
 * in further, up to the map's maximum.
 */
export const FOCUS_MAX_ZOOM = 3;

/** One location to show, with its region's image rectangle (if it has one) and its marker's top edge on screen. */
export interface FocusTarget {
  location: ResolvedLocation;
  region: Rect | null;
  markerTop: number;
}

/**
 * The camera that shows a location in a viewport: at its own zoom, or framing its region with room
 * around it (zoomed in at most FOCUS_MAX_ZOOM), or at least at the current zoom. `popupHeight` (when a popup will open over it) leaves
 * room above the location for the popup, as far as the map allows.
 */
export function focusTransform(
  camera: CameraState,
  image: Size,
  viewport: Size,
  { location: l, region: rr, markerTop }: FocusTarget,
  popupHeight: number | null,
): ViewTransform {
  const fit = fitScale(image, viewport, camera.padding);
  let scale = Math.max(camera.transform.scale, fit);
  if (l.zoom) scale = fit * l.zoom;
  else if (rr) {
    // Frame the region with room around it (it should read as a place on the map, not fill the screen).
    const w = rr.maxX - rr.minX;
    const hgt = rr.maxY - rr.minY;
    const roomy = { minX: rr.minX - w, minY: rr.minY - hgt * 0.6, maxX: rr.maxX + w, maxY: rr.maxY + hgt * 0.6 };
    const framed = transformToRect(roomy, image, viewport, camera.limits, 40, camera.padding, camera.insets);
    scale = Math.max(scale, Math.min(framed.scale, fit * FOCUS_MAX_ZOOM));
  }
  const p = l.coord ? coordToImage(l.coord, image) : rr ? rectCentre(rr) : null;
  if (!p) return camera.transform;
  // Beside a panel or above a sheet (a phone), the location goes to the middle of the map they leave free.
  const t = centreOn(p, scale, viewport, camera.insets);
  if (popupHeight === null) return t;
  // Leave room above the location for the popup: its top edge (the region's, or the marker's)
  // goes below the popup's height (and a panel across the top), as far as the map allows.
  const topY = rr ? rr.minY * scale + t.y : p.y * scale + t.y + (l.kind === 'hidden' ? 0 : markerTop);
  const need = camera.insets.top + popupHeight + 36;
  return topY >= need ? t : { scale: t.scale, x: t.x, y: t.y + Math.min(need - topY, viewport.height * 0.45) };
}

/** Key factors of locationsInView: x below 2^16 screen pixels, indices below 2^17 (the document allows 100,000). */
const IN_VIEW_X = 65_536;
const IN_VIEW_INDEX = 131_072;

/**
 * Locations of a floor in view through camera t, in reading order (rows top to bottom, then left to
 * right): those that open something and pass the filter, at most `limit`.
 */
export function locationsInView(
  locations: readonly ResolvedLocation[],
  image: Size,
  layerId: string,
  t: ViewTransform,
  vp: Size,
  limit: number,
  filtered: Uint8Array | null,
): ResolvedLocation[] {
  // Reading order as one number per location (row band, then x, then index), sorted natively:
  // a zoomed-out map of 10,000 locations is sorted without an object or a comparator call each.
  const band = 56;
  const keys = new Float64Array(locations.length);
  let n = 0;
  for (const l of locations) {
    if (!l.coord || !l.clickable || (filtered && !filtered[l.index]) || !onLayer(l, layerId)) continue;
    const { x, y } = coordToScreen(l.coord, image, t);
    if (x >= 0 && y >= 0 && x <= vp.width && y <= vp.height)
      keys[n++] = (Math.floor(y / band) * IN_VIEW_X + Math.floor(x)) * IN_VIEW_INDEX + l.index;
  }
  const sorted = keys.subarray(0, n).sort();
  const out: ResolvedLocation[] = [];
  for (let k = 0; k < Math.min(limit, n); k++) out.push(locations[sorted[k]! % IN_VIEW_INDEX]!);
  return out;
}
