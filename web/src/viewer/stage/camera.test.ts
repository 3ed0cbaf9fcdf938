/**
 * Where the camera goes to show a location: a small shop's region is framed with its surroundings in view (at most
 * FOCUS_MAX_ZOOM times the fitted view, though the map allows more), a large one as before, and a location's own zoom
 * is the author's to set.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_ZOOM_LIMITS, NO_INSETS } from '../../map-core/transform';
import type { ResolvedLocation } from '../viewer-model';
import { FOCUS_MAX_ZOOM, focusTransform, type CameraState } from './camera';

/** The demo centre's plan (1600×1000) on a portrait kiosk's map (1080 wide), fitted; the map allows 5×. */
const image = { width: 1600, height: 1000 };
const viewport = { width: 1080, height: 1100 };
const fit = 1080 / 1600;
const camera: CameraState = {
  transform: { scale: fit, x: 0, y: 0 },
  padding: 0,
  limits: { ...DEFAULT_ZOOM_LIMITS, maxZoom: 5 },
  insets: NO_INSETS,
};

function place(zoom?: number): ResolvedLocation {
  return { coord: null, zoom, kind: 'hidden' } as unknown as ResolvedLocation;
}

const region = (size: number) => ({ minX: 800, minY: 500, maxX: 800 + size, maxY: 500 + size });

describe('showing a location', () => {
  it('frames a small shop with its surroundings, not at the map’s greatest zoom', () => {
    const t = focusTransform(camera, image, viewport, { location: place(), region: region(34), markerTop: 0 }, null);
    expect(t.scale / fit).toBeCloseTo(FOCUS_MAX_ZOOM, 5);
    expect(FOCUS_MAX_ZOOM).toBeLessThan(5);
  });

  it('frames a large place as before, with room around it', () => {
    const t = focusTransform(camera, image, viewport, { location: place(), region: region(300), markerTop: 0 }, null);
    // 300 px with its width again either side, in the 1080 px less the margins.
    expect(t.scale).toBeCloseTo((1080 - 80) / 900, 5);
  });

  it('keeps the zoom the visitor has when it is closer already, and a location’s own zoom', () => {
    const closer = { ...camera, transform: { scale: fit * 4.5, x: 0, y: 0 } };
    const kept = focusTransform(closer, image, viewport, { location: place(), region: region(34), markerTop: 0 }, null);
    expect(kept.scale / fit).toBeCloseTo(4.5, 5);
    const own = focusTransform(camera, image, viewport, { location: place(5), region: region(34), markerTop: 0 }, null);
    expect(own.scale / fit).toBeCloseTo(5, 5);
  });
});
