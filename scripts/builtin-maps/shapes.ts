/**
 * Regions drawn on a built-in map: their rings projected to path data (simplified to what shows at the map's size)
 * and the centre a location made for a region goes to.
 */
import type { Region, Ring } from './subdivisions';

type Point = [number, number];

/**
 * A ring that crosses the antimeridian (Russia's Chukotka, Fiji) jumps from +180 to -180; drawn as is it
 * sweeps across the whole map. Keeping longitudes continuous instead (past 180 where needed) draws it
 * whole, and the part beyond the map's edge is clipped by the SVG's viewBox.
 */
function unwrap(ring: Ring): Ring {
  let offset = 0;
  let prev = ring[0]?.[0] ?? 0;
  return ring.map(([lon, lat]) => {
    if (lon - prev > 180) offset -= 360;
    else if (lon - prev < -180) offset += 360;
    prev = lon;
    return [lon + offset, lat];
  });
}

/** A projected ring's signed area and centroid (shoelace formula). */
function centroid(pts: Point[]): { area: number; cx: number; cy: number } {
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < pts.length; i++) {
    const [x0, y0] = pts[i]!;
    const [x1, y1] = pts[(i + 1) % pts.length]!;
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  area /= 2;
  return { area, cx: area ? cx / (6 * area) : 0, cy: area ? cy / (6 * area) : 0 };
}

/**
 * A projected ring's path data: rounded to a tenth of a pixel, points closer than `step` px to the last one kept
 * merged ('' when fewer than three points remain).
 */
function pathData(pts: Point[], step: number, tolerance: number): string {
  let kept: Point[] = [];
  for (const p of pts) {
    const q: Point = [Math.round(p[0] * 10) / 10, Math.round(p[1] * 10) / 10];
    const last = kept[kept.length - 1];
    if (!last || Math.hypot(q[0] - last[0], q[1] - last[1]) >= step) kept.push(q);
  }
  if (tolerance > 0 && kept.length > 3) kept = simplify(kept, tolerance);
  return kept.length < 3 ? '' : `M${kept.map((p) => `${p[0]} ${p[1]}`).join('L')}Z`;
}

/** Douglas-Peucker: the points of an open line that keep it within `tolerance` px of where it was. */
function simplify(pts: Point[], tolerance: number): Point[] {
  const keep = new Uint8Array(pts.length);
  keep[0] = keep[pts.length - 1] = 1;
  const stack: [number, number][] = [[0, pts.length - 1]];
  while (stack.length) {
    const [i, j] = stack.pop()!;
    const [ax, ay] = pts[i]!;
    const [bx, by] = pts[j]!;
    const len = Math.hypot(bx - ax, by - ay);
    let far = -1;
    let dist = tolerance;
    for (let k = i + 1; k < j; k++) {
      const [x, y] = pts[k]!;
      const d = len ? Math.abs((bx - ax) * (ay - y) - (ax - x) * (by - ay)) / len : Math.hypot(x - ax, y - ay);
      if (d > dist) [far, dist] = [k, d];
    }
    if (far < 0) continue;
    keep[far] = 1;
    stack.push([i, far], [far, j]);
  }
  return pts.filter((_, k) => keep[k]);
}

/** The part of a ring inside the box [0, width] x [0, height] (Sutherland-Hodgman). */
function clipToBox(pts: Point[], width: number, height: number): Point[] {
  const edges: [(p: Point) => number, number][] = [
    [(p) => p[0], 0],
    [(p) => -p[0], -width],
    [(p) => p[1], 0],
    [(p) => -p[1], -height],
  ];
  let out = pts;
  for (const [value, min] of edges) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const a = input[i]!;
      const b = input[(i + 1) % input.length]!;
      const [va, vb] = [value(a) - min, value(b) - min];
      if (va >= 0) out.push(a);
      if (va >= 0 !== vb >= 0) {
        const t = va / (va - vb);
        out.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
      }
    }
  }
  return out;
}

/** True when a ring's bounding box comes within a tenth of the map's width of the map. */
function nearBox(pts: Point[], width: number, height: number): boolean {
  const margin = width / 10;
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return (
    Math.max(...xs) >= -margin &&
    Math.min(...xs) <= width + margin &&
    Math.max(...ys) >= -margin &&
    Math.min(...ys) <= height + margin
  );
}

/** True when the point is inside the ring (even-odd rule). */
function inside(ring: Point[], [x, y]: Point): boolean {
  let odd = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
  }
  return odd;
}

/**
 * A point inside a polygon (outer ring and holes) near `c`: `c` itself when it is inside, else the middle of the
 * widest stretch of the polygon on the horizontal line through it (Brandenburg's centroid is in Berlin, its hole).
 */
function interiorPoint(rings: Point[][], c: Point): Point {
  if (rings.filter((ring) => inside(ring, c)).length % 2 === 1) return c;
  const xs: number[] = [];
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > c[1] !== yj > c[1]) xs.push(((xj - xi) * (c[1] - yi)) / (yj - yi) + xi);
    }
  }
  xs.sort((a, b) => a - b);
  let best: Point = c;
  let width = 0;
  for (let i = 0; i + 1 < xs.length; i += 2) {
    if (xs[i + 1]! - xs[i]! > width) [best, width] = [[(xs[i]! + xs[i + 1]!) / 2, c[1]], xs[i + 1]! - xs[i]!];
  }
  return best;
}

/**
 * A region's path data once projected, and where its location goes: the centroid of the largest part of an outer
 * ring that is on the map (null when none is), moved inside the region when it falls outside it (in a hole or a
 * bay). Rings smaller than `minArea` px² are left out (specks of a pixel or two only weigh the file down), and so
 * are rings far off the map (Russia beyond Kaliningrad on Germany's map).
 */
export function regionShape(
  r: Region,
  px: (p: Point) => Point,
  map: { width: number; height: number; minArea: number; step: number; tolerance: number },
): { d: string; centre: { cx: number; cy: number } | null } {
  let d = '';
  let best: { area: number; polygon: Point[][]; c: Point } | null = null;
  const shown = (pts: Point[]) => Math.abs(centroid(pts).area) >= map.minArea && nearBox(pts, map.width, map.height);
  for (const poly of r.polygons) {
    const [outer, ...holes] = poly.map((ring) => unwrap(ring).map(px));
    for (const pts of [outer!, ...holes]) if (shown(pts)) d += pathData(pts, map.step, map.tolerance);
    if (!shown(outer!)) continue;
    const seen = clipToBox(outer!, map.width, map.height);
    const { area, cx, cy } = centroid(seen);
    if (area && (!best || Math.abs(area) > best.area))
      best = { area: Math.abs(area), polygon: [seen, ...holes], c: [cx, cy] };
  }
  if (!best) return { d, centre: null };
  const [cx, cy] = interiorPoint(best.polygon, best.c);
  return { d, centre: { cx, cy } };
}
