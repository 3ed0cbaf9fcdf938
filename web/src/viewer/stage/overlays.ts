/**
 * The map's positioned overlays: the hover, active and focus rings, the hover tooltip and the anchor
 * the open location's popup hangs from. They live outside the application role (in a host covering
 * the viewport) and are placed with transforms at every camera move, touching the DOM only where
 * something changed.
 */
import type { Rect, ScreenPoint, Size, ViewTransform } from '../../map-core/coords';
import { imageToScreen } from '../../map-core/coords';
import { append, h, uid } from '../dom';

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

/** A box the popup keeps clear of, in the map's pixels. */
export interface ClearBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The room a popup spanning `left`..`right` has between the boxes to keep clear of: its top at `over` or lower (under
 * the boxes in the map's upper half), its bottom at `under` or higher (over those in its lower half), 8 px from each.
 */
export function clearOf(boxes: readonly ClearBox[], left: number, right: number, height: number) {
  let over = 8;
  let under = height - 8;
  for (const b of boxes) {
    if (b.right <= left || b.left >= right || b.bottom <= b.top) continue;
    if (b.top + b.bottom < height) over = Math.max(over, b.bottom + 8);
    else under = Math.min(under, b.top - 8);
  }
  return { over, under };
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
  /** What the popup keeps clear of: the boxes of the map's controls (its corners), in the map's pixels. */
  #keepClear: readonly ClearBox[] = [];
  readonly #corners: ResizeObserver;
  #last: OverlaySource | null = null;
  #popupPlace = '';

  constructor(host: HTMLElement) {
    this.#tooltip.setAttribute('role', 'tooltip');
    this.#tooltip.id = uid('mn-tip');
    this.#el.append(this.#rings.hover, this.#rings.active, this.#rings.focus, this.#tooltip, this.popupAnchor);
    host.append(this.#el);
    // The map's controls are in its corners: the popup keeps clear of them, following their size (controls come and
    // go, the floors' row changes width, a corner is hidden).
    const corners = Array.from(host.querySelectorAll<HTMLElement>(':scope > .mn-corner'));
    this.#corners = new ResizeObserver(() => {
      this.#keepClear = corners.map((c) => ({
        left: c.offsetLeft,
        top: c.offsetTop,
        right: c.offsetLeft + c.offsetWidth,
        bottom: c.offsetTop + c.offsetHeight,
      }));
      if (this.#last) this.#placePopup(this.#last);
    });
    for (const c of corners) this.#corners.observe(c);
  }

  /**
   * The room a popup needs above its location: its height, below the controls at the top of the map (a map `height`
   * px high), as the camera leaves it when it brings a location into view.
   */
  popupRoom(height: number): number {
    const top = this.#keepClear.filter((b) => b.bottom > b.top && b.top + b.bottom < height).map((b) => b.bottom);
    return this.popupSize.height + Math.max(0, ...top);
  }

  get tooltipId(): string {
    return this.#tooltip.id;
  }

  destroy(): void {
    this.#corners.disconnect();
    this.#el.remove();
  }

  /** Sets the hover tooltip's text (plain text only) for a location, or hides it (call update after). */
  setTooltip(index: number | null, content: { title: string; about: string } | null): void {
    this.#tooltipFor = content ? index : null;
    this.#tooltip.textContent = '';
    if (content)
      append(this.#tooltip, [h('strong', null, content.title), content.about ? h('span', null, content.about) : null]);
  }

  /** Places every overlay for the current camera and state. */
  update(src: OverlaySource): void {
    this.#last = src;
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
      const tip = this.#tooltip;
      const { offsetWidth: w, offsetHeight: th } = tip;
      const vp = src.viewport ?? { width: 0, height: 0 };
      // Above its location, shifted in from the map's sides; under it, and under the controls at the top, when there
      // is no room above (a location at the map's top edge, or under those controls).
      const left = Math.max(4, Math.min(vp.width - w - 4, (tipAt ? tipAt.x : tipBox.x + tipBox.w / 2) - w / 2));
      const { over } = clearOf(this.#keepClear, left, left + w, vp.height);
      let top = tipBox.y - th - 8;
      if (top < over) top = Math.max(over, tipBox.y + tipBox.h + 8);
      tip.style.transform = `translate(${left}px,${top}px)`;
    } else {
      show(this.#tooltip, false);
    }
  }

  #placePopup(src: OverlaySource): void {
    const active = src.state.active;
    const at = active === null ? null : src.screenOf(active);
    const activeBox = active === null ? null : src.highlightBox(active);
    // A location with no place on the map (no point, no shape on its floor: an imported list's entry) still shows its
    // details: in the middle of the map, without a pointer.
    const nowhere = !at && !activeBox;
    show(this.popupAnchor, active !== null);
    if (active === null) return;
    const vp = src.viewport ?? { width: 0, height: 0 };
    const { width: pw, height: ph } = this.popupSize;
    const x = at ? at.x : activeBox ? activeBox.x + activeBox.w / 2 : vp.width / 2;
    const y = at ? at.y : activeBox ? activeBox.y + activeBox.h / 2 : (vp.height + ph) / 2;
    const top = activeBox ? Math.min(0, activeBox.top) - 10 : -10;
    // Keep the popup inside the map: shift it sideways near the edges, and open it downwards
    // when there is no room above the marker.
    let shift = Math.max(12 - x, Math.min(-pw / 2, vp.width - x - pw - 12));
    const bottom = activeBox ? Math.max(0, activeBox.y + activeBox.h - y) + 10 : 18;
    // Controls at the top reaching below the location (the Directions panel open) would push it off its location, to
    // the map's bottom edge and cut off: it goes beside them instead, where there is room. So does the popup of a
    // location with no room above or below it (a store spanning the plan) that would not fit whole under them.
    const col = clearOf(this.#keepClear, x + shift, x + shift + pw, vp.height);
    const cramped = y + top - ph < col.over && y + bottom + ph > col.under && col.under - col.over <= ph;
    for (const b of this.#keepClear) {
      const left = b.left + b.right < vp.width ? b.right + 8 : b.left - 8 - pw;
      if (b.top + b.bottom < vp.height && b.left < x + shift + pw && b.right > x + shift)
        if (left >= 12 && left + pw <= vp.width - 12)
          if (
            b.bottom + 8 > y + bottom ||
            (cramped && clearOf(this.#keepClear, left, left + pw, vp.height).over < col.over)
          )
            shift = left - x;
    }
    // The map's own controls stay usable: the popup keeps below those at the top and above those at the bottom.
    const { over, under } = clearOf(this.#keepClear, x + shift, x + shift + pw, vp.height);
    // Above the location its bottom is over the controls at the bottom (when the location is beside them); opened
    // downwards its top is under those at the top.
    const aboveEnd = Math.min(y + top, under);
    const belowStart = Math.max(y + bottom, over);
    const below = aboveEnd - ph < over && belowStart + ph < under;
    this.popupAnchor.style.transform = `translate(${x}px,${y}px)`;
    // Custom properties restyle the whole popup, so they are only written when they change.
    let py = Math.round((below ? belowStart : aboveEnd - ph) - y);
    // Room neither above nor below (a store spanning the whole plan, a short embed): the popup stays inside the map,
    // over the location and without its pointer, instead of being cut off at the top; clear of the controls at the
    // top when the map is tall enough for that.
    let inside = !below && y + py < over;
    if (inside) py = Math.round(Math.max(8, Math.min(over, vp.height - 8 - ph)) - y);
    // Moved off its location to keep clear of the controls, it has no pointer either.
    inside ||= nowhere || (below ? belowStart > y + bottom : aboveEnd < y + top) || shift > -12 || shift + pw < 12;
    // A popup never grows past the map's box (a short embed on another site), nor past the room between its controls
    // at the top and the bottom (a phone on its side): its body scrolls instead.
    const maxH = vp.height > 0 ? Math.max(80, Math.floor(under - over)) : 420;
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
