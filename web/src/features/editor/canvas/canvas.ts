/**
 * The editor's map: the viewer's stage (same camera, floors, marker canvas and map-core handlers)
 * with editing handlers added: click to select (Shift adds), click the map to add in the add tool (or
 * press Enter on it: canvas-keyboard.ts; while the network layer draws paths, Enter places a path point), drag
 * a marker to move it. Plain DOM like the viewer, so a drag repaints in the same frame and React hears only
 * about finished edits. Edits arrive back as new documents through setDocument, which swaps the stage's model
 * without reloading the floors.
 */
import type { Location, MapDocument } from '@mapnest/shared/map-document';
import { missingFloorFile } from '@mapnest/shared/publish-checks';
import type { ScreenPoint } from '../../../map-core/coords';
import type { MapView } from '../../../map-core/map-view';
import { coordToScreen, mapToCoord, screenToMap } from '../../../map-core/coords';
import { MapStage } from '../../../viewer/stage/stage';
import { floorShapes, type FloorShape } from '../../../viewer/stage/base-layer';
import type { ShapeBound } from '../../../viewer/stage/shape-centres';
import type { ShapeCentres } from '../../../map-core/wayfinding/network-model';
import { buildModel, onLayer, type ResolvedLocation, type ViewerModel } from '../../../viewer/viewer-model';
import { editable, patchedModel, sameSize, structureKey } from './canvas-model';
import { DRAG_THRESHOLD, carriedAlong, dressGhost, pressOn, type Drag } from './canvas-drag';
import { CanvasRooms, div, floorLoading } from './canvas-overlays';
import { SelectionRings } from './selection-rings';
import { pointerWords } from '../../../lib/pointer-words';
import { ADDED_AT_CENTRE, CENTRE_OFF_MAP, canvasLabel, isAddKey, keyboardAids } from './canvas-keyboard';
import type { NetworkHost } from '../wayfinding/network-layer';
import '../../../viewer/viewer.css';
import './canvas.css';

export type CanvasTool = 'select' | 'add';

export interface EditorCanvasCallbacks {
  /** A location was clicked (additive: Shift/Ctrl/Cmd held), or the map background (id null). */
  onSelect(id: string | null, additive: boolean): void;
  /** Whether a location is selected now (setSelection's copy arrives a render later, after a quick second click). */
  isSelected(id: string): boolean;
  /** The map was clicked with the add tool, or Enter pressed on it (the view's centre), at a normalised point. */
  onAdd(coord: [number, number]): void;
  /** A location was dragged to a normalised point. */
  onMove(id: string, coord: [number, number]): void;
  /** Selected locations were dragged together: each moves by the same normalised offset. */
  onMoveMany?(ids: readonly string[], by: [number, number]): void;
  /** A recognised room without a location was clicked (select tool): offer to make it `room`, a location linked to it. */
  onRoom?(room: Location): void;
  /**
   * The recognised rooms of the floor in view that no location stands for changed (each as the location it would
   * become: one whose id a location on another floor has gets an id of its own, naming the room as its `shape`).
   */
  onFreeRooms?(rooms: readonly Location[]): void;
  /** Another floor is shown (picked, or a location on it selected or revealed). */
  onLayerChange?(id: string): void;
}

