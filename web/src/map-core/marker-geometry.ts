/**
 * Marker shapes in screen pixels relative to the marker's anchor (the location's coordinate).
 * One source for drawing, hit testing and culling margins, so what a visitor clicks is exactly
 * what they see.
 */

export type MarkerKind = 'hidden' | 'circle' | 'dot' | 'square' | 'rounded' | 'pin' | 'thumb' | 'text';

export const MARKER_KINDS: readonly MarkerKind[] = [
  'hidden',
  'circle',
  'dot',
  'square',
  'rounded',
  'pin',
  'thumb',
  'text',
];

/** Offsets of a marker's bounding box from its anchor, in screen pixels. */
export interface MarkerBox {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** Base sizes at scale 1 (CSS pixels). */
export const MARKER_SIZE = {
  circle: 22,
  dot: 12,
  square: 20,
  rounded: 22,
  pinWidth: 26,
  pinHeight: 36,
  thumb: 38,
  textHeight: 20,
} as const;

/** The centre of the pin's head relative to its tip. */
export function pinHeadCentre(scale: number): { x: number; y: number; r: number } {
  const r = (MARKER_SIZE.pinWidth / 2) * scale;
  return { x: 0, y: -(MARKER_SIZE.pinHeight * scale - r), r };
}

/** The bounding box of a marker; `textWidth` is the measured label width for text markers. */
export function markerBox(kind: MarkerKind, scale = 1, textWidth = 0): MarkerBox {
  const s = scale > 0 && Number.isFinite(scale) ? scale : 1;
  const half = (d: number): MarkerBox => ({
    left: (-d * s) / 2,
    top: (-d * s) / 2,
    right: (d * s) / 2,
    bottom: (d * s) / 2,
  });
  switch (kind) {
    case 'hidden':
      return { left: 0, top: 0, right: 0, bottom: 0 };
    case 'circle':
      return half(MARKER_SIZE.circle);
    case 'dot':
      return half(MARKER_SIZE.dot);
    case 'square':
      return half(MARKER_SIZE.square);
    case 'rounded':
      return half(MARKER_SIZE.rounded);
    case 'thumb':
      return half(MARKER_SIZE.thumb);
    case 'pin':
      return {
        left: (-MARKER_SIZE.pinWidth * s) / 2,
        top: -MARKER_SIZE.pinHeight * s,
        right: (MARKER_SIZE.pinWidth * s) / 2,
        bottom: 0,
      };
    case 'text': {
      const w = (Math.max(0, textWidth) + 12) * s;
      const h = MARKER_SIZE.textHeight * s;
      return { left: -w / 2, top: -h / 2, right: w / 2, bottom: h / 2 };
    }
  }
}

/** The largest extent of any marker at a scale, used to widen spatial queries. */
export function maxMarkerExtent(scale: number, maxTextWidth = 0): number {
  let m = 0;
  for (const k of MARKER_KINDS) {
    const b = markerBox(k, scale, maxTextWidth);
    m = Math.max(m, -b.left, -b.top, b.right, b.bottom);
  }
  return m;
}

/** Extra pixels around a marker that still count as a hit (fingers are imprecise). */
export const HIT_SLOP = 4;

/** True when a point (dx, dy) relative to the anchor hits the marker. */
export function hitsMarker(
  kind: MarkerKind,
  scale: number,
  dx: number,
  dy: number,
  textWidth = 0,
  slop = HIT_SLOP,
): boolean {
  if (kind === 'hidden') return false;
  const s = scale > 0 && Number.isFinite(scale) ? scale : 1;
  if (kind === 'circle' || kind === 'dot' || kind === 'thumb') {
    const r = (MARKER_SIZE[kind] * s) / 2 + slop;
    return dx * dx + dy * dy <= r * r;
  }
  if (kind === 'pin') {
    const head = pinHeadCentre(s);
    const ex = dx - head.x;
    const ey = dy - head.y;
    if (ex * ex + ey * ey <= (head.r + slop) * (head.r + slop)) return true;
    // The stem: a triangle from the head's widest point down to the tip, approximated by a narrowing box.
    if (dy > head.y && dy <= slop) {
      const k = (0 - dy) / (0 - head.y);
      return Math.abs(dx) <= head.r * k + slop;
    }
    return false;
  }
  const b = markerBox(kind, s, textWidth);
  return dx >= b.left - slop && dx <= b.right + slop && dy >= b.top - slop && dy <= b.bottom + slop;
}
