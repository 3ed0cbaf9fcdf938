/**
 * The editor's map: the viewer's stage (same camera, floors, marker canvas and map-core handlers)
 * with editing handlers added: click to select (Shift adds), click the map to add in the add tool,
 * drag a marker to move it. Plain DOM like the viewer, so a drag repaints in the same frame and
 * React hears only about finished edits. Edits arrive back as new documents through setDocument,
 * which swaps the stage's model without reloading the floors.
 */
import type { Location, MapDocument } from '@mapnest/shared/map-document';
import type { ScreenPoint } from '../../map-core/coords';
import { imageToScreen, screenToMap } from '../../map-core/coords';
import { markerBox } from '../../map-core/marker-geometry';
import { MapStage } from '../../viewer/stage';
import type { ResolvedLocation, ViewerModel } from '../../viewer/viewer-model';
import { buildModel, onLayer, patchModel } from '../../viewer/viewer-model';
import { locationsFromRegions, measureRegionsIn, type MeasuredRegion } from './recognise-svg';
import type { NetworkHost } from './wayfinding/network-layer';
import '../../viewer/viewer.css';
import './canvas.css';

export type CanvasTool = 'select' | 'add';

export interface EditorCanvasCallbacks {
  /** A location was clicked (additive: Shift/Ctrl/Cmd held), or the map background (id null). */
  onSelect(id: string | null, additive: boolean): void;
  /** The map was clicked with the add tool, at a normalised point. */
  onAdd(coord: [number, number]): void;
  /** A location was dragged to a normalised point. */
  onMove(id: string, coord: [number, number]): void;
  /** A recognised room without a location was clicked (select tool): offer to make it `room`, a location linked to it. */
  onRoom?(room: Location): void;
  /** The recognised rooms of the floor in view that no location uses changed. */
  onFreeRooms?(rooms: readonly Location[]): void;
}

/** A recognised room of the floor in view: an SVG shape the recogniser finds (see recognise-svg.ts). */
interface Room extends MeasuredRegion {
  el: Element;
  /** The location linked to it (same id, on this floor), or null. */
  linked: ResolvedLocation | null;
  /** What it would become as a location, when nothing uses its id yet. */
  free: Location | null;
  /** How it is marked in the SVG now (colour and whether free), so unchanged rooms cost no DOM calls. */
  shown: string;
}

/** Pixels a press may travel before it becomes a drag. */
const DRAG_THRESHOLD = 4;
/** Selection rings drawn at most (a select-all of thousands shows the ones in view up to this). */
const MAX_RINGS = 300;

/** The document as the editor shows it: zoom always on for the author, whatever visitors get. */
function editable(doc: MapDocument): MapDocument {
  const z = doc.settings.zoom;
  return {
    ...doc,
    settings: { ...doc.settings, zoom: { ...z, enabled: true, wheel: 'always', maxZoom: Math.max(z.maxZoom, 8) } },
  };
}

/** What forces a new stage: the floors or the map size changed. */
function structureKey(doc: MapDocument): string {
  return JSON.stringify([doc.settings.mapWidth, doc.settings.mapHeight, doc.layers.map((l) => [l.id, l.file])]);
}

export class EditorCanvas {
  readonly element: HTMLDivElement;
  private readonly map: HTMLDivElement;
  private viewport: HTMLDivElement;
  private readonly rings: HTMLDivElement;
  private readonly ghost: HTMLDivElement;
  private readonly roomLabels: HTMLDivElement;
  /** The SVG the rooms were measured on, and its rooms by id (measured once per floor shown). */
  private roomSvg: SVGSVGElement | null = null;
  private rooms = new Map<string, Room>();
  private freeRooms: readonly Location[] = [];
  private stage: MapStage;
  private model: ViewerModel;
  private doc: MapDocument;
  private structure: string;
  private layerId: string;
  private tool: CanvasTool = 'select';
  private selection: ReadonlySet<string> = new Set();
  private drag: {
    id: string;
    index: number;
    start: ScreenPoint;
    pointerId: number;
    moved: boolean;
    grab: ScreenPoint;
  } | null = null;
  private unsubscribe: (() => void)[] = [];
  /** Aborted by destroy(): every DOM listener the canvas adds is registered with its signal. */
  private readonly listening = new AbortController();
  private ringFrame = 0;
  private readonly viewListeners = new Set<() => void>();

