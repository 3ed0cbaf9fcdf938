/**
 * The rings around the selected locations in view: an element each for the first MAX_RINGS, which tests and the
 * pointer can find by location (`data-id`), and every one past those painted on one canvas, so a select-all of
 * thousands rings each location in view, not only the first few hundred of the document's order.
 */
import { coordToScreen } from '../../../map-core/coords';
import { markerBox } from '../../../map-core/marker-geometry';
import type { MapView } from '../../../map-core/map-view';
import type { ViewerModel } from '../../../viewer/viewer-model';
import { onLayer } from '../../../viewer/viewer-model';
import { div, roomBox, type CanvasRooms } from './canvas-overlays';

/** Selection rings drawn as elements at most; the rest in view go on the canvas. */
export const MAX_RINGS = 300;

/** The ring's colours, as `.mn-edit-ring` draws them (canvas.css): its line, the white around it and its glow. */
const RING = '#4338ca';
const HALO = '#fff';
const GLOW = 'rgb(67 56 202 / 0.3)';
/** How far the glow reaches out of a ring's box, in CSS px (2 px of white, then 3 of glow). */
const REACH = 5;

/** Marker rings up to this size (CSS px) are stamped from a drawing of them; bigger ones are drawn. */
const SPRITE_MAX = 64;
/** A room's ring's corners (`.mn-edit-ring-room`); a marker's ring is round. */
const ROOM_RADIUS = 4;

/**
 * A ring as `.mn-edit-ring` draws it: a 2 px line inside the box (x, y, w, h), and outside the box, as box-shadows are,
 * 2 px of white, then 3 px of glow. The strokes are centred on the line's middle, 1 px inside the box.
 */
function ring(g: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, radius: number): void {
  const line = () => {
    g.beginPath();
    g.roundRect(x + 1, y + 1, w - 2, h - 2, Math.max(0, radius - 1));
  };
  g.save();
  g.beginPath();
  g.rect(x - REACH, y - REACH, w + 2 * REACH, h + 2 * REACH);
  g.roundRect(x, y, w, h, radius);
  g.clip('evenodd');
  line();
  [g.lineWidth, g.strokeStyle] = [2 * (REACH + 1), GLOW];
  g.stroke();
  [g.lineWidth, g.strokeStyle] = [6, HALO];
  g.stroke();
  g.restore();
  [g.lineWidth, g.strokeStyle] = [2, RING];
  g.stroke();
}

export class SelectionRings {
  readonly el = div('mn-edit-rings');
  /** The rings past MAX_RINGS; its `data-count` says how many it holds. */
  readonly more = document.createElement('canvas');
  /** The box each ring was last given. */
  private readonly boxes = new WeakMap<HTMLElement, string>();

  constructor() {
    this.more.className = 'mn-edit-rings-more';
    this.more.hidden = true;
    this.el.append(this.more);
  }

  /** Draws the rings for the camera now; a location drawn only as its room is ringed around the room. */
  draw(view: MapView, model: ViewerModel, layerId: string, selection: ReadonlySet<string>, rooms: CanvasRooms): void {
    const vp = view.viewport;
    const t = view.transform;
    // Ring elements are reused (this runs after every edit and camera move); only their styles change. The canvas is
    // the first child, the rings follow it.
    let n = 0;
    /** x, y, width, height and corner radius of each ring past MAX_RINGS. */
    const more: number[] = [];
    if (vp) {
      for (const id of selection) {
        const l = model.byId.get(id);
        if (!l?.coord || !onLayer(l, layerId)) continue;
        const p = coordToScreen(l.coord, model.image, t);
        if (p.x < -40 || p.y < -40 || p.x > vp.width + 40 || p.y > vp.height + 40) continue;
        const room = l.kind === 'hidden' ? rooms.get(l.shape) : undefined;
        const b = room?.linked ? roomBox(room, p, t) : markerBox(l.kind === 'hidden' ? 'circle' : l.kind, l.scale);
        const [x, y, w, h] = [p.x + b.left - 4, p.y + b.top - 4, b.right - b.left + 8, b.bottom - b.top + 8];
        if (n >= MAX_RINGS) {
          more.push(x, y, w, h, room?.linked ? ROOM_RADIUS : Math.min(w, h) / 2);
          continue;
        }
        const r = (this.el.children[n + 1] as HTMLElement | undefined) ?? this.el.appendChild(div('mn-edit-ring'));
        n++;
        // Written only when the box changed: unchanged style writes still invalidate style.
        const box = `${x},${y},${w},${h}`;
        if (this.boxes.get(r) !== box) {
          this.boxes.set(r, box);
          r.style.transform = `translate(${x}px,${y}px)`;
          r.style.width = `${w}px`;
          r.style.height = `${h}px`;
        }
        if (r.dataset.id !== id) r.dataset.id = id;
        r.classList.toggle('mn-edit-ring-room', !!room?.linked);
      }
    }
    while (this.el.children.length > n + 1) this.el.lastElementChild!.remove();
    this.paint(more, vp);
  }

  /** Paints the rings past MAX_RINGS (`more`, five numbers each) on the canvas, sized to the view; none hides it. */
  private paint(more: readonly number[], vp: { width: number; height: number } | null): void {
    const canvas = this.more;
    const count = String(more.length / 5);
    if (canvas.dataset.count !== count) canvas.dataset.count = count;
    if (!more.length || !vp) {
      if (!canvas.hidden) [canvas.hidden, canvas.width] = [true, 0];
      return;
    }
    const ratio = window.devicePixelRatio || 1;
    const [width, height] = [Math.round(vp.width * ratio), Math.round(vp.height * ratio)];
    if (canvas.width !== width || canvas.height !== height) [canvas.width, canvas.height] = [width, height];
    canvas.hidden = false;
    const g = canvas.getContext('2d');
    if (!g) return;
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.clearRect(0, 0, vp.width, vp.height);
    for (let i = 0; i < more.length; i += 5) {
      const [x, y, w, h, radius] = [more[i]!, more[i + 1]!, more[i + 2]!, more[i + 3]!, more[i + 4]!];
      // A marker's ring is one of a few sizes: stamped from a drawing of it (a path stroked per ring costs three times
      // as much, and one path of thousands of rings seven times). A room's follows the zoom: drawn.
      if (radius !== ROOM_RADIUS && w <= SPRITE_MAX && h <= SPRITE_MAX)
        g.drawImage(this.sprite(w, h, radius, ratio), x - REACH, y - REACH, w + 2 * REACH, h + 2 * REACH);
      else ring(g, x, y, w, h, radius);
    }
  }

  /** Marker rings drawn once per size (ratio: the screen's pixels per CSS pixel). */
  private readonly sprites = new Map<string, HTMLCanvasElement>();

  private sprite(w: number, h: number, radius: number, ratio: number): HTMLCanvasElement {
    const key = `${w},${h},${radius},${ratio}`;
    let sprite = this.sprites.get(key);
    if (!sprite) {
      sprite = document.createElement('canvas');
      [sprite.width, sprite.height] = [Math.ceil((w + 2 * REACH) * ratio), Math.ceil((h + 2 * REACH) * ratio)];
      const g = sprite.getContext('2d');
      if (g) {
        g.scale(ratio, ratio);
        ring(g, REACH, REACH, w, h, radius);
      }
      // Sizes follow the markers' scales, not the zoom: a few at a time. A map of many keeps the last ones.
      if (this.sprites.size >= 32) this.sprites.clear();
      this.sprites.set(key, sprite);
    }
    return sprite;
  }
}
