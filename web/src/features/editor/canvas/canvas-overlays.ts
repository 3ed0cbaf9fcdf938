/**
 * What the editor's canvas draws over the map. The recognised rooms of the floor in view (see
 * recognise-svg.ts): each SVG shape the recogniser finds is outlined as what it is, a room linked to a
 * location (the one of this floor standing for it, in its colour; clicks select it) or a free room (dashed; clicks
 * offer to add it), with its name over it when it is big enough on screen. The selection rings: selection-rings.ts.
 */
import type { Location, MapDocument } from '@mapnest/shared/map-document';
import type { ImagePoint, ScreenPoint, ViewTransform } from '../../../map-core/coords';
import { coordToImage, imageToScreen } from '../../../map-core/coords';
import type { MapView } from '../../../map-core/map-view';
import type { ResolvedLocation, ViewerModel } from '../../../viewer/viewer-model';
import { onLayer } from '../../../viewer/viewer-model';
import { locationsFromRegions, measureRegionsIn, type MeasuredRegion } from '../recognise-svg';

/** A recognised room of the floor in view: an SVG shape the recogniser finds. */
export interface Room extends MeasuredRegion {
  el: Element;
  /** The location linked to it (the one of this floor standing for it: its `shape`, else its id), or null. */
  linked: ResolvedLocation | null;
  /**
   * What it would become as a location, when no location of this floor stands for it: its id, or one made from it
   * (`lift-2`, with `shape: 'lift'`) when a location elsewhere in the map has that id.
   */
  free: Location | null;
  /** How it is marked in the SVG now (colour and whether free), so unchanged rooms cost no DOM calls. */
  shown: string;
}

/**
 * Where a room's name goes, in map pixels: the point of the location standing for it when that lies in the room's
 * box (a country's own label point, not the middle of a box its islands stretch: Portugal's with the Azores is
 * mostly sea), else the middle of the box.
 */
export function roomLabelAt(r: Pick<Room, 'box' | 'linked'>, image: ViewerModel['image']): ImagePoint {
  const { box } = r;
  const at = r.linked?.coord ? coordToImage(r.linked.coord, image) : null;
  if (at && at.x >= box.minX && at.x <= box.maxX && at.y >= box.minY && at.y <= box.maxY) return at;
  return { x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2 };
}

interface PlacedLabel {
  label: HTMLElement;
  x: number;
  y: number;
  max: number;
}

/** A room name's height on screen (canvas.css: 12 px at a line height of 1.2). */
const LABEL_HEIGHT = 15;

const boxArea = (b: Room['box']) => (b.maxX - b.minX) * (b.maxY - b.minY);

/**
 * The names to leave out so that none overlaps another: each name (centred on x, y) in turn is kept unless it
 * overlaps one kept before it, so the first ones (the largest rooms') win.
 */
export function overlappingLabels(
  labels: readonly { x: number; y: number; width: number; height: number }[],
): Set<number> {
  const kept: { left: number; right: number; top: number; bottom: number }[] = [];
  const hidden = new Set<number>();
  labels.forEach((l, i) => {
    const r = {
      left: l.x - l.width / 2,
      right: l.x + l.width / 2,
      top: l.y - l.height / 2,
      bottom: l.y + l.height / 2,
    };
    if (kept.some((k) => r.left < k.right && k.left < r.right && r.top < k.bottom && k.top < r.bottom)) hidden.add(i);
    else kept.push(r);
  });
  return hidden;
}

/** Room names drawn at most (the rooms in view, largest floors included). */
const MAX_ROOM_LABELS = 300;

export function div(className: string): HTMLDivElement {
  const d = document.createElement('div');
  d.className = className;
  return d;
}

/** How long a floor may take to show before "Loading floor plan…" does. */
export const FLOOR_LOADING_AFTER_MS = 300;

/**
 * "Loading floor plan…" over the map while a floor's plan loads, as the viewer says "Loading map…": a blank grey
 * canvas at "100%" said nothing on a slow connection; and, when the plan cannot be loaded, why, in the publish
 * check's words (an empty floor said nothing until Publish). It lets clicks through, so it never stands in the way.
 * A floor shown within FLOOR_LOADING_AFTER_MS (a blank one, one loaded before) says nothing: a note that flashed on
 * every floor switch was also read out by a screen reader each time.
 */
