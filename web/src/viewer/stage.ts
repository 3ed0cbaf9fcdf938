/**
 * The interactive map area without React: camera (MapView) and its handlers, the transformed pane
 * holding the floor images, the marker canvas, and the few positioned overlay elements (rings,
 * tooltip, popup anchor). Per-frame work is a couple of style writes; React only hears about
 * moves when the camera comes to rest.
 */
import type { Rect, ScreenPoint, Size, ViewTransform } from '../map-core/coords';
import { imageToScreen, transformToCss } from '../map-core/coords';
import { DoubleTapZoomHandler } from '../map-core/handlers/double-tap-zoom';
import { DragPanHandler } from '../map-core/handlers/drag-pan';
import { KeyboardPanZoomHandler } from '../map-core/handlers/keyboard-pan-zoom';
import { WheelZoomHandler } from '../map-core/handlers/wheel-zoom';
import { MapView } from '../map-core/map-view';
import { centreOn, fitScale, transformToRect } from '../map-core/transform';
import type { LoadedLayer } from './base-layer';
import { bindRegions, estimateCoords, loadLayer, regionRect, unbindRegion } from './base-layer';
import { MarkerCanvas } from './marker-canvas';
import type { ResolvedLocation, ViewerModel } from './viewer-model';
import { buildLayerMarkers, onLayer } from './viewer-model';

export interface StageCallbacks {
  /** A location was tapped or clicked on the map. */
  onActivate(index: number): void;
  /** The map background was tapped. */
  onBackgroundTap(): void;
  onHover(index: number | null): void;
  /** The camera came to rest (update zoom buttons, the list of locations in view). */
  onMoveEnd(): void;
  /** A floor's markers are drawn (its image may still be loading). */
  onMarkersDrawn?(layerId: string): void;
  /** A floor's image is shown and its regions are linked. */
  onLayerReady(layerId: string): void;
  onLayerError(layerId: string, message: string): void;
  onWheelHint(): void;
}

export interface StageOptions {
  resolveUrl: (url: string) => string;
  reducedMotion: boolean;
  /** How the marker canvas draws (see MarkerCanvasOptions; default: off screen when the browser can). */
  offscreen?: boolean;
}

type RingKind = 'hover' | 'active' | 'focus';

/** Time without redraws allowed during a gesture before a stale canvas is redrawn anyway. */
const GESTURE_REDRAW_MS = 200;
/** How long the camera rests before the moving layers are painted crisp again. */
const SETTLE_MS = 400;
/** Above this many drawn markers a redraw can cost a frame on a slow phone, so none happen mid-gesture. */
const GESTURE_REDRAW_MAX = 2_500;

export class MapStage {
  readonly view: MapView;
  private readonly pane: HTMLDivElement;
  private readonly markerHost: HTMLDivElement;
  private readonly overlay: HTMLDivElement;
  private readonly canvas: MarkerCanvas;
  private readonly rings: Record<RingKind, HTMLDivElement>;
  private readonly tooltip: HTMLDivElement;
  readonly popupAnchor: HTMLDivElement;
  private readonly layers = new Map<string, LoadedLayer>();
  private readonly loading = new Map<string, Promise<LoadedLayer>>();
  private current: LoadedLayer | null = null;
  private layerId = '';
  private mask: Uint8Array | null = null;
  private filtering = false;
  /** A location taken off the canvas while the editor drags it (it follows the pointer as its own element). */
  private lifted: number | null = null;
  /** Element ids of each SVG floor, to tell whether an edited location has a region. */
  private readonly svgIds = new WeakMap<LoadedLayer, Set<string>>();
  private state: Record<RingKind, number | null> = { hover: null, active: null, focus: null };
  private tooltipFor: number | null = null;
  private moving = false;
  private settleTimer: ReturnType<typeof setTimeout> | undefined;
  private lastRedraw = 0;
  private hoverFrame = 0;
  private pendingHover: ScreenPoint | null = null;
  private readonly abort = new AbortController();
  private readonly resize: ResizeObserver;
  private wheel: WheelZoomHandler;
  private destroyed = false;
  private sized!: () => void;
  /** Resolves once the viewport has a size; nothing can be drawn (or reported drawn) before. */
  private readonly viewportSized = new Promise<void>((ok) => (this.sized = ok));

