/**
 * The walkable network drawn over the editor canvas while the Wayfinding panel is open: the paths of the
 * floor in view as lines, nodes as dots (connectors as squares, pinned locations ringed). In draw mode a
 * click places a point (snapped to a node or an edge within a few pixels) and each next click draws an
 * edge to it; Escape ends the path. The keyboard draws the same way: Enter or Space on the focused map places a
 * point at the centre of the view (EditorCanvas's cross), snapped as a click there would be, and each press, and
 * Escape, is said in the editor's status line (draw-words.ts). In select mode a click selects a node or an edge, and dragging a node
 * moves it (dropped on another node it joins it). Plain SVG; edits go out through the callbacks as actions.
 */
import type { MapDocument } from '@mapnest/shared/map-document';
import type { ScreenPoint } from '../../../map-core/coords';
import { layerNodes, snapPoint, type Point, type Snap } from './actions';
import { edgeMetres, keyPlacedText, pathEndedText, type KeyPlaced } from './draw-words';
import { routeStepFree } from './step-free';
import './network-layer.css';

/** What the editor canvas lends the layer (see EditorCanvas.networkHost). */
export interface NetworkHost {
  /** The element over the map the layer is placed in. */
  readonly element: HTMLElement;
  layer(): string;
  toScreen(p: Point): ScreenPoint;
  toMap(p: ScreenPoint): Point;
  /** Width / height of the map image. */
  aspect(): number;
  onViewChange(listener: () => void): () => void;
  /**
   * While `place` is set, Enter or Space on the focused map calls it with the centre of the view (in screen pixels,
   * marked by a cross) instead of adding a location; null gives the keys back.
   */
  placeByKeys(place: ((centre: ScreenPoint) => void) | null): void;
}

/** A node's `card` names its card in the panel while it moves (typed or nudged), so the card keeps its focus. */
export type NetworkSelection =
  { kind: 'node'; layer: string; at: Point; card?: string } | { kind: 'edge'; route: string; segment: number } | null;

export interface NetworkLayerCallbacks {
  onAddEdge(layer: string, from: Point, to: Point): boolean;
  /** A click (or Enter, `byKeys`) in draw mode off the floor plan (further than a snap from its edge): nothing is placed. */
  onOffMap(byKeys: boolean): void;
  onMoveNode(layer: string, from: Point, to: Point): void;
  onSelect(selection: NetworkSelection): void;
  /** Says a line in the editor's status line (what a key press drew). */
  announce(text: string): void;
  /** The path being drawn has this many points now (0: none is being drawn), for the panel's End path. */
  onDrawing?(points: number): void;
}

/** Screen pixels within which a point snaps to a node or an edge. */
export const SNAP_PX = 8;
const SVG = 'http://www.w3.org/2000/svg';
const same = (a: readonly number[], b: readonly number[]) => a[0] === b[0] && a[1] === b[1];

export class NetworkLayer {
  private readonly svg: SVGSVGElement;
  private doc: MapDocument;
  private mode: 'select' | 'draw' = 'select';
  private selection: NetworkSelection = null;
  /** The last point of the path being drawn. */
  private pending: Point | null = null;
  /** How many points the path being drawn has (said to the keyboard: "Point 3 placed…"). */
  private points = 0;
  private drag: { from: Point; pointerId: number; start: ScreenPoint; moved: boolean; to: Point } | null = null;
  private readonly off: () => void;

  constructor(
    private readonly host: NetworkHost,
    doc: MapDocument,
    private readonly callbacks: NetworkLayerCallbacks,
  ) {
    this.doc = doc;
    this.svg = document.createElementNS(SVG, 'svg');
    this.svg.setAttribute('class', 'mn-edit-network');
    this.svg.setAttribute('aria-hidden', 'true');
    host.element.append(this.svg);
    this.svg.addEventListener('pointerdown', this.onDown);
    this.svg.addEventListener('pointermove', this.onMoveEvt);
    this.svg.addEventListener('pointerup', this.onUp);
    document.addEventListener('keydown', this.onKey);
    this.off = host.onViewChange(() => this.draw());
    this.draw();
  }

  destroy(): void {
    this.off();
    document.removeEventListener('keydown', this.onKey);
    this.host.placeByKeys(null);
    this.svg.remove();
  }