  constructor(
    host: HTMLElement,
    doc: MapDocument,
    private readonly callbacks: EditorCanvasCallbacks,
    private readonly resolveUrl: (url: string) => string = (u) => u,
  ) {
    this.doc = doc;
    this.structure = structureKey(doc);
    this.model = buildModel(editable(doc));
    this.layerId = this.model.defaultLayer;
    this.viewport = document.createElement('div');
    this.rings = div('mn-edit-rings');
    this.ghost = div('mn-edit-ghost');
    this.ghost.hidden = true;
    this.roomLabels = div('mn-edit-room-labels');
    this.roomLabels.setAttribute('aria-hidden', 'true');
    this.map = div('mn-map');
    this.element = div('mn-viewer mn-landscape mn-fill mn-editor-canvas');
    this.element.append(this.map);
    host.append(this.element);
    this.stage = this.createStage();
    this.applyTool();
    const { signal } = this.listening;
    this.map.addEventListener('pointerdown', this.onPointerDown, { capture: true, signal });
    this.map.addEventListener('pointermove', this.onPointerMove, { signal });
    this.map.addEventListener('pointerup', this.onPointerUp, { signal });
    this.map.addEventListener('pointercancel', this.onPointerCancel, { signal });
  }

  private createStage(): MapStage {
    this.viewport = document.createElement('div');
    this.viewport.className = 'mn-viewport';
    this.viewport.tabIndex = 0;
    this.viewport.setAttribute('role', 'application');
    this.viewport.setAttribute('aria-roledescription', 'map editor');
    this.viewport.setAttribute(
      'aria-label',
      'Map: click a location to select it; with the add tool, click the map to add one',
    );
    this.map.replaceChildren(this.viewport);
    this.element.style.setProperty('--mn-primary', this.model.settings.primaryColor);
    const stage = new MapStage(
      this.viewport,
      this.map,
      this.model,
      {
        onActivate: () => undefined,
        onBackgroundTap: () => undefined,
        onHover: () => undefined,
        onMoveEnd: () => {
          this.drawRings();
          this.viewListeners.forEach((l) => l());
        },
        onLayerReady: () => {
          this.measureRooms();
          this.drawRings();
          this.viewListeners.forEach((l) => l());
        },
        onLayerError: () => undefined,
        onWheelHint: () => undefined,
      },
      // Markers are drawn on the visible canvas: an edit repaints a few pixels of it in place, where
      // showing a finished image off screen takes (and copies back) a whole view's worth of pixels.
      { resolveUrl: this.resolveUrl, reducedMotion: false, offscreen: false },
    );
    this.map.append(this.roomLabels, this.rings, this.ghost);
    this.roomSvg = null;
    this.unsubscribe.forEach((u) => u());
    this.unsubscribe = [
      stage.view.on('move', () => {
        this.scheduleRings();
        this.viewListeners.forEach((l) => l());
      }),
      stage.view.on('tap', (p, info) => this.onTap(p, info.shiftKey)),
    ];
    void stage.setLayer(this.layerId);
    return stage;
  }

  destroy(): void {
    this.listening.abort();
    cancelAnimationFrame(this.ringFrame);
    this.unsubscribe.forEach((u) => u());
    this.stage.destroy();
    this.element.remove();
  }