  constructor(
    private readonly viewport: HTMLElement,
    /** Positioned ancestor covering the same area as the viewport; rings, tooltip and popup live there, outside the application role. */
    overlayHost: HTMLElement,
    private model: ViewerModel,
    private readonly callbacks: StageCallbacks,
    private readonly options: StageOptions,
  ) {
    const s = model.settings;
    this.view = new MapView({
      image: model.image,
      limits: { minZoom: 1, maxZoom: s.zoom.enabled ? s.zoom.maxZoom : 1 },
      padding: s.padding,
      reducedMotion: options.reducedMotion || s.zoom.reduceMotion,
    });
    this.pane = div('mn-pane');
    this.markerHost = div('mn-markers');
    this.overlay = div('mn-overlay');
    this.rings = {
      hover: div('mn-ring mn-ring-hover'),
      active: div('mn-ring mn-ring-active'),
      focus: div('mn-ring mn-ring-focus'),
    };
    this.tooltip = div('mn-tooltip');
    this.tooltip.setAttribute('role', 'tooltip');
    this.tooltip.id = `mn-tip-${Math.random().toString(36).slice(2, 8)}`;
    this.popupAnchor = div('mn-popup-anchor');
    this.overlay.append(this.rings.hover, this.rings.active, this.rings.focus, this.tooltip, this.popupAnchor);
    viewport.append(this.pane, this.markerHost);
    overlayHost.append(this.overlay);
    this.canvas = new MarkerCanvas(this.markerHost, model.image, s.primaryColor, { offscreen: options.offscreen });
    this.canvas.onAssetLoad = () => this.scheduleIdleRedraw();
    this.canvas.afterSwap = () => this.updateOverlays();

    this.view.on('move', this.onMove);
    this.view.on('moveend', this.onMoveEnd);
    this.view.on('tap', this.onTap);
    const zoomOn = s.zoom.enabled;
    this.view.addHandler('dragPan', new DragPanHandler(this.view, viewport), zoomOn);
    this.wheel = new WheelZoomHandler(this.view, viewport, {
      requireModifier: s.zoom.wheel === 'modifier',
      onHint: () => this.callbacks.onWheelHint(),
    });
    this.view.addHandler('wheelZoom', this.wheel, zoomOn && s.zoom.wheel !== 'off');
    this.view.addHandler('doubleTapZoom', new DoubleTapZoomHandler(this.view), zoomOn);
    this.view.addHandler('keyboard', new KeyboardPanZoomHandler(this.view, viewport), zoomOn);

    viewport.addEventListener('pointermove', this.onPointerMove);
    viewport.addEventListener('pointerleave', this.onPointerLeave);
    this.pane.addEventListener('pointerover', this.onRegionOver);
    this.pane.addEventListener('pointerout', this.onRegionOut);

    // The observer reports the first size asynchronously, so no callback fires during construction.
    this.resize = new ResizeObserver(() => this.measure());
    this.resize.observe(viewport);
  }

  destroy(): void {
    this.destroyed = true;
    clearTimeout(this.settleTimer);
    this.abort.abort();
    this.resize.disconnect();
    this.view.destroy();
    this.canvas.destroy();
    cancelAnimationFrame(this.hoverFrame);
    this.viewport.removeEventListener('pointermove', this.onPointerMove);
    this.viewport.removeEventListener('pointerleave', this.onPointerLeave);
    this.pane.removeEventListener('pointerover', this.onRegionOver);
    this.pane.removeEventListener('pointerout', this.onRegionOut);
    this.pane.remove();
    this.markerHost.remove();
    this.overlay.remove();
  }

