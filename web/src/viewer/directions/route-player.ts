/**
 * The route on the map, floor by floor: showing a segment switches to its floor, frames it clear of the open
 * panel and draws it (./overlay.ts); a new route plays its segments in turn, pausing between floors. While the panel
 * is open the camera knows what it covers (its insets), so the plan's edge may come to the panel's.
 */
import { boundsOf, coordToImage, inflateRect, type Rect, type Size } from '../../map-core/coords';
import { NO_INSETS, type Insets } from '../../map-core/transform';
import type { RoutePlan } from '../../map-core/wayfinding/route';
import { RouteOverlay } from './overlay';
import type { DirectionsHost } from './types';

/** Pause between one floor's segment and the next, in ms. */
const FLOOR_PAUSE_MS = 700;

/** The image area a segment's points span. */
function segmentBounds(points: readonly (readonly [number, number])[], image: Size): Rect {
  const at = points.map((point) => coordToImage(point, image));
  return boundsOf(
    at.map((p) => p.x),
    at.map((p) => p.y),
  );
}

/**
 * What the open panel covers of the map, as the camera's insets (screen pixels from the map's edges): a sheet over
 * the bottom (a phone), a panel at one side, or, where it spans the map's width, a panel at the top. `k` converts
 * screen pixels to the map's layout pixels (a scaled preview).
 */
function panelInsets(viewport: DOMRect, panel: DOMRect | null, k: number): Insets | null {
  if (!panel?.width || !panel.height) return null;
  const px = (n: number) => Math.max(0, n * k);
  if (panel.bottom >= viewport.bottom - 1 && panel.top > viewport.top + viewport.height / 3)
    return { ...NO_INSETS, bottom: px(viewport.bottom - panel.top) };
  if (viewport.width > panel.width * 1.5)
    return panel.left + panel.width / 2 < viewport.left + viewport.width / 2
      ? { ...NO_INSETS, left: px(panel.right - viewport.left) }
      : { ...NO_INSETS, right: px(viewport.right - panel.left) };
  if (viewport.height > (panel.bottom - viewport.top) * 1.5)
    return { ...NO_INSETS, top: px(panel.bottom - viewport.top) };
  return null;
}

/** A map shorter than this (a phone held sideways) has its corner controls down its sides, in a column. */
const SHORT_MAP = 500;

/**
 * The panel's insets `insets` widened by what the map's controls cover (screen pixels times `k`): the row along the
 * top (the floors, the Directions control: whatever starts at the map's top edge), and on a short map the controls
 * down the side opposite a side panel (the zoom and pan buttons, Reset map, a legend; not the floors' row), so that a
 * route is framed clear of them as of the panel.
 */
function withControls(viewport: DOMRect, insets: Insets, corner: (p: string) => HTMLElement | null, k: number): Insets {
  const across = insets.left ? 'right' : insets.right ? 'left' : null;
  let top = 0;
  let side = 0;
  for (const at of ['top-left', 'top-right', 'bottom-left', 'bottom-right'])
    for (const control of corner(at)?.children ?? []) {
      const r = control.getBoundingClientRect();
      if (!r.width || control.classList.contains('mn-directions')) continue;
      if (at.startsWith('top') && r.top < viewport.top + 24) top = Math.max(top, r.bottom - viewport.top);
      if (across && at.endsWith(across) && viewport.height < SHORT_MAP && !control.classList.contains('mn-floors'))
        side = Math.max(side, across === 'right' ? viewport.right - r.left : r.right - viewport.left);
    }
  const widened = { ...insets, top: Math.max(insets.top, k * top) };
  return across ? { ...widened, [across]: Math.max(insets[across], k * side) } : widened;
}

/** Draws a planned route on the map one floor's segment at a time. */
export class RoutePlayer {
  /** The route shown, or null. */
  plan: RoutePlan | null = null;
  /** Index of the segment shown (-1: none). */
  #shown = -1;
  /** Bumped to cancel a playing route's pending steps. */
  #playToken = 0;
  #pauseTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #overlay: RouteOverlay;