  setDocument(doc: MapDocument): void {
    this.doc = doc;
    this.draw();
  }

  setMode(mode: 'select' | 'draw'): void {
    this.mode = mode;
    this.pending = null;
    this.setPoints(0);
    this.host.placeByKeys(mode === 'draw' ? this.onKeyPlace : null);
    this.draw();
  }

  setSelection(selection: NetworkSelection): void {
    this.selection = selection;
    this.draw();
  }

  /**
   * Ends the path being drawn (Escape, End path, or a click or tap on its last point again), saying how many points it
   * has; nothing when none is being drawn.
   */
  endPath(): void {
    if (!this.pending) return;
    this.callbacks.announce(pathEndedText(this.points));
    this.pending = null;
    this.setPoints(0);
    this.draw();
  }

  private setPoints(points: number): void {
    if (points === this.points) return;
    this.points = points;
    this.callbacks.onDrawing?.(points);
  }

  /**
   * The point a click at `p` places: a node or an edge within a snap, else the click's own point; null off the floor
   * plan, further than a snap from its edge (within it, the point goes on the edge), as a typed position off the map is
   * refused rather than moved onto it.
   */
  private snap(p: ScreenPoint): Snap | null {
    const a = this.host.toMap(p);
    const b = this.host.toMap({ x: p.x, y: p.y + SNAP_PX });
    const tolerance = Math.abs(b[1] - a[1]);
    const [tx, ty] = [tolerance / this.host.aspect(), tolerance];
    if (a[0] < -tx || a[0] > 1 + tx || a[1] < -ty || a[1] > 1 + ty) return null;
    return snapPoint(this.doc, this.host.layer(), a, tolerance, this.host.aspect());
  }

  /**
   * Places the path's next point where a click at `p` (or the cross) lands, drawing an edge to it from the last one;
   * what happened, for the keyboard's words: null when nothing was placed (off the plan, or the edge refused, which
   * the editor's notice says).
   */
  private place(p: ScreenPoint, byKeys: boolean): KeyPlaced | null {
    const snap = this.snap(p);
    if (!snap) {
      this.callbacks.onOffMap(byKeys);
      return null;
    }
    const at = snap.point;
    const from = this.pending;
    let placed: KeyPlaced | null;
    // A click or tap on the point just placed ends the path (a touch screen has no Escape); Enter there says where it is.
    if (from && same(from, at) && !byKeys) {
      this.endPath();
      return null;
    }
    if (from && same(from, at)) placed = { kind: 'same', point: this.points };
    else if (!from) placed = { kind: 'start', snap: snap.kind, at };
    else if (!this.callbacks.onAddEdge(this.host.layer(), from, at)) placed = null;
    else {
      const metres = edgeMetres(this.doc, this.host.layer(), from, at);
      placed = { kind: 'drawn', snap: snap.kind, at, point: this.points + 1, metres };
    }
    if (placed && placed.kind !== 'same') {
      this.pending = at;
      this.setPoints(this.points + 1);
    }
    this.draw();
    return placed;
  }

  private readonly onKeyPlace = (centre: ScreenPoint): void => {
    const placed = this.place(centre, true);
    if (placed) this.callbacks.announce(keyPlacedText(placed));
  };