export function floorLoading(): { el: HTMLDivElement; show(loading: boolean): void; failed(text: string): void } {
  const el = div('mn-loading mn-edit-loading');
  el.setAttribute('role', 'status');
  const spinner = div('mn-spinner');
  spinner.setAttribute('aria-hidden', 'true');
  const text = document.createElement('span');
  el.append(spinner, text);
  let later: ReturnType<typeof setTimeout> | undefined;
  const set = (hidden: boolean, failed: string | null) => {
    clearTimeout(later);
    el.hidden = hidden;
    spinner.hidden = failed !== null;
    el.classList.toggle('mn-edit-loading--failed', failed !== null);
    text.textContent = failed ?? 'Loading floor plan…';
  };
  return {
    el,
    show(loading) {
      set(true, null);
      if (loading) later = setTimeout(() => (el.hidden = false), FLOOR_LOADING_AFTER_MS);
    },
    failed: (message) => set(false, message),
  };
}

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

/** A room's box on screen, relative to a screen point (as markerBox is to a marker's anchor). */
export function roomBox(
  r: Room,
  p: ScreenPoint,
  t: ViewTransform,
): { left: number; top: number; right: number; bottom: number } {
  const a = imageToScreen({ x: r.box.minX, y: r.box.minY }, t);
  const b = imageToScreen({ x: r.box.maxX, y: r.box.maxY }, t);
  return { left: a.x - p.x, top: a.y - p.y, right: b.x - p.x, bottom: b.y - p.y };
}

export class CanvasRooms {
  /** The rooms' names, over the map. */
  readonly labels = div('mn-edit-room-labels');
  private svg: SVGSVGElement | null = null;
  /** The floor's parts (a big floor is drawn in several sibling SVGs), whose outlines `outlineScale` sizes. */
  private parts: SVGSVGElement[] = [];
  /** The view's scale the outlines were last sized for (0: not yet, for these parts). */
  private outlinedAt = 0;
  private rooms = new Map<string, Room>();
  private free: readonly Location[] = [];

  constructor(
    /** The free rooms changed. */
    private readonly onFreeRooms?: (rooms: readonly Location[]) => void,
  ) {
    this.labels.setAttribute('aria-hidden', 'true');
  }

  /** The floors were loaded anew (a new stage): the next measure reads them again. */
  forget(): void {
    this.svg = null;
  }

  get size(): number {
    return this.rooms.size;
  }

  /** The room (a shape of the floor in view) with this element id. */
  get(id: string): Room | undefined {
    return this.rooms.get(id);
  }

  /** The rooms of the floor in view that no location uses, each as the location it would become. */
  get unlinked(): readonly Location[] {
    return this.free;
  }

  /** Finds and measures the rooms of the floor in view, once per floor (a new SVG element), then classifies them. */
  measure(map: HTMLElement, model: ViewerModel, doc: MapDocument, layerId: string): void {
    // A big floor is drawn in several parts, sibling <svg>s of one size: the first stands for the floor.
    const parts = map.querySelectorAll<SVGSVGElement>('.mn-layer:not([hidden]) > svg.mn-layer-svg');
    const svg = parts[0] ?? null;
    if (svg !== this.svg) {
      for (const r of this.rooms.values()) unmarkRoom(r.el);
      this.svg = svg;
      this.parts = [...parts];
      this.outlinedAt = 0;
      this.rooms = new Map();
      for (const part of parts)
        for (const r of measureRegionsIn(part, model.image))
          if (!this.rooms.has(r.id)) this.rooms.set(r.id, { ...r, linked: null, free: null, shown: '' });
    }
    this.classify(model, doc, layerId);
  }

  /**
   * Marks each room as linked (outlined in its location's colour, clicks select the location) or free
   * (outlined dashed, clicks offer to add it), after every document change. No layout is read here.
   */
  classify(model: ViewerModel, doc: MapDocument, layerId: string): void {
    let free: Location[] = [];
    if (this.rooms.size) {
      // The location of this floor standing for each shape (a location on every floor stands for its id's on each).
      const standing = new Map<string, ResolvedLocation>();
      for (const l of model.locations) if (onLayer(l, layerId) && !standing.has(l.shape)) standing.set(l.shape, l);
      const regions = [...this.rooms.values()].filter((r) => !standing.has(r.id));
      // A room is a shape of this floor, so its location is on this floor even while the map has one: on every floor
      // it would take the same id's shape of each floor added later. One whose id a location on another floor has
      // gets an id of its own and names the room as its shape.
      const taken = { shapes: new Set(standing.keys()), ids: new Set(doc.locations.map((l) => l.id)) };
      free = locationsFromRegions(regions, model.image, taken, { layer: layerId, type: 'hidden' }).locations;
      const freeByRoom = new Map(free.map((l) => [l.shape ?? l.id, l]));
      for (const r of this.rooms.values()) {
        r.linked = standing.get(r.id) ?? null;
        r.free = freeByRoom.get(r.id) ?? null;
        const shown = `${r.linked?.fill ?? ''}|${r.free ? 1 : 0}`;
        if (shown !== r.shown) {
          r.shown = shown;
          markRoom(r);
        }
      }
    }
    const changed =
      free.length !== this.free.length ||
      free.some((l, i) => {
        const before = this.free[i]!;
        return l.id !== before.id || l.title !== before.title || l.shape !== before.shape;
      });
    if (changed) {
      this.free = free;
      this.onFreeRooms?.(free);
    }
  }