  /** Shows a new version of the document (after an edit, undo or load). */
  setDocument(doc: MapDocument): void {
    if (doc === this.doc) return;
    const prev = this.doc;
    this.doc = doc;
    const patched = this.patchedModel(prev, doc);
    this.model = patched?.model ?? buildModel(editable(doc));
    const structure = structureKey(doc);
    if (!this.model.layers.some((l) => l.id === this.layerId)) this.layerId = this.model.defaultLayer;
    if (structure !== this.structure) {
      this.structure = structure;
      const t = this.stage.view.transform;
      this.stage.destroy();
      this.stage = this.createStage();
      this.applyTool();
      if (this.stage.view.viewport) this.stage.view.jumpTo(t);
    } else {
      this.stage.setModel(this.model, patched?.changed);
      this.element.style.setProperty('--mn-primary', this.model.settings.primaryColor);
    }
    if (this.dropping) this.endDrop();
    this.classifyRooms();
    this.drawRings();
  }

  /**
   * The model for `doc` made by re-resolving only the locations that changed since `prev`, when nothing
   * else did (the common case: one location added, moved or edited). Rebuilding the whole model of a
   * 5,000-location map costs tens of milliseconds; this costs well under one. The search index is left
   * as it was: the canvas never searches. Null when a full rebuild is needed; otherwise the model and
   * the indices of the changed locations (the stage repaints only their markers).
   */
  private patchedModel(prev: MapDocument, doc: MapDocument): { model: ViewerModel; changed: number[] } | null {
    if (
      doc.settings !== prev.settings ||
      doc.styles !== prev.styles ||
      doc.groups !== prev.groups ||
      doc.layers !== prev.layers ||
      doc.filters !== prev.filters
    )
      return null;
    const a = prev.locations;
    const b = doc.locations;
    const changed: number[] = [];
    const common = Math.min(a.length, b.length);
    for (let i = 0; i < common; i++) {
      if (a[i] !== b[i]) {
        changed.push(i);
        if (changed.length > 64) return null;
      }
    }
    if (b.length < a.length) return null;
    for (let i = a.length; i < b.length && changed.length <= 64; i++) changed.push(i);
    if (changed.length > 64) return null;
    const partial = buildModel({ ...editable(doc), locations: changed.map((i) => b[i]!) });
    const locations = this.model.locations.slice(0, b.length);
    const byId = new Map(this.model.byId);
    changed.forEach((i, k) => {
      const old = this.model.locations[i];
      if (old && byId.get(old.id) === old) byId.delete(old.id);
      const next: ResolvedLocation = { ...partial.locations[k]!, index: i };
      locations[i] = next;
      byId.set(next.id, next);
    });
    return { model: patchModel(this.model, editable(doc), locations, byId), changed };
  }

  setLayer(id: string): void {
    if (id === this.layerId || !this.model.layers.some((l) => l.id === id)) return;
    this.layerId = id;
    void this.stage.setLayer(id);
  }

  // ---- Recognised rooms ----

  /** Finds and measures the rooms of the floor in view, once per floor (a new SVG element). */
  private measureRooms(): void {
    const svg = this.map.querySelector<SVGSVGElement>('.mn-layer:not([hidden]) > svg.mn-layer-svg');
    if (svg === this.roomSvg) return this.classifyRooms();
    for (const r of this.rooms.values()) unmarkRoom(r.el);
    this.roomSvg = svg;
    this.rooms = new Map();
    if (svg)
      for (const r of measureRegionsIn(svg, this.model.image))
        if (!this.rooms.has(r.id)) this.rooms.set(r.id, { ...r, linked: null, free: null, shown: '' });
    this.classifyRooms();
  }