  private point(e: PointerEvent): ScreenPoint {
    const r = this.svg.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  private readonly onKey = (e: KeyboardEvent): void => {
    if (e.key === 'Escape' && this.pending) {
      e.preventDefault();
      this.endPath();
    }
  };

  private readonly onDown = (e: PointerEvent): void => {
    if (e.button !== 0) return;
    const target = e.target as Element;
    const p = this.point(e);
    if (this.mode === 'draw') {
      e.stopPropagation();
      e.preventDefault();
      this.place(p, false);
      return;
    }
    const node = target.getAttribute('data-node');
    const edge = target.getAttribute('data-edge');
    if (node) {
      e.stopPropagation();
      e.preventDefault();
      const at = JSON.parse(node) as Point;
      this.callbacks.onSelect({ kind: 'node', layer: this.host.layer(), at });
      this.drag = { from: at, pointerId: e.pointerId, start: p, moved: false, to: at };
      this.svg.setPointerCapture?.(e.pointerId);
    } else if (edge) {
      e.stopPropagation();
      const [route, segment] = JSON.parse(edge) as [string, number];
      this.callbacks.onSelect({ kind: 'edge', route, segment });
    }
  };

  private readonly onMoveEvt = (e: PointerEvent): void => {
    const d = this.drag;
    if (!d || d.pointerId !== e.pointerId) return;
    const p = this.point(e);
    if (!d.moved && Math.hypot(p.x - d.start.x, p.y - d.start.y) < 4) return;
    d.moved = true;
    const others = { ...this.doc, routes: this.doc.routes };
    const a = this.host.toMap(p);
    const b = this.host.toMap({ x: p.x, y: p.y + SNAP_PX });
    const near = layerNodes(others, this.host.layer()).filter((n) => !same(n, d.from));
    const tol = Math.abs(b[1] - a[1]);
    const hit = near.find((n) => Math.hypot((n[0] - a[0]) * this.host.aspect(), n[1] - a[1]) <= tol);
    d.to = hit ?? a;
    this.draw();
  };

  private readonly onUp = (e: PointerEvent): void => {
    const d = this.drag;
    if (!d || d.pointerId !== e.pointerId) return;
    this.drag = null;
    this.svg.releasePointerCapture?.(e.pointerId);
    if (d.moved && !same(d.from, d.to)) this.callbacks.onMoveNode(this.host.layer(), d.from, d.to);
    this.draw();
  };

  private draw(): void {
    const layer = this.host.layer();
    const el = (name: string, attrs: Record<string, string | number>) => {
      const n = document.createElementNS(SVG, name);
      for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
      return n;
    };
    const d = this.drag?.moved ? this.drag : null;
    const moved = (p: Point): Point => (d && same(p, d.from) ? d.to : p);
    const s = (p: Point) => this.host.toScreen(moved(p));
    const parts: Element[] = [];
    this.svg.classList.toggle('is-drawing', this.mode === 'draw');
    if (this.mode === 'draw')
      parts.push(el('rect', { x: 0, y: 0, width: '100%', height: '100%', class: 'mn-net-catch' }));
    const ends = new Map<string, 'connector' | 'location'>();
    for (const r of this.doc.routes) {
      if (r.layer !== layer) continue;
      const n = r.points.length;
      const count = r.closed && n > 2 ? n : n - 1;
      for (let i = 0; i < count; i++) {
        const a = s(r.points[i] as Point);
        const b = s(r.points[(i + 1) % n] as Point);
        const sel = this.selection?.kind === 'edge' && this.selection.route === r.id && this.selection.segment === i;
        const cls = `mn-net-edge${routeStepFree(r) ? '' : ' is-stepped'}${r.closed ? ' is-area' : ''}${sel ? ' is-selected' : ''}`;
        parts.push(
          el('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: cls, 'data-edge': JSON.stringify([r.id, i]) }),
        );
      }
      if (r.endpoint) {
        const last = r.points[n - 1]!;
        ends.set(`${last[0]},${last[1]}`, r.connector ? 'connector' : 'location');
      }
    }
    for (const p of layerNodes(this.doc, layer)) {
      const q = s(p);
      const kind = ends.get(`${p[0]},${p[1]}`);
      const sel = this.selection?.kind === 'node' && same(this.selection.at, p);
      const cls = `mn-net-node${kind ? ` is-${kind}` : ''}${sel ? ' is-selected' : ''}${this.pending && same(this.pending, p) ? ' is-pending' : ''}`;
      const attrs = { class: cls, 'data-node': JSON.stringify(p) };
      parts.push(
        kind === 'connector'
          ? el('rect', { ...attrs, x: q.x - 6, y: q.y - 6, width: 12, height: 12 })
          : el('circle', { ...attrs, cx: q.x, cy: q.y, r: 5 }),
      );
    }
    if (this.pending && !layerNodes(this.doc, layer).some((p) => same(p, this.pending!))) {
      const q = s(this.pending);
      parts.push(el('circle', { class: 'mn-net-node is-pending', cx: q.x, cy: q.y, r: 5 }));
    }
    this.svg.replaceChildren(...parts);
  }
}
