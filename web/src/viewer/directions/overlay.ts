/**
 * The route on the map: an SVG in image coordinates (the layer image's pixels) that follows the
 * view's transform like the floor plan does, drawing the current floor's segment with an animated
 * line (growing over `speed` seconds), optional rounded corners, a start dot and a pulsing
 * destination. Lines and dots keep their size in screen pixels at every zoom: they are sized again as the view
 * moves, since the SVG is scaled by a CSS transform, which Chromium's non-scaling stroke does not undo (a 3 px line
 * was 0.75 px on a phone's whole-plan view).
 */
import { coordToImage, transformToCss, type Size } from '../../map-core/coords';
import type { MapView } from '../../map-core/map-view';
import type { RouteSegment } from '../../map-core/wayfinding/route';

const NS = 'http://www.w3.org/2000/svg';

export interface RouteStyle {
  color: string;
  /** Screen pixels. */
  width: number;
  /** Seconds to draw a segment; 0 draws at once. */
  speed: number;
  /** Corner radius in image pixels; 0 for sharp corners. */
  smoothing: number;
}

type Pt = [number, number];

/** SVG path data through `pts` with corners rounded by up to `radius`. */
export function pathData(pts: readonly Pt[], radius: number): string {
  if (!pts.length) return '';
  const f = (n: number) => Math.round(n * 100) / 100;
  let d = `M${f(pts[0]![0])} ${f(pts[0]![1])}`;
  for (let i = 1; i < pts.length; i++) {
    const p = pts[i]!;
    const next = pts[i + 1];
    if (!next || radius <= 0) {
      d += `L${f(p[0])} ${f(p[1])}`;
      continue;
    }
    const prev = pts[i - 1]!;
    const inLen = Math.hypot(p[0] - prev[0], p[1] - prev[1]);
    const outLen = Math.hypot(next[0] - p[0], next[1] - p[1]);
    const r = Math.min(radius, inLen / 2, outLen / 2);
    if (r <= 0) {
      d += `L${f(p[0])} ${f(p[1])}`;
      continue;
    }
    const a: Pt = [p[0] - ((p[0] - prev[0]) / inLen) * r, p[1] - ((p[1] - prev[1]) / inLen) * r];
    const b: Pt = [p[0] + ((next[0] - p[0]) / outLen) * r, p[1] + ((next[1] - p[1]) / outLen) * r];
    d += `L${f(a[0])} ${f(a[1])}Q${f(p[0])} ${f(p[1])} ${f(b[0])} ${f(b[1])}`;
  }
  return d;
}

/** The first `fraction` (0..1) of the polyline's length. */
export function partialPolyline(pts: readonly Pt[], fraction: number): Pt[] {
  if (fraction >= 1 || pts.length < 2) return [...pts];
  let total = 0;
  for (let i = 1; i < pts.length; i++) total += Math.hypot(pts[i]![0] - pts[i - 1]![0], pts[i]![1] - pts[i - 1]![1]);
  let left = Math.max(0, fraction) * total;
  const out: Pt[] = [pts[0]!];
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!;
    const b = pts[i]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len >= left) {
      const t = len === 0 ? 0 : left / len;
      out.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
      return out;
    }
    out.push(b);
    left -= len;
  }
  return out;
}

function el<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

export class RouteOverlay {
  readonly #svg: SVGSVGElement;
  readonly #casing: SVGPathElement;
  readonly #line: SVGPathElement;
  readonly #start: SVGCircleElement;
  readonly #end: SVGGElement;
  readonly #off: () => void;
  readonly #offEnd: () => void;
  #frame = 0;

  readonly #view: MapView;
  readonly #image: Size;
  readonly #style: RouteStyle;