  /**
   * Marks each room as linked (outlined in its location's colour, clicks select the location) or free
   * (outlined dashed, clicks offer to add it), after every document change. No layout is read here.
   */
  private classifyRooms(): void {
    if (!this.stage) return;
    let free: Location[] = [];
    if (this.rooms.size) {
      const taken = new Set(this.doc.locations.map((l) => l.id));
      const regions = [...this.rooms.values()].filter((r) => !taken.has(r.id));
      free = locationsFromRegions(regions, this.model.image, taken, {
        layer: this.doc.layers.length > 1 ? this.layerId : null,
        type: 'hidden',
      }).locations;
      const freeById = new Map(free.map((l) => [l.id, l]));
      for (const r of this.rooms.values()) {
        const l = this.model.byId.get(r.id);
        r.linked = l && onLayer(l, this.layerId) ? l : null;
        r.free = freeById.get(r.id) ?? null;
        const shown = `${r.linked?.fill ?? ''}|${r.free ? 1 : 0}`;
        if (shown !== r.shown) {
          r.shown = shown;
          markRoom(r);
        }
      }
    }
    const changed =
      free.length !== this.freeRooms.length ||
      free.some((l, i) => l.id !== this.freeRooms[i]!.id || l.title !== this.freeRooms[i]!.title);
    if (changed) {
      this.freeRooms = free;
      this.callbacks.onFreeRooms?.(free);
    }
  }

  /** The rooms of the floor in view that no location uses, each as the location it would become. */
  get unlinkedRooms(): readonly Location[] {
    return this.freeRooms;
  }

  /** Each room's name over it, for the rooms big enough on screen to hold one (the drawing's own text aside). */
  private drawRoomLabels(): void {
    const vp = this.stage.view.viewport;
    let n = 0;
    // A drawing with text labels its rooms itself; names drawn over them would double them.
    if (vp && this.roomSvg && !this.roomSvg.querySelector('text')) {
      const t = this.stage.view.transform;
      for (const r of this.rooms.values()) {
        if (n >= MAX_ROOM_LABELS) break;
        const name = r.linked ? r.linked.title || r.linked.id : r.free?.title;
        if (!name) continue;
        const a = imageToScreen({ x: r.box.minX, y: r.box.minY }, t);
        const b = imageToScreen({ x: r.box.maxX, y: r.box.maxY }, t);
        const w = b.x - a.x;
        if (w < 40 || b.y - a.y < 16 || b.x < 0 || b.y < 0 || a.x > vp.width || a.y > vp.height) continue;
        const label =
          (this.roomLabels.children[n++] as HTMLElement | undefined) ??
          this.roomLabels.appendChild(div('mn-edit-room-label'));
        if (label.textContent !== name) label.textContent = name;
        label.classList.toggle('mn-edit-room-label-free', !r.linked);
        label.style.transform = `translate(${(a.x + b.x) / 2}px,${(a.y + b.y) / 2}px) translate(-50%,-50%)`;
        label.style.maxWidth = `${Math.floor(w - 6)}px`;
      }
    }
    while (this.roomLabels.children.length > n) this.roomLabels.lastElementChild!.remove();
  }

  get currentLayer(): string {
    return this.layerId;
  }

  setTool(tool: CanvasTool): void {
    this.tool = tool;
    this.applyTool();
  }

  private applyTool(): void {
    this.viewport.classList.toggle('mn-edit-adding', this.tool === 'add');
    // Adding several locations quickly must not read as a double click (which zooms in).
    const dbl = this.stage.view.handlers.get('doubleTapZoom');
    if (this.tool === 'add') dbl?.disable();
    else dbl?.enable();
  }

  setSelection(ids: ReadonlySet<string>): void {
    this.selection = ids;
    this.drawRings();
  }

  /** Pans and zooms to a location (switching floors when it is on another one). */
  reveal(id: string): void {
    const l = this.model.byId.get(id);
    if (!l) return;
    if (l.layer && l.layer !== this.layerId) this.setLayer(l.layer);
    const p = l.coord && this.screenOf(l);
    const vp = this.stage.view.viewport;
    if (p && vp && p.x > 40 && p.y > 40 && p.x < vp.width - 40 && p.y < vp.height - 40) return;
    this.stage.focusLocation(l.index, false);
  }

  /** The normalised map point at the centre of the view (where keyboard adds go). */
  centre(): [number, number] {
    const vp = this.stage.view.viewport ?? { width: 0, height: 0 };
    const m = screenToMap({ x: vp.width / 2, y: vp.height / 2 }, this.model.image, this.stage.view.transform);
    return [m.x, m.y];
  }

  focus(): void {
    this.viewport.focus({ preventScroll: true });
  }

