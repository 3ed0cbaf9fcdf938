/**
 * The interactive map area without React: camera (MapView) and its handlers, the transformed pane
 * holding the floor images, the marker canvas, and the few positioned overlay elements (rings,
 * tooltip, popup anchor). Per-frame work is a couple of style writes; React only hears about
 * moves when the camera comes to rest.
 */
import type { Layer } from '@mapnest/shared/map-document';
import type { Rect, ScreenPoint, ViewTransform } from '../../map-core/coords';
import { coordToImage, coordToScreen, transformToCss } from '../../map-core/coords';
import { MapView } from '../../map-core/map-view';
import type { LoadedLayer } from './base-layer';
import {
  addFloor,
  bindRegions,
  loadLayer,
  markRegion,
  moveRegionMarks,
  markRegionMatches,
  regionCentres,
  regionRect,
  regionsTouched,
  unbindRegion,
} from './base-layer';
import { afterNextPaint, h, yieldToInput } from '../dom';
import { EDITING } from '../editing';
import { MarkerCanvas } from '../markers/canvas';
import { focusTransform, locationsInView } from './camera';
import { StagePointer, addGestures } from './pointer';
import { StageOverlays, markerHighlight, regionHighlight } from './overlays';
import type { HighlightBox, OverlaySource, RingKind } from './overlays';
import { shapeCentres, type ShapeBound } from './shape-centres';
import type { ResolvedLocation, ViewerModel } from '../viewer-model';
import { buildLayerMarkers, onLayer, placeLocations } from '../viewer-model';
import type { StageCallbacks, StageOptions } from './types';

export type { StageCallbacks, StageOptions } from './types';

/** Time without redraws allowed during a gesture before a stale canvas is redrawn anyway. */
const GESTURE_REDRAW_MS = 200;
/** How long the camera rests before the moving layers are painted crisp again. */
const SETTLE_MS = 400;
/** Above this many drawn markers a redraw can cost a frame on a slow phone, so none happen mid-gesture. */
const GESTURE_REDRAW_MAX = 2_500;

export class MapStage {
  readonly view: MapView;
  readonly #pane: HTMLDivElement;
  readonly #markerHost: HTMLDivElement;
  readonly #overlays: StageOverlays;
  readonly #canvas: MarkerCanvas;
  readonly #layers = new Map<string, LoadedLayer>();
  readonly #loading = new Map<string, Promise<LoadedLayer>>();
  #current: LoadedLayer | null = null;
  #layerId = '';
  #mask: Uint8Array | null = null;
  #filtering = false;
  /** A location taken off the canvas while the editor drags it (it follows the pointer as its own element). */
  #lifted: number | null = null;
  readonly #state: Record<RingKind, number | null> = { hover: null, active: null, focus: null };
  #moving = false;
  #settleTimer: ReturnType<typeof setTimeout> | undefined;
  #lastRedraw = 0;
  readonly #pointer: StagePointer;
  readonly #abort = new AbortController();
  readonly #resize: ResizeObserver;
  #destroyed = false;
  #sized!: () => void;
  /** Resolves once the viewport has a size; nothing can be drawn (or reported drawn) before. */
  readonly #viewportSized = new Promise<void>((ok) => (this.#sized = ok));

  readonly #viewport: HTMLElement;
  #model: ViewerModel;
  readonly #callbacks: StageCallbacks;
  readonly #options: StageOptions;