  readonly #host: DirectionsHost;
  readonly #panel: HTMLElement;
  readonly #onSegmentShown: (segment: number) => void;
  /** The panel opens, closes, changes size (its steps, a phone's form folding) or moves: the insets follow. */
  readonly #resize = new ResizeObserver(() => this.#inset());

  constructor(
    host: DirectionsHost,
    /** The directions panel, which the framing keeps the route clear of while it is open. */
    panel: HTMLElement,
    /** Told the index of every segment shown (its steps are marked). */
    onSegmentShown: (segment: number) => void,
  ) {
    this.#host = host;
    this.#panel = panel;
    this.#onSegmentShown = onSegmentShown;
    this.#resize.observe(panel);
    const s = host.model.settings;
    const wf = s.wayfinding;
    this.#overlay = new RouteOverlay(host.viewport, host.view, host.model.image, {
      color: wf.lineColor ?? s.primaryColor,
      width: wf.lineWidth,
      speed: host.reducedMotion ? 0 : wf.speed,
      smoothing: wf.smoothing,
    });
  }

  /** Stops playing: a pending move to the next floor is dropped. */
  stop(): void {
    this.#playToken++;
    clearTimeout(this.#pauseTimer);
  }

  /** Plays the plan from its first segment. */
  play(): void {
    this.#playFrom(0, ++this.#playToken);
  }

  #playFrom(i: number, token: number): void {
    if (token !== this.#playToken || !this.plan) return;
    this.showSegment(i, true, () => {
      if (token !== this.#playToken || !this.plan || i + 1 >= this.plan.segments.length) return;
      this.#pauseTimer = setTimeout(() => this.#playFrom(i + 1, token), FLOOR_PAUSE_MS);
    });
  }

  /** Shows segment i on its floor, framed, and draws it (`done` runs when the drawing ends). */
  showSegment(i: number, animate: boolean, done?: () => void): void {
    const { plan } = this;
    const host = this.#host;
    if (!plan) return;
    const seg = plan.segments[i]!;
    this.#shown = i;
    // Played on its own (animate), the route changes floor without saying so; a step the visitor picks says its floor.
    if (host.layer() !== seg.layer) host.showLayer(seg.layer, animate);
    this.#fit(i);
    this.#onSegmentShown(i);
    this.#overlay.show(seg, { animate, origin: i === 0, destination: i === plan.segments.length - 1 }, done);
  }

  /**
   * Tells the camera what the panel covers now, and the controls beside it (`withControls`): it fits, centres and
   * clamps the map in the rest.
   */
  #inset(): void {
    const host = this.#host;
    const box = host.viewport.getBoundingClientRect();
    const panel = this.#panel.hidden ? null : this.#panel.getBoundingClientRect();
    const k = box.width ? host.viewport.clientWidth / box.width : 1;
    const insets = panelInsets(box, panel, k);
    host.view.setInsets('directions', insets && withControls(box, insets, (p) => host.corner(p), k));
  }

  #fit(i: number): void {
    const host = this.#host;
    const { image } = host.model;
    // Some room around short segments, so the fit does not zoom into a single corridor.
    const pad = Math.max(40, 0.08 * Math.max(image.width, image.height));
    // Measured now (the panel has just changed): the route is framed in the part of the map it leaves free.
    this.#inset();
    host.view.focusRect(inflateRect(segmentBounds(this.plan!.segments[i]!.points, image), pad), !host.reducedMotion);
  }

  /** Stops and removes the route. */
  clear(): void {
    this.stop();
    this.plan = null;
    this.#shown = -1;
    this.#overlay.clear();
  }

  /** The visitor changed floor: shows this floor's part of the route, if it has one. */
  layerShown(id: string): void {
    const { plan } = this;
    if (!plan || plan.segments[this.#shown]?.layer === id) return;
    const i = plan.segments.findIndex((seg) => seg.layer === id);
    this.stop();
    if (i >= 0) {
      this.#shown = i;
      this.#onSegmentShown(i);
      this.#overlay.show(plan.segments[i]!, {
        animate: false,
        origin: i === 0,
        destination: i === plan.segments.length - 1,
      });
    } else this.#overlay.clear();
  }

  destroy(): void {
    this.stop();
    this.#resize.disconnect();
    this.#host.view.setInsets('directions', null);
    this.#overlay.destroy();
  }
}