  // ---- Zoom controls (the canvas's own buttons; wheel, pinch and keys go through the stage's handlers) ----

  zoomIn(): void {
    this.stage.view.zoomIn();
  }

  zoomOut(): void {
    this.stage.view.zoomOut();
  }

  /** The whole map in view. */
  fit(): void {
    this.stage.view.reset();
  }

  /** One image pixel per screen pixel (within the zoom limits: never smaller than the fitted map). */
  actualSize(): void {
    const view = this.stage.view;
    view.zoomBy(1 / view.transform.scale);
  }

  /** The scale in percent of the map's own pixel size, and whether the buttons can go further. */
  zoomState(): { percent: number; canZoomIn: boolean; canZoomOut: boolean } {
    const view = this.stage.view;
    return {
      percent: Math.round(view.transform.scale * 100),
      canZoomIn: view.canZoomIn(),
      canZoomOut: view.canZoomOut(),
    };
  }

  /** Calls `listener` whenever the view moves or zooms; returns the way to stop. */
  onViewChange(listener: () => void): () => void {
    this.viewListeners.add(listener);
    return () => this.viewListeners.delete(listener);
  }

  /** What an overlay drawn over the map (the wayfinding network, editor/wayfinding/network-layer.ts) needs. */
  networkHost(): NetworkHost {
    return {
      element: this.map,
      layer: () => this.layerId,
      toScreen: (p) =>
        imageToScreen(
          { x: p[0] * this.model.image.width, y: p[1] * this.model.image.height },
          this.stage.view.transform,
        ),
      toMap: (p) => {
        const m = screenToMap(p, this.model.image, this.stage.view.transform);
        return [m.x, m.y];
      },
      aspect: () => this.model.image.width / this.model.image.height,
      onViewChange: (l) => this.onViewChange(l),
    };
  }

  // ---- Hit testing ----

  private screenOf(l: ResolvedLocation): ScreenPoint | null {
    if (!l.coord) return null;
    return imageToScreen(
      { x: l.coord[0] * this.model.image.width, y: l.coord[1] * this.model.image.height },
      this.stage.view.transform,
    );
  }

  /** A room's box on screen, relative to a screen point (as markerBox is to a marker's anchor). */
  private roomBox(r: Room, p: ScreenPoint): { left: number; top: number; right: number; bottom: number } {
    const t = this.stage.view.transform;
    const a = imageToScreen({ x: r.box.minX, y: r.box.minY }, t);
    const b = imageToScreen({ x: r.box.maxX, y: r.box.maxY }, t);
    return { left: a.x - p.x, top: a.y - p.y, right: b.x - p.x, bottom: b.y - p.y };
  }

  /** The location whose marker (or SVG region, unless `markersOnly`) is under a screen point, topmost first. */
  private hit(p: ScreenPoint, target: EventTarget | null, markersOnly = false): ResolvedLocation | null {
    // The marker canvas's spatial index answers as drawn (dots on a crowded view, real text widths).
    const marker = this.stage.markerUnder(p);
    if (marker !== null) return this.model.locations[marker] ?? null;
    if (markersOnly) return null;
    const region = target instanceof Element ? target.closest('[data-mn-loc]') : null;
    const index = region ? Number(region.getAttribute('data-mn-loc')) : NaN;
    return Number.isInteger(index) ? (this.model.locations[index] ?? null) : null;
  }

  /** The free room under a pointer's target, as the location it would become. */
  private freeRoomAt(target: EventTarget | null): Location | null {
    const el = target instanceof Element ? target.closest('[data-mn-room]') : null;
    return (el && this.rooms.get(el.getAttribute('data-mn-room') ?? '')?.free) || null;
  }