export class EditorCanvas {
  readonly element: HTMLDivElement;
  private readonly map: HTMLDivElement;
  private viewport: HTMLDivElement;
  private readonly rings: SelectionRings;
  private readonly ghost: HTMLDivElement;
  private readonly rooms: CanvasRooms;
  private readonly loading = floorLoading();
  private stage: MapStage;
  private model: ViewerModel;
  private doc: MapDocument;
  private structure: string;
  private layerId: string;
  private tool: CanvasTool = 'select';
  private selection: ReadonlySet<string> = new Set();
  private drag: Drag | null = null;
  private unsubscribe: (() => void)[] = [];
  /** Aborted by destroy(): every DOM listener the canvas adds is registered with its signal. */
  private readonly listening = new AbortController();
  private ringFrame = 0;
  private readonly viewListeners = new Set<() => void>();
  private readonly aids: ReturnType<typeof keyboardAids>;
  /** Where Enter and Space place a path point while the network layer draws paths (NetworkHost.placeByKeys). */
  private keyPlace: ((centre: ScreenPoint) => void) | null = null;

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
    this.rings = new SelectionRings();
    this.ghost = div('mn-edit-ghost');
    this.ghost.hidden = true;
    this.rooms = new CanvasRooms((rooms) => this.callbacks.onFreeRooms?.(rooms));
    this.map = div('mn-map');
    this.element = div('mn-viewer mn-landscape mn-fill mn-editor-canvas');
    this.element.append(this.map);
    this.aids = keyboardAids(this.element);
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
    this.viewport.setAttribute('aria-describedby', this.aids.describedBy);
    this.viewport.addEventListener('keydown', this.onKeyDown, { signal: this.listening.signal });
    this.map.replaceChildren(this.viewport);
    this.element.style.setProperty('--mn-primary', this.model.settings.primaryColor);
    const reducedMotion = !!globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
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
        onLayerReady: () => this.floorShown(),
        // A floor whose file cannot be loaded says why, and nothing of the floor before it (rooms' names) stays.
        onLayerError: (id) => {
          this.floorShown();
          if (id === this.layerId)
            this.loading.failed(missingFloorFile(this.model.layers.find((l) => l.id === id)!.name));
        },
        onWheelHint: () => undefined,
      },
      // Markers are drawn on the visible canvas: an edit repaints a few pixels of it in place, where showing a
      // finished image off screen takes (and copies back) a whole view's worth of pixels. Zooms and flings jump
      // rather than glide for an author who asked for less motion (ADR 100).
      { resolveUrl: this.resolveUrl, reducedMotion, offscreen: false },
    );
    this.map.append(this.rooms.labels, this.rings.el, this.ghost, this.loading.el);
    this.rooms.forget();
    this.unsubscribe.forEach((u) => u());
    this.unsubscribe = [
      stage.view.on('move', () => {
        this.scheduleRings();
        this.viewListeners.forEach((l) => l());
      }),
      stage.view.on('moveend', () => this.rooms.outlineScale(stage.view.transform.scale, true)),
      stage.view.on('tap', (p, info) => this.onTap(p, info.shiftKey)),
    ];
    this.showFloor(stage);
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
    const patched = patchedModel(this.model, prev, doc);
    this.model = patched?.model ?? buildModel(editable(doc));
    const structure = structureKey(doc);
    // The floor in view is gone (deleted, or its upload undone): the map's first floor shows, and the floor pickers
    // hear of it, or they would name a floor the canvas no longer has.
    const gone = !this.model.layers.some((l) => l.id === this.layerId);
    if (gone) this.layerId = this.model.defaultLayer;
    if (structure !== this.structure) {
      this.structure = structure;
      const t = sameSize(prev, doc) ? this.stage.view.transform : null;
      this.stage.destroy();
      this.stage = this.createStage();
      this.applyTool();
      if (this.stage.view.viewport && t) this.stage.view.jumpTo(t);
    } else {
      this.stage.setModel(this.model, patched?.changed);
      this.element.style.setProperty('--mn-primary', this.model.settings.primaryColor);
    }
    if (this.dropping) this.endDrop();
    this.rooms.classify(this.model, this.doc, this.layerId);
    this.drawRings();
    if (gone) this.callbacks.onLayerChange?.(this.layerId);
  }

  /** Shows the floor `layerId` on `stage`, saying so while its plan loads (onLayerReady or onLayerError ends it). */
  private showFloor(stage = this.stage): void {
    this.loading.show(true);
    void stage.setLayer(this.layerId);
  }

  /** The floor in view is drawn (or could not be): its rooms measured anew, the overlays follow. */
  private floorShown(): void {
    this.loading.show(false);
    this.rooms.measure(this.map, this.model, this.doc, this.layerId);
    this.drawRings();
    this.viewListeners.forEach((l) => l());
  }

  /** Shows another floor; the floor picker hears of it (onLayerChange), whoever asked for it. */
  setLayer(id: string): void {
    if (id === this.layerId || !this.model.layers.some((l) => l.id === id)) return;
    this.layerId = id;
    this.showFloor();
    this.callbacks.onLayerChange?.(id);
  }

  /** The recognised rooms of the floor in view that no location uses, each as the location it would become. */
  get unlinkedRooms(): readonly Location[] {
    return this.rooms.unlinked;
  }

  get currentLayer(): string {
    return this.layerId;
  }

  /** The locations drawn on the floor in view, markers and rooms (Ctrl/⌘+A selects them). */
  get locationsInView(): string[] {
    return this.model.locations.filter((l) => l.coord && onLayer(l, this.layerId)).map((l) => l.id);
  }

  setTool(tool: CanvasTool): void {
    this.tool = tool;
    this.applyTool();
  }

  private applyTool(): void {
    const drawing = this.keyPlace !== null; // drawing paths places at the cross, as the add tool adds there
    this.viewport.classList.toggle('mn-edit-adding', this.tool === 'add' || drawing);
    this.viewport.setAttribute('aria-label', pointerWords(canvasLabel(drawing)));
    this.aids.drawing(drawing);
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
    const m = screenToMap(this.screenCentre(), this.model.image, this.stage.view.transform);
    return [m.x, m.y];
  }

  private screenCentre(): ScreenPoint {
    const vp = this.stage.view.viewport ?? { width: 0, height: 0 };
    return { x: vp.width / 2, y: vp.height / 2 };
  }

  focus(): void {
    this.viewport.focus({ preventScroll: true });
  }

  // ---- Zoom controls (the canvas's own buttons; wheel, pinch and keys go through the stage's handlers) ----

  /** One image pixel per screen pixel (within the zoom limits: never smaller than the fitted map). */
  actualSize(): void {
    const view = this.stage.view;
    view.zoomBy(1 / view.transform.scale);
  }

  /** The camera, for the zoom and pan buttons (`zoomIn`, `reset` for the whole map, `panByViewport`, `canPanBy`). */
  get camera(): MapView {
    return this.stage.view;
  }

  /** The scale in percent of the map's own pixel size, whether the buttons can go further, and pan at all. */
  zoomState(): { percent: number; canZoomIn: boolean; canZoomOut: boolean; canPan: boolean } {
    const view = this.stage.view;
    return {
      percent: Math.round(view.transform.scale * 100),
      canZoomIn: view.canZoomIn(),
      canZoomOut: view.canZoomOut(),
      canPan: view.canPan(),
    };
  }

  /** Calls `listener` whenever the view moves or zooms; returns the way to stop. */
  onViewChange(listener: () => void): () => void {
    this.viewListeners.add(listener);
    return () => this.viewListeners.delete(listener);
  }

  /**
   * Where the shapes these locations are bound to are, on every floor, as the viewer places them (the wayfinding
   * check routes to them): floors not loaded yet are loaded for it, each shape measured once.
   */
  shapeCentres(locations: readonly ShapeBound[]): Promise<ShapeCentres> {
    return this.stage.shapeCentres(locations);
  }

  /** A floor's shapes, which its locations can stand for (loaded if need be), with their names; null when unknown. */
  floorShapes(layerId: string): Promise<FloorShape[] | null> {
    const layer = this.model.layers.find((l) => l.id === layerId);
    return layer ? this.stage.floor(layer).then(floorShapes, () => null) : Promise.resolve(null);
  }

  /** What an overlay drawn over the map (the wayfinding network, editor/wayfinding/network-layer.ts) needs. */
  networkHost(): NetworkHost {
    return {
      element: this.map,
      layer: () => this.layerId,
      toScreen: (p) => coordToScreen(p, this.model.image, this.stage.view.transform),
      toMap: (p) => mapToCoord(screenToMap(p, this.model.image, this.stage.view.transform)),
      aspect: () => this.model.image.width / this.model.image.height,
      onViewChange: (l) => this.onViewChange(l),
      placeByKeys: (place) => {
        this.keyPlace = place;
        this.applyTool();
      },
    };
  }

  // ---- Hit testing ----

  private screenOf(l: ResolvedLocation): ScreenPoint | null {
    if (!l.coord) return null;
    return coordToScreen(l.coord, this.model.image, this.stage.view.transform);
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
    // Only a marker, or a room already selected, is picked up: on anything else (a plan is mostly rooms) the stage pans,
    // and a tap without movement arrives in onTap, which selects a room.
    if (!l || (this.stage.markerUnder(p) === null && !this.callbacks.isSelected(l.id))) return;
    // Pressing a location selects and may drag it; the camera must not pan meanwhile.
    e.stopPropagation();
    e.preventDefault();
    this.viewport.focus({ preventScroll: true });
    const additive = e.shiftKey || e.ctrlKey || e.metaKey;
    if (!this.callbacks.isSelected(l.id) || additive) this.callbacks.onSelect(l.id, additive);
    this.drag = pressOn(l, p, this.screenOf(l), e.pointerId);
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
    // A marker of a multi-selection carries the others on its floor with it, by the same offset.
    const dragged = this.model.locations[d.index];
    const together = carriedAlong(this.model, this.selection, this.layerId, d.id);
    if (together.length && dragged?.coord && this.callbacks.onMoveMany)
      this.callbacks.onMoveMany(together, [m.x - dragged.coord[0], m.y - dragged.coord[1]]);
    else this.callbacks.onMove(d.id, [m.x, m.y]);
    requestAnimationFrame(() => {
      if (this.dropping) this.endDrop();
    });
  };

  /** The add tool from the keyboard: Enter or Space adds at the centre of the view (the cross), or draws a path there. */
  private readonly onKeyDown = (e: KeyboardEvent): void => {
    if (!isAddKey(e, this.viewport) || (this.tool !== 'add' && !this.keyPlace)) return;
    e.preventDefault();
    // Enter just after an arrow key goes where the arrows led, not mid-glide (MapView.panBy: a pan of nothing).
    if (this.stage.view.isMoving) this.stage.view.panBy(0, 0, false);
    if (this.keyPlace) return this.keyPlace(this.screenCentre());
    const [x, y] = this.centre();
    if (x < 0 || x > 1 || y < 0 || y > 1) return this.aids.announce(CENTRE_OFF_MAP);
    this.callbacks.onAdd([x, y]);
    this.aids.announce(ADDED_AT_CENTRE);
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
    const box = this.viewport.getBoundingClientRect();
    const target = document.elementFromPoint?.(p.x + box.left, p.y + box.top) ?? null;
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
    const room = this.rooms.freeAt(target);
    if (room && this.callbacks.onRoom) this.callbacks.onRoom(room);
    else if (!shift) this.callbacks.onSelect(null, false);
  }

  private startGhost(index: number): void {
    const l = this.model.locations[index]!;
    // The dragged marker leaves the canvas and follows the pointer as one element: one style write per frame.
    this.stage.setLifted(index);
    dressGhost(this.ghost, l);
    this.viewport.setAttribute('data-dragging', '');
    this.rings.el.hidden = true;
  }

  private stopGhost(): void {
    this.ghost.hidden = true;
    this.rings.el.hidden = false;
    this.viewport.removeAttribute('data-dragging');
    this.stage.setLifted(null);
  }

  // ---- Selection rings ----

  private scheduleRings(): void {
    if (
      this.ringFrame ||
      (this.selection.size === 0 && this.rooms.labels.childElementCount === 0 && this.rooms.size === 0)
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
    this.rooms.drawLabels(this.stage.view, this.model.image);
    this.rings.draw(this.stage.view, this.model, this.layerId, this.selection, this.rooms);
  }
}
