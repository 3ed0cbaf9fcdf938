import { describe, expect, it } from 'vitest';
import type { FrameScheduler } from './map-view';
import { MapView } from './map-view';
import { NO_INSETS, fitTransform, viewportCentre } from './transform';

/** Frames on demand: `run()` advances time and flushes callbacks until nothing is scheduled. */
function fakeScheduler() {
  let now = 0;
  let next = 1;
  const queue = new Map<number, (t: number) => void>();
  const s: FrameScheduler & { run(ms?: number): void; pending(): number } = {
    request(cb) {
      const id = next++;
      queue.set(id, cb);
      return id;
    },
    cancel(id) {
      queue.delete(id);
    },
    now: () => now,
    run(step = 16) {
      for (let guard = 0; queue.size && guard < 10_000; guard++) {
        now += step;
        const batch = [...queue.entries()];
        queue.clear();
        for (const [, cb] of batch) cb(now);
      }
    },
    pending: () => queue.size,
  };
  return s;
}

const image = { width: 2000, height: 1000 };
const viewport = { width: 800, height: 600 };

function setup(opts: { reducedMotion?: boolean } = {}) {
  const scheduler = fakeScheduler();
  const view = new MapView({ image, limits: { minZoom: 1, maxZoom: 4 }, scheduler, reducedMotion: opts.reducedMotion });
  const ends: number[] = [];
  view.on('moveend', (t) => ends.push(t.scale));
  view.setViewport(viewport);
  ends.length = 0;
  return { view, scheduler, ends };
}