  private point(e: PointerEvent): ScreenPoint {
    const r = this.viewport.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  // ---- Pointer handling ----

  private readonly onPointerDown = (e: PointerEvent): void => {
    if (e.button !== 0 || !this.viewport.contains(e.target as Node)) return;
    const p = this.point(e);
    // With the add tool a room is a place to add at, not a location to pick up: only markers are.
    const l = this.hit(p, e.target, this.tool === 'add');
    if (!l) return; // the stage pans; a tap without movement arrives in onTap
    // Pressing a location selects and may drag it; the camera must not pan meanwhile.
    e.stopPropagation();
    e.preventDefault();
    this.viewport.focus({ preventScroll: true });
    const additive = e.shiftKey || e.ctrlKey || e.metaKey;
    if (!this.selection.has(l.id) || additive) this.callbacks.onSelect(l.id, additive);
    const s = this.screenOf(l) ?? p;
    this.drag = {
      id: l.id,
      index: l.index,
      start: p,
      pointerId: e.pointerId,
      moved: false,
      grab: { x: p.x - s.x, y: p.y - s.y },
    };
    this.map.setPointerCapture(e.pointerId);
  };

  private readonly onPointerMove = (e: PointerEvent): void => {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointerId) return;
    const p = this.point(e);
    if (!d.moved && Math.hypot(p.x - d.start.x, p.y - d.start.y) < DRAG_THRESHOLD) return;
    if (!d.moved) {
      d.moved = true;
      this.startGhost(d.index);
    }
    this.ghost.style.transform = `translate(${p.x - d.grab.x}px,${p.y - d.grab.y}px)`;
  };