  constructor(
    viewport: HTMLElement,
    /** Positioned ancestor covering the same area as the viewport; rings, tooltip and popup live there, outside the application role. */
    overlayHost: HTMLElement,
    model: ViewerModel,
    callbacks: StageCallbacks,
    options: StageOptions,
  ) {
    this.#viewport = viewport;
    this.#model = model;
    this.#callbacks = callbacks;
    this.#options = options;
    const s = model.settings;
    this.view = new MapView({
      image: model.image,
      limits: { minZoom: 1, maxZoom: s.zoom.enabled ? s.zoom.maxZoom : 1 },
      padding: s.padding,
      reducedMotion: options.reducedMotion || s.zoom.reduceMotion,
    });
    this.#pane = h('div', { class: 'mn-pane' });
    this.#markerHost = h('div', { class: 'mn-markers' });
    viewport.append(this.#pane, this.#markerHost);
    this.#overlays = new StageOverlays(overlayHost);
    this.#canvas = new MarkerCanvas(this.#markerHost, model.image, s.primaryColor, { offscreen: options.offscreen });
    this.#canvas.onAssetLoad = () => this.#scheduleIdleRedraw();
    this.#canvas.afterSwap = () => this.#updateOverlays();

    this.view.on('move', this.#onMove);
    this.view.on('moveend', this.#onMoveEnd);
    addGestures(this.view, viewport, s.zoom, () => this.#callbacks.onWheelHint());

    this.#pointer = new StagePointer(this.view, viewport, this.#pane, {
      hitTest: (p) => this.#canvas.hitTest(p, this.view.transform),
      clickable: (index) => this.#model.locations[index]?.clickable === true,
      hovered: () => this.#state.hover,
      onActivate: (index) => this.#callbacks.onActivate(index),
      onBackgroundTap: () => this.#callbacks.onBackgroundTap(),
      onHover: (index) => this.#callbacks.onHover(index),
    });

    // The observer reports the first size asynchronously, so no callback fires during construction.
    this.#resize = new ResizeObserver(() => this.measure());
    this.#resize.observe(viewport);
  }

  destroy(): void {
    this.#destroyed = true;
    clearTimeout(this.#settleTimer);
    this.#cancelMargin?.();
    this.#abort.abort();
    this.#resize.disconnect();
    this.view.destroy();
    this.#canvas.destroy();
    this.#pointer.destroy();
    this.#pane.remove();
    this.#markerHost.remove();
    this.#overlays.destroy();
  }

  /** The viewport's layout size, read now, before the observer would; its screen box shrinks in a scaled preview. */
  measure(): void {
    const { clientWidth: width, clientHeight: height } = this.#viewport;
    if (width > 0 && height > 0) {
      this.view.setViewport({ width, height });
      this.#sized();
    }
  }

  /**
   * Shows a floor. Its markers are drawn as soon as the viewport has a size, without waiting for
   * the floor's image, which is shown when it arrives (loaded once, then kept).
   */
  async setLayer(layerId: string): Promise<void> {
    const layer = this.#model.layers.find((l) => l.id === layerId);
    if (!layer) return;
    this.#layerId = layerId;
    let loaded = this.#layers.get(layerId);
    const pending = loaded ? undefined : this.#load(layer);
    // Measuring here (construction is over, so callbacks may run) saves waiting a frame for the observer.
    if (!this.view.viewport) this.measure();
    await this.#viewportSized;
    if (this.#layerId !== layerId || this.#destroyed) return;
    if (!loaded) {
      // Another floor's image must not show under this floor's markers while this one loads.
      for (const l of this.#layers.values()) l.el.hidden = true;
      this.#rebuildMarkers();
      // The view alone first, to be shown sooner; the margin beyond it (for pans) once that frame is painted.
      this.#redraw(true, 0);
      this.#updateOverlays();
      this.#callbacks.onMarkersDrawn?.(layerId);
      this.#cancelMargin?.();
      this.#cancelMargin = afterNextPaint(() => !this.view.isMoving && this.#redraw(false));
      try {
        loaded = await pending!;
      } catch (e) {
        this.#loading.delete(layerId);
        if (!this.#destroyed && !this.#abort.signal.aborted)
          this.#callbacks.onLayerError(layerId, e instanceof Error ? e.message : String(e));
        return;
      }
      if (this.#destroyed) return;
      if (this.#layerId !== layerId) return;
    }
    for (const l of this.#layers.values()) l.el.hidden = l !== loaded;
    const before = this.#current;
    this.#current = loaded;
    this.#regionRects.clear();
    if (before !== loaded) moveRegionMarks(before, loaded, this.#state);
    let placed = false;
    if (loaded.regions.size) {
      // Regions without coordinates get one from their shape; the layer must be displayed to measure.
      this.#applyPane(this.view.transform);
      placed = placeLocations(this.#model, regionCentres(loaded, this.#model.locations, this.#model.image));
    }
    this.#applyRegionFilter();
    // Markers drawn before the image arrived stay, unless the image placed more of them.
    if (!pending || placed) {
      this.#rebuildMarkers();
      this.#redraw();
    }
    this.#updateOverlays();
    if (!pending) this.#callbacks.onMarkersDrawn?.(layerId);
    this.#callbacks.onLayerReady(layerId);
  }

  /** A floor's load, started once (the floor is kept): a second request for it waits for the same fill. */
  #load(layer: Layer): Promise<LoadedLayer> {
    let pending = this.#loading.get(layer.id);
    if (!pending) {
      const { image, locations } = this.#model;
      pending = loadLayer(layer, image, this.#options.resolveUrl, this.#abort.signal, locations).then((l) =>
        this.#addLayer(layer.id, l),
      );
      // Handled here too: a stage destroyed (or moved to another floor) before it awaits this load aborts it, and
      // that rejection must not surface as an unhandled error on the page.
      pending.catch(() => undefined);
      this.#loading.set(layer.id, pending);
    }
    return pending;
  }

  /**
   * The centres of the shapes `locations` are bound to, on every floor (./shape-centres.ts), where their markers go:
   * directions and the editor's wayfinding check route to them. Floors not loaded yet are loaded for it, and kept.
   */
  async shapeCentres(locations: readonly ShapeBound[]): Promise<Map<string, [number, number]>> {
    await this.#viewportSized;
    return shapeCentres(this.#model.layers, locations, this.#model.image, (floor) => this.#load(floor));
  }

  /** A floor, loaded once and kept (the editor reads the shapes its locations can stand for: `floorShapes`). */
  floor(layer: Layer): Promise<LoadedLayer> {
    return this.#viewportSized.then(() => this.#load(layer));
  }

  /** Puts a loaded floor in the pane, whole (a big one is filled in slices, ADR 035), and binds its regions. */
  async #addLayer(layerId: string, loaded: LoadedLayer): Promise<LoadedLayer> {
    await addFloor(this.#pane, loaded, () => this.#layerId === layerId);
    if (!this.#layers.size) performance.mark?.('mapnest:floor'); // the first floor is in (bench/floor-bench.ts)
    this.#layers.set(layerId, loaded);
    bindRegions(loaded, this.#model.locations);
    await yieldToInput(); // placing locations on its regions (a layout, their shapes measured) gets a task of its own
    return loaded;
  }

  /** Applies the search and filter result: markers that do not match disappear, regions dim. */
  setFilter(mask: Uint8Array | null, filtering: boolean): void {
    this.#mask = mask;
    this.#filtering = filtering;
    this.#applyRegionFilter();
    this.#rebuildMarkers();
    this.#redraw();
  }

  /**
   * Swaps in a new model of the same map (same floors and size) without reloading the floors:
   * markers, regions and rings follow. The editor calls it after each edit. `changed` lists the
   * locations that differ from the current model when the others kept their indices (an add, a
   * move, an edit of a few): their markers are patched in place and only the areas they cover are
   * repainted, which takes well under a millisecond where a full rebuild and redraw of a crowded map
   * takes tens.
   */
  setModel(model: ViewerModel, changed?: readonly number[]): void {
    if (!EDITING) return;
    const prev = this.#model;
    this.#model = model;
    if (
      changed &&
      !regionsTouched(this.#layers.values(), [prev.locations, model.locations], changed) &&
      this.#canvas.patch(
        changed.map((i) => ({ loc: i, at: this.#markerAt(i) })),
        model.locations,
      )
    ) {
      this.#updateOverlays();
      return;
    }
    for (const layer of this.#layers.values()) {
      for (const el of layer.regions.values()) unbindRegion(el);
      bindRegions(layer, model.locations);
    }
    this.#regionRects.clear();
    if (this.#current?.regions.size) placeLocations(model, regionCentres(this.#current, model.locations, model.image));
    this.#applyRegionFilter();
    this.#rebuildMarkers();
    this.#redraw();
    this.#updateOverlays();
  }

  /**
   * Takes a location's marker off the canvas (the editor drags a copy of it), or puts it back with
   * null: a patch of that one marker.
   */
  setLifted(index: number | null): void {
    if (!EDITING) return;
    const prev = this.#lifted;
    if (prev === index) return;
    this.#lifted = index;
    const changed = [prev, index].filter((i): i is number => i !== null);
    if (
      !this.#canvas.patch(
        changed.map((i) => ({ loc: i, at: this.#markerAt(i) })),
        this.#model.locations,
      )
    ) {
      this.#rebuildMarkers();
      this.#redraw();
    }
  }

  /** Where a location's marker shows on this floor now (image pixels), or null when it does not. */
  #markerAt(i: number): { x: number; y: number } | null {
    const l = this.#model.locations[i];
    if (!l?.coord || l.kind === 'hidden' || i === this.#lifted || !onLayer(l, this.#layerId)) return null;
    if (this.#filtering && this.#mask && !this.#mask[i]) return null;
    return coordToImage(l.coord, this.#model.image);
  }

  #rebuildMarkers(): void {
    if (!this.#layerId) return;
    this.#canvas.setMarkers(
      buildLayerMarkers(this.#model, this.#layerId, this.#filtering ? this.#mask : null, this.#lifted),
      this.#model.locations,
    );
  }

  #applyRegionFilter(): void {
    if (this.#current) markRegionMatches(this.#current, this.#mask, this.#filtering);
  }

  /**
   * Redraws the markers; `sync: false` lets a large redraw run in slices (after the camera rests). `margin`: how
   * far beyond the view to draw (by default the canvas's margin, which short pans reveal without a redraw).
   */
  #redraw(sync = true, margin?: number): void {
    const vp = this.view.viewport;
    if (!vp) return;
    this.#canvas.draw(this.view.transform, vp, sync, margin);
    this.#lastRedraw = performance.now();
  }

  /** Cancels the redraw with the margin that follows a floor's first drawing. */
  #cancelMargin: (() => void) | null = null;

  #idleRedraw = 0;
  #scheduleIdleRedraw(): void {
    if (this.#idleRedraw) return;
    this.#idleRedraw = requestAnimationFrame(() => {
      this.#idleRedraw = 0;
      if (!this.view.isMoving) this.#redraw(false);
    });
  }

  #applyPane(t: ViewTransform): void {
    this.#pane.style.transform = transformToCss(t);
  }

  readonly #onMove = (t: ViewTransform): void => {
    if (!this.#moving && this.view.isMoving) {
      this.#moving = true;
      clearTimeout(this.#settleTimer);
      this.#viewport.classList.add('mn-moving');
    }
    this.#applyPane(t);
    const vp = this.view.viewport;
    // Mid-gesture redraws only when they are cheap; a crowded layer waits for the camera to rest.
    // The catch-up is drawn in slices on the back buffer while the visible drawing keeps following.
    this.#canvas.follow(t);
    if (
      vp &&
      this.#canvas.drawnCount <= GESTURE_REDRAW_MAX &&
      this.#canvas.needsRedraw(t, vp) &&
      performance.now() - this.#lastRedraw > GESTURE_REDRAW_MS
    )
      this.#redraw(false);
    this.#updateOverlays();
  };

  readonly #onMoveEnd = (t: ViewTransform): void => {
    this.#moving = false;
    // The pane and canvas keep their own compositor layers (mn-moving) until the camera has rested a
    // moment: promoting and demoting them repaints the floor plan, which back-to-back gestures (a
    // drag, then the wheel) would otherwise pay at every start and end. At rest they are painted crisp.
    clearTimeout(this.#settleTimer);
    this.#settleTimer = setTimeout(() => {
      if (!this.#moving) this.#viewport.classList.remove('mn-moving');
    }, SETTLE_MS);
    this.#applyPane(t);
    this.#redraw(false);
    this.#updateOverlays();
    this.#callbacks.onMoveEnd();
  };

  /** The location whose marker is under a screen point (any marker, not only those that open something). */
  markerUnder(p: ScreenPoint): number | null {
    if (!EDITING) return null;
    const hit = this.#canvas.hitTest(p, this.view.transform, true);
    return hit?.type === 'marker' ? hit.loc : null;
  }

  /** Sets which location is hovered, open or keyboard-focused: rings and region states follow. */
  setState(kind: RingKind, index: number | null): void {
    const prev = this.#state[kind];
    if (prev === index) return;
    this.#state[kind] = index;
    // Regions stay in place in the drawing order: moving one to the front would cover its label.
    markRegion(this.#current, prev, kind, false);
    markRegion(this.#current, index, kind, true);
    this.#updateOverlays();
  }

  /** Shows the hover tooltip (plain text only) for a location, or hides it. */
  setTooltip(index: number | null, content: { title: string; about: string } | null): void {
    this.#overlays.setTooltip(index, content);
    this.#updateOverlays();
  }

  /** The anchored popup reports its size, so it can be kept inside the map. */
  setPopupSize(width: number, height: number): void {
    this.#overlays.popupSize = { width, height };
    this.#updateOverlays();
  }

  get tooltipId(): string {
    return this.#overlays.tooltipId;
  }

  get popupAnchor(): HTMLDivElement {
    return this.#overlays.popupAnchor;
  }

  /** Screen position of a location's anchor, or null when it has none or is on another floor. */
  screenOf(index: number): ScreenPoint | null {
    const l = this.#model.locations[index];
    if (!l?.coord || !onLayer(l, this.#layerId)) return null;
    return coordToScreen(l.coord, this.#model.image, this.view.transform);
  }

  /** The on-screen box to highlight for a location: its marker, or its region for hidden markers. */
  #highlightBox(index: number): HighlightBox | null {
    const l = this.#model.locations[index];
    if (!l || !onLayer(l, this.#layerId)) return null;
    const region = this.#current?.regions.get(index);
    if ((l.kind === 'hidden' || !l.coord) && region) {
      const rr = this.#regionImageRect(index);
      return rr && regionHighlight(rr, this.view.transform, this.screenOf(index));
    }
    const p = this.screenOf(index);
    return p && l.kind !== 'hidden' ? markerHighlight(p, this.#canvas.boxOf(l), l.kind) : null;
  }

  #regionRects = new Map<number, Rect | null>();
  #regionImageRect(index: number): Rect | null {
    if (!this.#regionRects.has(index)) {
      const el = this.#current?.regions.get(index);
      this.#regionRects.set(index, el && this.#current ? regionRect(this.#current, el, this.#model.image) : null);
    }
    return this.#regionRects.get(index) ?? null;
  }

  #updateOverlays(): void {
    this.#overlays.update(this.#overlaySource);
  }

  /** What the overlays are placed from (see StageOverlays). */
  readonly #overlaySource: OverlaySource = ((stage: MapStage): OverlaySource => ({
    state: stage.#state,
    highlightBox: (index) => stage.#highlightBox(index),
    screenOf: (index) => stage.screenOf(index),
    get viewport() {
      return stage.view.viewport;
    },
  }))(this);

  /** Brings a location into view, with room for its popup (`room`), clear of open panels and sheets (view.insets). */
  focusLocation(index: number, room: boolean, animate = true): void {
    const l = this.#model.locations[index];
    const vp = this.view.viewport;
    if (!l || !vp) return;
    const region = this.#current?.regions.has(index) ? this.#regionImageRect(index) : null;
    const target = { location: l, region, markerTop: this.#canvas.boxOf(l).top };
    const next = focusTransform(
      this.view,
      this.#model.image,
      vp,
      target,
      room ? this.#overlays.popupRoom(vp.height) : null,
    );
    if (animate) this.view.animateTo(next, 420);
    else this.view.jumpTo(next);
  }

  /** Locations currently in view on this floor, in reading order (rows top to bottom, then left to right). */
  locationsInView(limit: number, filtered: Uint8Array | null): ResolvedLocation[] {
    const vp = this.view.viewport;
    if (!vp) return [];
    const { locations, image } = this.#model;
    return locationsInView(locations, image, this.#layerId, this.view.transform, vp, limit, filtered);
  }
}