  constructor(viewport: HTMLElement, view: MapView, image: Size, style: RouteStyle) {
    this.#view = view;
    this.#image = image;
    this.#style = style;
    this.#svg = el('svg', {
      class: 'mn-route',
      width: image.width,
      height: image.height,
      viewBox: `0 0 ${image.width} ${image.height}`,
      'aria-hidden': 'true',
      focusable: 'false',
    });
    const stroke = { fill: 'none', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' };
    this.#casing = el('path', { ...stroke, stroke: '#fff', 'stroke-opacity': 0.85 });
    this.#line = el('path', { ...stroke, stroke: style.color, class: 'mn-route-line' });
    this.#start = el('circle', { fill: '#fff', stroke: style.color, class: 'mn-route-start' });
    this.#end = el('g', { class: 'mn-route-end' });
    this.#svg.append(this.#casing, this.#line, this.#start, this.#end);
    this.#svg.style.display = 'none';
    // Inline sizes: a host page's `svg { max-width: 100% }` must not shrink the map's coordinate space.
    Object.assign(this.#svg.style, {
      width: `${image.width}px`,
      height: `${image.height}px`,
      maxWidth: 'none',
      maxHeight: 'none',
    });
    // Under the markers (the floor plan's pane comes first), above the floor plan.
    viewport.insertBefore(this.#svg, viewport.querySelector(':scope > .mn-markers'));
    const place = () => this.#place();
    this.#off = view.on('move', place);
    this.#offEnd = view.on('moveend', place);
    this.#place();
  }

  #place(): void {
    const t = this.#view.transform;
    this.#svg.style.transform = transformToCss(t);
    // Screen pixels, in the SVG's own units.
    const size = (e: Element, name: string, px: number) => e.setAttribute(name, String(px / t.scale));
    const w = this.#style.width;
    size(this.#line, 'stroke-width', w);
    size(this.#casing, 'stroke-width', w + 4);
    size(this.#start, 'stroke-width', 3);
    size(this.#start, 'r', 6);
    for (const c of this.#end.querySelectorAll('circle')) {
      size(c, 'stroke-width', 2);
      size(c, 'r', c.classList.contains('mn-route-pulse') ? 9 : 7);
    }
  }

  /** Draws a segment (in normalised map space); `animate` grows it over the style's speed, then calls `done`. */
  show(
    segment: RouteSegment,
    opts: { animate: boolean; destination: boolean; origin: boolean },
    done?: () => void,
  ): void {
    cancelAnimationFrame(this.#frame);
    const pts: Pt[] = segment.points.map((c) => {
      const p = coordToImage(c, this.#image);
      return [p.x, p.y];
    });
    this.#svg.style.display = '';
    const [sx, sy] = pts[0]!;
    const [ex, ey] = pts[pts.length - 1]!;
    this.#start.setAttribute('cx', String(sx));
    this.#start.setAttribute('cy', String(sy));
    this.#start.style.display = opts.origin ? '' : 'none';
    this.#end.replaceChildren();
    const finish = () => {
      if (opts.destination) {
        this.#end.append(
          el('circle', { cx: ex, cy: ey, fill: this.#style.color, 'fill-opacity': 0.35, class: 'mn-route-pulse' }),
          el('circle', { cx: ex, cy: ey, fill: this.#style.color, stroke: '#fff' }),
        );
        this.#place();
      }
      done?.();
    };
    const draw = (f: number) => {
      const d = pathData(partialPolyline(pts, f), this.#style.smoothing);
      this.#line.setAttribute('d', d);
      this.#casing.setAttribute('d', d);
    };
    if (!opts.animate || this.#style.speed <= 0) {
      draw(1);
      finish();
      return;
    }
    const began = performance.now();
    const ms = this.#style.speed * 1000;
    const step = (now: number) => {
      const f = Math.min(1, (now - began) / ms);
      draw(f);
      if (f < 1) this.#frame = requestAnimationFrame(step);
      else finish();
    };
    draw(0);
    this.#frame = requestAnimationFrame(step);
  }

  /** Whether a segment is being drawn. */
  clear(): void {
    cancelAnimationFrame(this.#frame);
    this.#svg.style.display = 'none';
    this.#line.removeAttribute('d');
    this.#casing.removeAttribute('d');
    this.#end.replaceChildren();
  }

  destroy(): void {
    cancelAnimationFrame(this.#frame);
    this.#off();
    this.#offEnd();
    this.#svg.remove();
  }
}