  private readonly onPointerUp = (e: PointerEvent): void => {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointerId) return;
    this.drag = null;
    this.map.releasePointerCapture?.(e.pointerId);
    if (!d.moved) return;
    const p = this.point(e);
    const anchor = { x: p.x - d.grab.x, y: p.y - d.grab.y };
    const m = screenToMap(anchor, this.model.image, this.stage.view.transform);
    // The ghost stays where it was dropped until the moved marker is drawn there, in the same frame:
    // the edit arrives through setDocument in the next animation frame, and a move that changed
    // nothing (or was refused) puts the marker back at that frame too.
    this.dropping = true;
    this.callbacks.onMove(d.id, [m.x, m.y]);
    requestAnimationFrame(() => {
      if (this.dropping) this.endDrop();
    });
  };

  /** True between a drop and the frame that shows its result. */
  private dropping = false;

  private endDrop(): void {
    this.dropping = false;
    this.stopGhost();
  }

  private readonly onPointerCancel = (): void => {
    if (this.drag?.moved) this.stopGhost();
    this.drag = null;
  };

  private onTap(p: ScreenPoint, shift: boolean): void {
    const target =
      document.elementFromPoint?.(
        p.x + this.viewport.getBoundingClientRect().left,
        p.y + this.viewport.getBoundingClientRect().top,
      ) ?? null;
    const adding = this.tool === 'add';
    const l = this.hit(p, target, adding);
    if (l) {
      this.callbacks.onSelect(l.id, shift);
      return;
    }
    if (adding) {
      // A room under the add tool is a place like any other: the new marker goes where it was clicked.
      const m = screenToMap(p, this.model.image, this.stage.view.transform);
      if (m.x >= 0 && m.x <= 1 && m.y >= 0 && m.y <= 1) this.callbacks.onAdd([m.x, m.y]);
      return;
    }
    const room = this.freeRoomAt(target);
    if (room && this.callbacks.onRoom) this.callbacks.onRoom(room);
    else if (!shift) this.callbacks.onSelect(null, false);
  }

  private startGhost(index: number): void {
    const l = this.model.locations[index]!;
    // The dragged marker leaves the canvas and follows the pointer as one element: one style write per frame.
    this.stage.setLifted(index);
    const box = markerBox(l.kind === 'hidden' ? 'circle' : l.kind, l.scale);
    this.ghost.className = `mn-edit-ghost mn-edit-ghost-${l.kind === 'pin' ? 'pin' : 'dot'}`;
    this.ghost.style.setProperty('--mn-ghost-fill', l.fill);
    this.ghost.style.setProperty('--mn-ghost-w', `${box.right - box.left}px`);
    this.ghost.style.setProperty('--mn-ghost-h', `${box.bottom - box.top}px`);
    this.ghost.style.setProperty('--mn-ghost-left', `${box.left}px`);
    this.ghost.style.setProperty('--mn-ghost-top', `${box.top}px`);
    this.ghost.hidden = false;
    this.viewport.setAttribute('data-dragging', '');
    this.rings.hidden = true;
  }

  private stopGhost(): void {
    this.ghost.hidden = true;
    this.rings.hidden = false;
    this.viewport.removeAttribute('data-dragging');
    this.stage.setLifted(null);
  }

  // ---- Selection rings ----

  private scheduleRings(): void {
    if (
      this.ringFrame ||
      (this.selection.size === 0 && this.roomLabels.childElementCount === 0 && this.rooms.size === 0)
    )
      return;
    this.ringFrame = requestAnimationFrame(() => {
      this.ringFrame = 0;
      this.drawRings();
    });
  }

  private drawRings(): void {
    // The stage calls back while it is being constructed, before `this.stage` points at it.
    if (!this.stage) return;
    this.drawRoomLabels();
    const vp = this.stage.view.viewport;
    // Ring elements are reused (this runs after every edit and camera move); only their styles change.
    let n = 0;
    if (vp) {
      for (const id of this.selection) {
        if (n >= MAX_RINGS) break;
        const l = this.model.byId.get(id);
        if (!l || !onLayer(l, this.layerId)) continue;
        const p = this.screenOf(l);
        if (!p || p.x < -40 || p.y < -40 || p.x > vp.width + 40 || p.y > vp.height + 40) continue;
        // A location drawn only as its room is ringed around the room.
        const room = l.kind === 'hidden' ? this.rooms.get(id) : undefined;
        const b = room?.linked ? this.roomBox(room, p) : markerBox(l.kind === 'hidden' ? 'circle' : l.kind, l.scale);
        const r = (this.rings.children[n++] as HTMLElement | undefined) ?? this.rings.appendChild(div('mn-edit-ring'));
        // Written only when the box changed: unchanged style writes still invalidate style.
        const box = `${p.x + b.left - 4},${p.y + b.top - 4},${b.right - b.left + 8},${b.bottom - b.top + 8}`;
        if (ringBoxes.get(r) !== box) {
          ringBoxes.set(r, box);
          r.style.transform = `translate(${p.x + b.left - 4}px,${p.y + b.top - 4}px)`;
          r.style.width = `${b.right - b.left + 8}px`;
          r.style.height = `${b.bottom - b.top + 8}px`;
        }
        if (r.dataset.id !== id) r.dataset.id = id;
        r.classList.toggle('mn-edit-ring-room', !!room?.linked);
      }
    }
    while (this.rings.children.length > n) this.rings.lastElementChild!.remove();
  }
}

/** Room names drawn at most (the rooms in view, largest floors included). */
const MAX_ROOM_LABELS = 300;

/** Outlines a room on the canvas by what it is (SVG classes; editor-only styles in canvas.css). */
function markRoom(r: Room): void {
  r.el.classList.toggle('mn-edit-room', r.linked !== null);
  r.el.classList.toggle('mn-edit-room-free', r.free !== null);
  const st = (r.el as SVGElement).style;
  if (r.linked) st.setProperty('--mn-edit-room', r.linked.fill);
  else st.removeProperty('--mn-edit-room');
  if (r.free) r.el.setAttribute('data-mn-room', r.id);
  else r.el.removeAttribute('data-mn-room');
}

function unmarkRoom(el: Element): void {
  el.classList.remove('mn-edit-room', 'mn-edit-room-free');
  (el as SVGElement).style.removeProperty('--mn-edit-room');
  el.removeAttribute('data-mn-room');
}

/** The box each selection ring was last given. */
const ringBoxes = new WeakMap<HTMLElement, string>();

function div(className: string): HTMLDivElement {
  const d = document.createElement('div');
  d.className = className;
  return d;
}