describe('MapView', () => {
  it('fits the image when it first gets a viewport', () => {
    const { view } = setup();
    expect(view.transform).toEqual(fitTransform(image, viewport));
    expect(view.zoom).toBeCloseTo(1);
    expect(view.isAtHome()).toBe(true);
    expect(view.canZoomOut()).toBe(false);
    expect(view.canZoomIn()).toBe(true);
  });

  it('keeps the centre and zoom when the viewport is resized', () => {
    const { view, scheduler } = setup();
    view.zoomBy(2, { x: 600, y: 200 });
    scheduler.run();
    const centre = viewportCentre(view.transform, viewport);
    const zoom = view.zoom;
    view.setViewport({ width: 400, height: 600 });
    expect(view.zoom).toBeCloseTo(zoom);
    const after = viewportCentre(view.transform, { width: 400, height: 600 });
    expect(after.x).toBeCloseTo(centre.x);
  });

  it('animates a zoom and reports one moveend at the end', () => {
    const { view, scheduler, ends } = setup();
    const moves: number[] = [];
    view.on('move', (t) => moves.push(t.scale));
    view.zoomIn();
    expect(view.isMoving).toBe(true);
    scheduler.run();
    expect(moves.length).toBeGreaterThan(3);
    expect(ends).toHaveLength(1);
    expect(view.zoom).toBeCloseTo(2);
    expect(view.isMoving).toBe(false);
  });

  it('finishes a zoom and pans under way where they were going, at once, by a pan of nothing', () => {
    const { view, scheduler, ends } = setup();
    view.zoomIn();
    view.panBy(-100, 0);
    view.panBy(0, 0, false);
    expect(view.isMoving).toBe(false);
    expect(scheduler.pending()).toBe(0);
    expect(ends).toHaveLength(1);
    const finished = view.transform;
    const other = setup();
    other.view.zoomIn();
    other.view.panBy(-100, 0);
    other.scheduler.run();
    expect(finished.scale).toBeCloseTo(other.view.transform.scale);
    expect(finished.x).toBeCloseTo(other.view.transform.x);
  });

  it('stops zooming at the limits', () => {
    const { view, scheduler } = setup();
    for (let i = 0; i < 5; i++) view.zoomIn();
    scheduler.run();
    expect(view.zoom).toBeCloseTo(4);
    expect(view.canZoomIn()).toBe(false);
    view.reset();
    scheduler.run();
    expect(view.isAtHome()).toBe(true);
  });

  it('can pan while part of the image is out of view, from the zoom it is animating to, by shares of the viewport', () => {
    const { view, scheduler } = setup();
    expect(view.canPan()).toBe(false);
    view.zoomIn();
    // Told at once: the buttons that ask do not wait for the animation's end.
    expect(view.canPan()).toBe(true);
    scheduler.run();
    const { x, y } = view.transform;
    view.panByViewport(0.25, -0.1);
    scheduler.run();
    expect(view.transform.x).toBeCloseTo(x - 200);
    expect(view.transform.y).toBeCloseTo(y + 60);
    // At the image's top edge, it cannot go further up; every other way it can.
    view.panByViewport(0, -1);
    scheduler.run();
    expect(view.transform.y).toBeCloseTo(0);
    expect([view.canPanBy(0, -0.1), view.canPanBy(0, 0.1), view.canPanBy(-0.1, 0), view.canPanBy(0.1, 0)]).toEqual([
      false,
      true,
      true,
      true,
    ]);
    view.reset();
    expect(view.canPan()).toBe(false);
    expect(view.canPanBy(0.1, 0)).toBe(false);
  });

  it('compounds quick successive zooms on the animation target', () => {
    const { view, scheduler } = setup();
    view.zoomBy(1.5);
    view.zoomBy(1.5);
    scheduler.run();
    expect(view.zoom).toBeCloseTo(2.25);
  });

  it('jumps without animation when motion is reduced', () => {
    const { view, scheduler, ends } = setup({ reducedMotion: true });
    view.zoomIn();
    expect(scheduler.pending()).toBe(0);
    expect(view.zoom).toBeCloseTo(2);
    expect(ends).toHaveLength(1);
    view.glide({ vx: 3, vy: 0 });
    expect(scheduler.pending()).toBe(0);
  });

  it('holds moveend until the gesture ends, and glides back inside the edges', () => {
    const { view, scheduler, ends } = setup();
    view.zoomBy(2, undefined, false);
    ends.length = 0;
    view.beginGesture();
    const t = view.transform;
    view.setGestureTransform({ scale: t.scale, x: t.x + 5000, y: t.y });
    expect(ends).toHaveLength(0);
    view.glide({ vx: 2, vy: 0 });
    view.endGesture();
    scheduler.run();
    expect(ends).toHaveLength(1);
    expect(view.transform).toEqual(view.clamp(view.transform));
    expect(view.transform.x).toBeCloseTo(0);
  });

  it('applies a focus requested before the viewport is known', () => {
    const scheduler = fakeScheduler();
    const view = new MapView({ image, scheduler });
    view.focusRect({ minX: 1400, minY: 450, maxX: 1600, maxY: 550 }, false);
    view.setViewport(viewport);
    expect(view.zoom).toBeGreaterThan(1);
    expect(viewportCentre(view.transform, viewport).x).toBeCloseTo(1500);
    expect(viewportCentre(view.transform, viewport).y).toBeCloseTo(500);
  });

  it('enables handlers when added and disables them on destroy', () => {
    const { view } = setup();
    const calls: string[] = [];
    const handler = {
      enabled: false,
      enable() {
        this.enabled = true;
        calls.push('on');
      },
      disable() {
        this.enabled = false;
        calls.push('off');
      },
    };
    view.addHandler('test', handler);
    expect(handler.enabled).toBe(true);
    view.destroy();
    expect(calls).toEqual(['on', 'off']);
  });

  it('clamps against the area a panel leaves free while it is open, and eases back once it closes', () => {
    const { view, scheduler, ends } = setup();
    view.zoomBy(2, undefined, false);
    const panel = { ...NO_INSETS, left: 300 };
    view.jumpTo({ ...view.transform, x: 1000 });
    expect(view.transform.x).toBe(0);
    view.setInsets('directions', panel);
    expect(view.insets).toEqual(panel);
    view.jumpTo({ ...view.transform, x: 1000 });
    expect(view.transform.x).toBe(300);
    // A drag up to the panel's edge is inside the edges: it does not stretch.
    view.beginGesture();
    view.setGestureTransform({ ...view.transform, x: 250 });
    expect(view.transform.x).toBe(250);
    view.endGesture();
    // A second sheet over the bottom adds its side; each side is the largest of what covers it.
    view.setInsets('details', { ...NO_INSETS, bottom: 100, left: 50 });
    expect(view.insets).toEqual({ ...NO_INSETS, left: 300, bottom: 100 });
    view.setInsets('details', null);
    ends.length = 0;
    view.setInsets('directions', null);
    expect(view.insets).toBe(NO_INSETS);
    // Closed: the camera glides (not jumps) to the nearest view the plain clamp allows.
    expect(view.isMoving).toBe(true);
    expect(view.transform.x).toBe(250);
    scheduler.run();
    expect(view.transform.x).toBeCloseTo(0);
    expect(ends).toHaveLength(1);
    expect(view.isAtHome()).toBe(false);
  });

  it('frames a rectangle beside the panel, and its home is the fitted view clamped beside it', () => {
    const { view, scheduler } = setup();
    view.setInsets('directions', { ...NO_INSETS, left: 300 });
    view.focusRect({ minX: 0, minY: 400, maxX: 200, maxY: 600 }, false);
    // The plan's left edge (the rectangle's) beside the panel, half the fit's margin (24 px) clear of it so what is
    // drawn at that edge shows whole; without the panel it would be near the viewport's.
    expect(view.transform.x).toBeCloseTo(324);
    expect(viewportCentre(view.transform, viewport).y).toBeCloseTo(500);
    // A panel at the top: the fitted plan (400 px high) is centred in the 450 px below it, and that is home.
    view.setInsets('directions', { ...NO_INSETS, top: 150 });
    view.reset();
    scheduler.run();
    expect(view.transform.y).toBeCloseTo(175);
    expect(view.isAtHome()).toBe(true);
  });

  it('frames a rectangle at the plan’s edge with room for what is drawn there, until the visitor moves', () => {
    const { view } = setup();
    // At the largest zoom the plan (8000 px wide) is far wider than the view: its right edge would be the screen's.
    view.focusRect({ minX: 1990, minY: 490, maxX: 2000, maxY: 510 }, false);
    const right = () => view.transform.x + image.width * view.transform.scale;
    // A route's end marker there (up to 14 px across its pulse) is whole: the plan's edge is 24 px inside the screen.
    expect(right()).toBeCloseTo(viewport.width - 24);
    // The visitor moves (a zoom, a pan, a gesture): the plan's edge goes back to the screen's, as always.
    view.zoomBy(1, undefined, false);
    expect(right()).toBeCloseTo(viewport.width);
    view.focusRect({ minX: 1990, minY: 490, maxX: 2000, maxY: 510 }, false);
    view.beginGesture();
    view.endGesture();
    view.settle();
    view.panBy(0, 0, false);
    expect(right()).toBeCloseTo(viewport.width);
  });

  it('zooms from its buttons around the middle of the part the panel leaves free', () => {
    const { view, scheduler } = setup();
    view.focusRect({ minX: 800, minY: 300, maxX: 1200, maxY: 700 }, false);
    view.setInsets('directions', { ...NO_INSETS, left: 300 });
    scheduler.run();
    // The middle of the free part of the 800 × 600 viewport: x 300 + 500 / 2.
    const free = { x: 550, y: 300 };
    const toImage = (p: { x: number; y: number }) => ({
      x: (p.x - view.transform.x) / view.transform.scale,
      y: (p.y - view.transform.y) / view.transform.scale,
    });
    const before = toImage(free);
    view.zoomIn();
    scheduler.run();
    const after = toImage(free);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
  });
});