  private measure(): void {
    const r = this.viewport.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) {
      this.view.setViewport({ width: Math.round(r.width), height: Math.round(r.height) });
      this.sized();
    }
  }

  get currentLayer(): string {
    return this.layerId;
  }

  /**
   * Shows a floor. Its markers are drawn as soon as the viewport has a size, without waiting for
   * the floor's image, which is shown when it arrives (loaded once, then kept).
   */
  async setLayer(layerId: string): Promise<void> {
    const layer = this.model.layers.find((l) => l.id === layerId);
    if (!layer) return;
    this.layerId = layerId;
    let loaded = this.layers.get(layerId);
    let pending: Promise<LoadedLayer> | undefined;
    if (!loaded) {
      pending = this.loading.get(layerId);
      if (!pending) {
        pending = loadLayer(layer, this.model.image, this.options.resolveUrl, this.abort.signal);
        // Handled here too: a stage destroyed (or moved to another floor) before it awaits this load aborts it, and
        // that rejection must not surface as an unhandled error on the page.
        pending.catch(() => undefined);
        this.loading.set(layerId, pending);
      }
    }
    // Measuring here (construction is over, so callbacks may run) saves waiting a frame for the observer.
    if (!this.view.viewport) this.measure();
    await this.viewportSized;
    if (this.layerId !== layerId || this.destroyed) return;
    if (!loaded) {
      // Another floor's image must not show under this floor's markers while this one loads.
      for (const l of this.layers.values()) l.el.hidden = true;
      this.rebuildMarkers();
      this.redraw();
      this.updateOverlays();
      this.callbacks.onMarkersDrawn?.(layerId);
      try {
        loaded = await pending!;
      } catch (e) {
        this.loading.delete(layerId);
        if (!this.destroyed && !this.abort.signal.aborted)
          this.callbacks.onLayerError(layerId, e instanceof Error ? e.message : String(e));
        return;
      }
      if (this.destroyed) return;
      if (!this.layers.has(layerId)) {
        this.layers.set(layerId, loaded);
        loaded.el.hidden = true;
        this.pane.append(loaded.el);
        bindRegions(loaded, this.model.locations);
      }
      if (this.layerId !== layerId) return;
    }
    for (const l of this.layers.values()) l.el.hidden = l !== loaded;
    const before = this.current;
    this.current = loaded;
    this.regionRects.clear();
    if (before !== loaded) this.reapplyRegionStates(before);
    let placed = false;
    if (loaded.regions.size) {
      // Regions without coordinates get one from their shape; the layer must be displayed to measure.
      this.applyPane(this.view.transform);
      placed = estimateCoords(loaded, this.model.locations, this.model.image);
    }
    this.applyRegionFilter();
    // Markers drawn before the image arrived stay, unless the image placed more of them.
    if (!pending || placed) {
      this.rebuildMarkers();
      this.redraw();
    }
    this.updateOverlays();
    if (!pending) this.callbacks.onMarkersDrawn?.(layerId);
    this.callbacks.onLayerReady(layerId);
  }

  private reapplyRegionStates(before: LoadedLayer | null): void {
    for (const kind of ['hover', 'active', 'focus'] as const) {
      const index = this.state[kind];
      if (index === null) continue;
      const cls = kind === 'active' ? 'mn-active' : kind === 'hover' ? 'mn-hover' : 'mn-focus';
      before?.regions.get(index)?.classList.remove(cls);
      this.current?.regions.get(index)?.classList.add(cls);
    }
  }

  /** Applies the search and filter result: markers that do not match disappear, regions dim. */
  setFilter(mask: Uint8Array | null, filtering: boolean): void {
    this.mask = mask;
    this.filtering = filtering;
    this.applyRegionFilter();
    this.rebuildMarkers();
    this.redraw();
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
    const prev = this.model;
    this.model = model;
    if (
      changed &&
      this.withoutRegions(prev, changed) &&
      this.canvas.patch(
        changed.map((i) => ({ loc: i, at: this.markerAt(i) })),
        model.locations,
      )
    ) {
      this.updateOverlays();
      return;
    }
    for (const layer of this.layers.values()) {
      for (const el of layer.regions.values()) unbindRegion(el);
      bindRegions(layer, model.locations);
    }
    this.regionRects.clear();
    if (this.current?.regions.size) estimateCoords(this.current, model.locations, model.image);
    this.applyRegionFilter();
    this.rebuildMarkers();
    this.redraw();
    this.updateOverlays();
  }

  /**
   * Takes a location's marker off the canvas (the editor drags a copy of it), or puts it back with
   * null: a patch of that one marker.
   */
  setLifted(index: number | null): void {
    const prev = this.lifted;
    if (prev === index) return;
    this.lifted = index;
    const changed = [prev, index].filter((i): i is number => i !== null);
    if (
      !this.canvas.patch(
        changed.map((i) => ({ loc: i, at: this.markerAt(i) })),
        this.model.locations,
      )
    ) {
      this.rebuildMarkers();
      this.redraw();
    }
  }

  /** Where a location's marker shows on this floor now (image pixels), or null when it does not. */
  private markerAt(i: number): { x: number; y: number } | null {
    const l = this.model.locations[i];
    if (!l?.coord || l.kind === 'hidden' || i === this.lifted || !onLayer(l, this.layerId)) return null;
    if (this.filtering && this.mask && !this.mask[i]) return null;
    return { x: l.coord[0] * this.model.image.width, y: l.coord[1] * this.model.image.height };
  }

  /** True when none of the changed locations has (or had) an SVG region, which a patch would not rebind. */
  private withoutRegions(prev: ViewerModel, changed: readonly number[]): boolean {
    for (const layer of this.layers.values()) {
      if (!layer.svg) continue;
      let ids = this.svgIds.get(layer);
      if (!ids) {
        ids = new Set(Array.from(layer.svg.querySelectorAll('[id]'), (el) => el.id));
        this.svgIds.set(layer, ids);
      }
      for (const i of changed) {
        if (layer.regions.has(i)) return false;
        const before = prev.locations[i]?.id;
        const after = this.model.locations[i]?.id;
        if ((before !== undefined && ids.has(before)) || (after !== undefined && ids.has(after))) return false;
      }
    }
    return true;
  }

  private rebuildMarkers(): void {
    if (!this.layerId) return;
    this.canvas.setMarkers(
      buildLayerMarkers(this.model, this.layerId, this.filtering ? this.mask : null, this.lifted),
      this.model.locations,
    );
  }

  private applyRegionFilter(): void {
    const layer = this.current;
    if (!layer) return;
    for (const [index, el] of layer.regions) {
      const match = !this.filtering || !this.mask || this.mask[index] === 1;
      el.classList.toggle('mn-region-dim', !match);
      el.classList.toggle('mn-region-match', this.filtering && match);
    }
  }

  /** Redraws the markers; `sync: false` lets a large redraw run in slices (after the camera rests). */
  private redraw(sync = true): void {
    const vp = this.view.viewport;
    if (!vp) return;
    this.canvas.draw(this.view.transform, vp, sync);
    this.lastRedraw = performance.now();
  }

  private idleRedraw = 0;
  private scheduleIdleRedraw(): void {
    if (this.idleRedraw) return;
    this.idleRedraw = requestAnimationFrame(() => {
      this.idleRedraw = 0;
      if (!this.view.isMoving) this.redraw(false);
    });
  }

  private applyPane(t: ViewTransform): void {
    this.pane.style.transform = transformToCss(t);
  }

  private readonly onMove = (t: ViewTransform): void => {
    if (!this.moving && this.view.isMoving) {
      this.moving = true;
      clearTimeout(this.settleTimer);
      this.viewport.classList.add('mn-moving');
    }
    this.applyPane(t);
    const vp = this.view.viewport;
    // Mid-gesture redraws only when they are cheap; a crowded layer waits for the camera to rest.
    // The catch-up is drawn in slices on the back buffer while the visible drawing keeps following.
    this.canvas.follow(t);
    if (
      vp &&
      this.canvas.drawnCount <= GESTURE_REDRAW_MAX &&
      this.canvas.needsRedraw(t, vp) &&
      performance.now() - this.lastRedraw > GESTURE_REDRAW_MS
    )
      this.redraw(false);
    this.updateOverlays();
  };

  private readonly onMoveEnd = (t: ViewTransform): void => {
    this.moving = false;
    // The pane and canvas keep their own compositor layers (mn-moving) until the camera has rested a
    // moment: promoting and demoting them repaints the floor plan, which back-to-back gestures (a
    // drag, then the wheel) would otherwise pay at every start and end. At rest they are painted crisp.
    clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => {
      if (!this.moving) this.viewport.classList.remove('mn-moving');
    }, SETTLE_MS);
    this.applyPane(t);
    this.redraw(false);
    this.updateOverlays();
    this.callbacks.onMoveEnd();
  };

  /** The location whose marker is under a screen point (any marker, not only those that open something). */
  markerUnder(p: ScreenPoint): number | null {
    const hit = this.canvas.hitTest(p, this.view.transform, true);
    return hit?.type === 'marker' ? hit.loc : null;
  }

  private readonly onTap = (p: ScreenPoint, info: { target: unknown }): void => {
    const hit = this.canvas.hitTest(p, this.view.transform);
    if (hit?.type === 'cluster') {
      this.view.focusRect(hit.item.bounds);
      return;
    }
    if (hit?.type === 'marker') {
      this.callbacks.onActivate(hit.loc);
      return;
    }
    const region = regionIndexOf(info.target);
    if (region !== null && this.model.locations[region]?.clickable) {
      this.callbacks.onActivate(region);
      return;
    }
    this.callbacks.onBackgroundTap();
  };

  private readonly onPointerMove = (e: PointerEvent): void => {
    if (e.pointerType !== 'mouse' || e.buttons !== 0) return;
    const r = this.viewport.getBoundingClientRect();
    this.pendingHover = { x: e.clientX - r.left, y: e.clientY - r.top };
    if (!this.hoverFrame) this.hoverFrame = requestAnimationFrame(this.hoverTest);
  };

  private readonly hoverTest = (): void => {
    this.hoverFrame = 0;
    const p = this.pendingHover;
    if (!p || this.view.isMoving) return;
    const hit = this.canvas.hitTest(p, this.view.transform);
    const index = hit?.type === 'marker' ? hit.loc : null;
    this.viewport.classList.toggle('mn-over-marker', hit !== null);
    if (index !== null || this.markerHover) {
      this.markerHover = index !== null;
      if (index !== this.state.hover) this.callbacks.onHover(index);
    }
  };
  private markerHover = false;

  private readonly onPointerLeave = (): void => {
    this.pendingHover = null;
    this.viewport.classList.remove('mn-over-marker');
    if (this.state.hover !== null) this.callbacks.onHover(null);
  };

  private readonly onRegionOver = (e: PointerEvent): void => {
    if (this.markerHover) return;
    const index = regionIndexOf(e.target);
    if (index !== null && this.model.locations[index]?.clickable && index !== this.state.hover)
      this.callbacks.onHover(index);
  };

  private readonly onRegionOut = (e: PointerEvent): void => {
    const index = regionIndexOf(e.target);
    if (index !== null && index === this.state.hover && regionIndexOf(e.relatedTarget) !== index && !this.markerHover)
      this.callbacks.onHover(null);
  };

  /** Sets which location is hovered, open or keyboard-focused: rings and region states follow. */
  setState(kind: RingKind, index: number | null): void {
    const prev = this.state[kind];
    if (prev === index) return;
    this.state[kind] = index;
    const layer = this.current;
    if (layer) {
      const cls = kind === 'active' ? 'mn-active' : kind === 'hover' ? 'mn-hover' : 'mn-focus';
      if (prev !== null) layer.regions.get(prev)?.classList.remove(cls);
      if (index !== null) {
        // Regions stay in place in the drawing order: moving one to the front would cover its label.
        layer.regions.get(index)?.classList.add(cls);
      }
    }
    this.updateOverlays();
  }

  /** Shows the hover tooltip (plain text only) for a location, or hides it. */
  setTooltip(index: number | null, content: { title: string; about: string } | null): void {
    this.tooltipFor = content ? index : null;
    this.tooltip.textContent = '';
    if (content) {
      const t = document.createElement('strong');
      t.textContent = content.title;
      this.tooltip.append(t);
      if (content.about) {
        const a = document.createElement('span');
        a.textContent = content.about;
        this.tooltip.append(a);
      }
    }
    this.updateOverlays();
  }

  private popupSize = { width: 300, height: 200 };
  private popupPlace = '';
  /** The anchored popup reports its size, so it can be kept inside the map. */
  setPopupSize(width: number, height: number): void {
    this.popupSize = { width, height };
    this.updateOverlays();
  }

  get tooltipId(): string {
    return this.tooltip.id;
  }

  /** Screen position of a location's anchor, or null when it has none or is on another floor. */
  screenOf(index: number): ScreenPoint | null {
    const l = this.model.locations[index];
    if (!l?.coord || !onLayer(l, this.layerId)) return null;
    return imageToScreen(
      { x: l.coord[0] * this.model.image.width, y: l.coord[1] * this.model.image.height },
      this.view.transform,
    );
  }

  /** The on-screen box to highlight for a location: its marker, or its region for hidden markers. */
  private highlightBox(
    index: number,
  ): { x: number; y: number; w: number; h: number; round: boolean; top: number } | null {
    const l = this.model.locations[index];
    if (!l || !onLayer(l, this.layerId)) return null;
    const region = this.current?.regions.get(index);
    if ((l.kind === 'hidden' || !l.coord) && region) {
      const rr = this.regionImageRect(index);
      if (!rr) return null;
      const t = this.view.transform;
      const a = imageToScreen({ x: rr.minX, y: rr.minY }, t);
      const b = imageToScreen({ x: rr.maxX, y: rr.maxY }, t);
      const p = this.screenOf(index) ?? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      return { x: a.x - 3, y: a.y - 3, w: b.x - a.x + 6, h: b.y - a.y + 6, round: false, top: a.y - p.y };
    }
    const p = this.screenOf(index);
    if (!p || l.kind === 'hidden') return null;
    const box = this.canvas.boxOf(l);
    const pad = 4;
    return {
      x: p.x + box.left - pad,
      y: p.y + box.top - pad,
      w: box.right - box.left + 2 * pad,
      h: box.bottom - box.top + 2 * pad,
      round: l.kind !== 'square' && l.kind !== 'text',
      top: box.top,
    };
  }

  private regionRects = new Map<number, Rect | null>();
  private regionImageRect(index: number): Rect | null {
    if (!this.regionRects.has(index)) {
      const el = this.current?.regions.get(index);
      this.regionRects.set(index, el && this.current ? regionRect(this.current, el, this.model.image) : null);
    }
    return this.regionRects.get(index) ?? null;
  }

  private updateOverlays(): void {
    for (const kind of ['hover', 'active', 'focus'] as const) {
      const ring = this.rings[kind];
      const index = this.state[kind];
      const box = index === null ? null : this.highlightBox(index);
      if (!box || (kind === 'hover' && (index === this.state.active || index === this.state.focus))) {
        show(ring, false);
        continue;
      }
      show(ring, true);
      ring.style.transform = `translate(${box.x}px,${box.y}px)`;
      ring.style.width = `${box.w}px`;
      ring.style.height = `${box.h}px`;
      ring.classList.toggle('mn-ring-round', box.round);
    }
    const tipIndex = this.tooltipFor;
    const tipBox = tipIndex === null ? null : this.highlightBox(tipIndex);
    const tipAt = tipIndex === null ? null : this.screenOf(tipIndex);
    if (tipBox && tipIndex !== this.state.active) {
      show(this.tooltip, true);
      const x = tipAt ? tipAt.x : tipBox.x + tipBox.w / 2;
      this.tooltip.style.transform = `translate(${x}px,${tipBox.y}px)`;
    } else {
      show(this.tooltip, false);
    }
    const active = this.state.active;
    const at = active === null ? null : this.screenOf(active);
    const activeBox = active === null ? null : this.highlightBox(active);
    if (at || activeBox) {
      const x = at ? at.x : activeBox!.x + activeBox!.w / 2;
      const y = at ? at.y : activeBox!.y + activeBox!.h / 2;
      show(this.popupAnchor, true);
      const top = activeBox ? Math.min(0, activeBox.top) - 10 : -10;
      const vp = this.view.viewport ?? { width: 0, height: 0 };
      const { width: pw, height: ph } = this.popupSize;
      // Keep the popup inside the map: shift it sideways near the edges, and open it downwards
      // when there is no room above the marker.
      const shift = Math.max(12 - x, Math.min(-pw / 2, vp.width - x - pw - 12));
      const bottom = activeBox ? Math.max(0, activeBox.y + activeBox.h - y) + 10 : 18;
      const below = y + top - ph < 8 && y + bottom + ph < vp.height - 8;
      this.popupAnchor.style.transform = `translate(${x}px,${y}px)`;
      // Custom properties restyle the whole popup, so they are only written when they change.
      let py = Math.round(below ? bottom : top - ph);
      // Room neither above nor below (a store spanning the whole plan, a short embed): the popup stays
      // inside the map, over the location and without its pointer, instead of being cut off at the top.
      const inside = !below && y + py < 8;
      if (inside) py = Math.round(8 - y);
      // A popup never grows past the map's box (a short embed on another site): its body scrolls instead.
      const maxH = vp.height > 0 ? Math.max(80, Math.floor(vp.height - 16)) : 420;
      const place = `${Math.round(shift)}|${py}|${maxH}`;
      if (place !== this.popupPlace) {
        this.popupPlace = place;
        this.popupAnchor.style.setProperty('--mn-popup-x', `${Math.round(shift)}px`);
        this.popupAnchor.style.setProperty('--mn-popup-y', `${py}px`);
        this.popupAnchor.style.setProperty('--mn-popup-max-h', `${maxH}px`);
        this.popupAnchor.classList.toggle('mn-popup-below', below);
        this.popupAnchor.classList.toggle('mn-popup-inside', inside);
      }
    } else {
      show(this.popupAnchor, false);
    }
  }

  /** Moves the camera to show a location; `room` keeps space above it for an anchored popup. */
  focusLocation(index: number, room: boolean, animate = true): void {
    const l = this.model.locations[index];
    const vp = this.view.viewport;
    if (!l) return;
    const { image } = this.model;
    const rr = this.current?.regions.has(index) ? this.regionImageRect(index) : null;
    const apply = (viewport: Size): ViewTransform => {
      const fit = fitScale(image, viewport, this.view.padding);
      let scale = Math.max(this.view.transform.scale, fit);
      if (l.zoom) scale = fit * l.zoom;
      else if (rr) {
        // Frame the region with room around it (it should read as a place on the map, not fill the screen).
        const w = rr.maxX - rr.minX;
        const hgt = rr.maxY - rr.minY;
        const roomy = { minX: rr.minX - w, minY: rr.minY - hgt * 0.6, maxX: rr.maxX + w, maxY: rr.maxY + hgt * 0.6 };
        scale = Math.max(scale, transformToRect(roomy, image, viewport, this.view.limits, 40, this.view.padding).scale);
      }
      const p = l.coord
        ? { x: l.coord[0] * image.width, y: l.coord[1] * image.height }
        : rr
          ? { x: (rr.minX + rr.maxX) / 2, y: (rr.minY + rr.maxY) / 2 }
          : null;
      if (!p) return this.view.transform;
      const t = centreOn(p, scale, viewport);
      if (!room) return t;
      // Leave room above the location for the popup: its top edge (the region's, or the marker's)
      // goes below the popup's height, as far as the map allows.
      const box = this.canvas.boxOf(l);
      const topY = rr ? rr.minY * scale + t.y : p.y * scale + t.y + (l.kind === 'hidden' ? 0 : box.top);
      const need = this.popupSize.height + 36;
      return topY >= need ? t : { scale: t.scale, x: t.x, y: t.y + Math.min(need - topY, viewport.height * 0.45) };
    };
    if (!vp) return;
    const next = apply(vp);
    if (animate) this.view.animateTo(next, 420);
    else this.view.jumpTo(next);
  }

  /** Locations currently in view on this floor, in reading order (rows top to bottom, then left to right). */
  locationsInView(limit: number, filtered: Uint8Array | null): ResolvedLocation[] {
    const vp = this.view.viewport;
    if (!vp) return [];
    const { scale, x: tx, y: ty } = this.view.transform;
    const { width: iw, height: ih } = this.model.image;
    const locations = this.model.locations;
    // Reading order as one number per location (row band, then x, then index), sorted natively:
    // a zoomed-out map of 10,000 locations is sorted without an object or a comparator call each.
    const band = 56;
    const keys = new Float64Array(locations.length);
    let n = 0;
    for (const l of locations) {
      if (!l.coord || !l.clickable || (filtered && !filtered[l.index]) || !onLayer(l, this.layerId)) continue;
      const x = l.coord[0] * iw * scale + tx;
      const y = l.coord[1] * ih * scale + ty;
      if (x >= 0 && y >= 0 && x <= vp.width && y <= vp.height)
        keys[n++] = (Math.floor(y / band) * IN_VIEW_X + Math.floor(x)) * IN_VIEW_INDEX + l.index;
    }
    const sorted = keys.subarray(0, n).sort();
    const out: ResolvedLocation[] = [];
    for (let k = 0; k < Math.min(limit, n); k++) out.push(locations[sorted[k]! % IN_VIEW_INDEX]!);
    return out;
  }

  setWheelMode(requireModifier: boolean): void {
    this.wheel.setOptions({ requireModifier });
  }
}

/** Key factors of locationsInView: x below 2^16 screen pixels, indices below 2^17 (the document allows 100,000). */
const IN_VIEW_X = 65_536;
const IN_VIEW_INDEX = 131_072;

/** Shows or hides an overlay element, touching the DOM only on change (this runs every frame). */
function show(el: HTMLElement, visible: boolean): void {
  if (el.hidden === visible) el.hidden = !visible;
}

function div(className: string): HTMLDivElement {
  const d = document.createElement('div');
  d.className = className;
  return d;
}

function regionIndexOf(target: unknown): number | null {
  if (!target || typeof (target as Element).closest !== 'function') return null;
  const el = (target as Element).closest('[data-mn-loc]');
  if (!el) return null;
  const n = Number(el.getAttribute('data-mn-loc'));
  return Number.isInteger(n) ? n : null;
}