  /**
   * Keeps the rooms' outlines their width on screen (canvas.css): the floor is scaled by a CSS transform, which
   * Chromium's non-scaling stroke does not undo (a 2 px outline was 0.7 px on a whole floor at 37%). While the view
   * moves, set again once the scale has changed by a tenth rather than at every frame of a zoom, since every shape of
   * the floor takes it up; `exact` (the view at rest) sets it for the scale as it is.
   */
  outlineScale(scale: number, exact = false): void {
    if (!this.rooms.size || scale === this.outlinedAt || (!exact && Math.abs(scale / this.outlinedAt - 1) < 0.1))
      return;
    this.outlinedAt = scale;
    for (const part of this.parts) part.style.setProperty('--mn-edit-px', String(1 / scale));
  }

  /** The free room under a pointer's target, as the location it would become. */
  freeAt(target: EventTarget | null): Location | null {
    const el = target instanceof Element ? target.closest('[data-mn-room]') : null;
    return (el && this.rooms.get(el.getAttribute('data-mn-room') ?? '')?.free) || null;
  }

  /**
   * Each room's name over it, for the rooms big enough on screen to hold one (the drawing's own text aside). Where two
   * names would overlap (Portugal's over Spain's at a continent's scale), the larger room's is shown.
   */
  drawLabels(view: MapView, image: ViewerModel['image']): void {
    this.outlineScale(view.transform.scale);
    const vp = view.viewport;
    const shown: PlacedLabel[] = [];
    // A drawing with text labels its rooms itself; names drawn over them would double them.
    if (vp && this.svg && !this.svg.parentElement?.querySelector('svg text')) {
      const t = view.transform;
      const largestFirst = [...this.rooms.values()].sort((p, q) => boxArea(q.box) - boxArea(p.box));
      for (const r of largestFirst) {
        if (shown.length >= MAX_ROOM_LABELS) break;
        const name = r.linked ? r.linked.title || r.linked.id : r.free?.title;
        if (!name) continue;
        const a = imageToScreen({ x: r.box.minX, y: r.box.minY }, t);
        const b = imageToScreen({ x: r.box.maxX, y: r.box.maxY }, t);
        const w = b.x - a.x;
        if (w < 40 || b.y - a.y < 16 || b.x < 0 || b.y < 0 || a.x > vp.width || a.y > vp.height) continue;
        const label =
          (this.labels.children[shown.length] as HTMLElement | undefined) ??
          this.labels.appendChild(div('mn-edit-room-label'));
        if (label.textContent !== name) {
          label.textContent = name;
          delete label.dataset.width;
        }
        label.classList.toggle('mn-edit-room-label-free', !r.linked);
        const at = imageToScreen(roomLabelAt(r, image), t);
        label.style.transform = `translate(${at.x}px,${at.y}px) translate(-50%,-50%)`;
        const max = Math.floor(w - 6);
        label.style.maxWidth = `${max}px`;
        shown.push({ label, x: at.x, y: at.y, max });
      }
    }
    while (this.labels.children.length > shown.length) this.labels.lastElementChild!.remove();
    // Widths are read once per name, after every write of this draw (one layout at most, none while panning).
    for (const s of shown) s.label.dataset.width ??= String(s.label.scrollWidth);
    const hidden = overlappingLabels(
      shown.map((s) => ({
        x: s.x,
        y: s.y,
        width: Math.min(Number(s.label.dataset.width), s.max),
        height: LABEL_HEIGHT,
      })),
    );
    shown.forEach((s, i) => (s.label.style.visibility = hidden.has(i) ? 'hidden' : ''));
  }
}
