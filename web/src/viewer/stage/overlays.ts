/**
 * The map's positioned overlays: the hover, active and focus rings, the hover tooltip and the anchor
 * the open location's popup hangs from. They live outside the application role (in a host covering
 * the viewport) and are placed with transforms at every camera move, touching the DOM only where
 * something changed.
 */
import type { Rect, ScreenPoint, Size, ViewTransform } from '../../map-core/coords';
import { imageToScreen } from '../../map-core/coords';
import { h, uid } from '../dom';

export type RingKind = 'hover' | 'active' | 'focus';
export const RING_KINDS = ['hover', 'active', 'focus'] as const;

/** The on-screen box to highlight for a location; `top` is its top edge relative to the anchor. */
export interface HighlightBox {
  x: number;
  y: number;
  w: number;
  h: number;
  round: boolean;
  top: number;
}

/** The box round a location's region (`rr`, image pixels) on screen; `anchor`: its marker's place, if it has one. */
export function regionHighlight(rr: Rect, t: ViewTransform, anchor: ScreenPoint | null): HighlightBox {
  const a = imageToScreen({ x: rr.minX, y: rr.minY }, t);
  const b = imageToScreen({ x: rr.maxX, y: rr.maxY }, t);
  const p = anchor ?? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  return { x: a.x - 3, y: a.y - 3, w: b.x - a.x + 6, h: b.y - a.y + 6, round: false, top: a.y - p.y };
}

/** The box round a marker drawn at `p` (its drawn box `box` around its anchor, screen pixels). */
export function markerHighlight(
  p: ScreenPoint,
  box: { left: number; top: number; right: number; bottom: number },
  kind: string,
): HighlightBox {
  const pad = 4;
  return {
    x: p.x + box.left - pad,
    y: p.y + box.top - pad,
    w: box.right - box.left + 2 * pad,
    h: box.bottom - box.top + 2 * pad,
    round: kind !== 'square' && kind !== 'text',
    top: box.top,
  };
}

/** What the overlays are placed from at each update (the stage answers these). */
export interface OverlaySource {
  readonly state: Readonly<Record<RingKind, number | null>>;
  /** The box to highlight for a location, or null when it does not show on this floor. */
  highlightBox(index: number): HighlightBox | null;
  /** Screen position of a location's anchor, or null. */
  screenOf(index: number): ScreenPoint | null;
  readonly viewport: Size | null;
}

/** Shows or hides an overlay element, touching the DOM only on change (this runs every frame). */
function show(el: HTMLElement, visible: boolean): void {
  if (el.hidden === visible) el.hidden = !visible;
}

export class StageOverlays {
  readonly #el = h('div', { class: 'mn-overlay' });
  readonly #rings: Record<RingKind, HTMLDivElement> = {
    hover: h('div', { class: 'mn-ring mn-ring-hover' }),
    active: h('div', { class: 'mn-ring mn-ring-active' }),
    focus: h('div', { class: 'mn-ring mn-ring-focus' }),
  };
  readonly #tooltip = h('div', { class: 'mn-tooltip' });
  readonly popupAnchor = h('div', { class: 'mn-popup-anchor' });
  #tooltipFor: number | null = null;
  /** The anchored popup's size as it reported it (it is kept inside the map). */
  popupSize = { width: 300, height: 200 };
  #popupPlace = '';

  constructor(host: HTMLElement) {
    this.#tooltip.setAttribute('role', 'tooltip');
    this.#tooltip.id = uid('mn-tip');
    this.#el.append(this.#rings.hover, this.#rings.active, this.#rings.focus, this.#tooltip, this.popupAnchor);
    host.append(this.#el);
  }

  get tooltipId(): string {
    return this.#tooltip.id;
  }

  destroy(): void {
    this.#el.remove();
  }

  /** Sets the hover tooltip's text (plain text only) for a location, or hides it (call update after). */
  setTooltip(index: number | null, content: { title: string; about: string } | null): void {
    this.#tooltipFor = content ? index : null;
    this.#tooltip.textContent = '';
    if (!content) return;
    const t = document.createElement('strong');
    t.textContent = content.title;
    this.#tooltip.append(t);
    if (content.about) {
      const a = document.createElement('span');
      a.textContent = content.about;
      this.#tooltip.append(a);
    }
  }

  /** Places every overlay for the current camera and state. */
  update(src: OverlaySource): void {
    this.#placeRings(src);
    this.#placeTooltip(src);
    this.#placePopup(src);
  }

  #placeRings(src: OverlaySource): void {
    const { state } = src;
    for (const kind of RING_KINDS) {
      const ring = this.#rings[kind];
      const index = state[kind];
      const box = index === null ? null : src.highlightBox(index);
      if (!box || (kind === 'hover' && (index === state.active || index === state.focus))) {
        show(ring, false);
        continue;
      }
      show(ring, true);
      ring.style.transform = `translate(${box.x}px,${box.y}px)`;
      ring.style.width = `${box.w}px`;
      ring.style.height = `${box.h}px`;
      ring.classList.toggle('mn-ring-round', box.round);
    }
  }

  #placeTooltip(src: OverlaySource): void {
    const tipIndex = this.#tooltipFor;
    const tipBox = tipIndex === null ? null : src.highlightBox(tipIndex);
    const tipAt = tipIndex === null ? null : src.screenOf(tipIndex);
    if (tipBox && tipIndex !== src.state.active) {
      show(this.#tooltip, true);
      const x = tipAt ? tipAt.x : tipBox.x + tipBox.w / 2;
      this.#tooltip.style.transform = `translate(${x}px,${tipBox.y}px)`;
    } else {
      show(this.#tooltip, false);
    }
  }

  #placePopup(src: OverlaySource): void {
    const active = src.state.active;
    const at = active === null ? null : src.screenOf(active);
    const activeBox = active === null ? null : src.highlightBox(active);
    if (!at && !activeBox) {
      show(this.popupAnchor, false);
      return;
    }
    const x = at ? at.x : activeBox!.x + activeBox!.w / 2;
    const y = at ? at.y : activeBox!.y + activeBox!.h / 2;
    show(this.popupAnchor, true);
    const top = activeBox ? Math.min(0, activeBox.top) - 10 : -10;
    const vp = src.viewport ?? { width: 0, height: 0 };
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
    if (place === this.#popupPlace) return;
    this.#popupPlace = place;
    this.popupAnchor.style.setProperty('--mn-popup-x', `${Math.round(shift)}px`);
    this.popupAnchor.style.setProperty('--mn-popup-y', `${py}px`);
    this.popupAnchor.style.setProperty('--mn-popup-max-h', `${maxH}px`);
    this.popupAnchor.classList.toggle('mn-popup-below', below);
    this.popupAnchor.classList.toggle('mn-popup-inside', inside);
  }
}
