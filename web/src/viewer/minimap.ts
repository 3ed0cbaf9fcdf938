/**
 * The minimap (settings.minimap): the current floor's image drawn small in a corner of the map, with a
 * frame round the part in view. A click or a drag on it centres the view there; it is focusable, and its
 * arrow keys pan the view. Loaded on demand (viewer.ts imports it only for maps that turn it on), with its
 * styles. Hidden on narrow viewers unless the map asks for it there too.
 */
import type { ImagePoint, Size, ViewTransform } from '../map-core/coords';
import { centreOn } from '../map-core/transform';
import { addSheet, h, uid, type Sheet } from './dom';
import type { DirectionsHost } from './directions/types';

/** The minimap's styles, added with it. */
export const MINIMAP_CSS = `
.mn-minimap{position:relative;box-sizing:content-box;border:2px solid #fff;border-radius:8px;background:#fff;box-shadow:var(--mn-shadow);overflow:hidden;cursor:pointer;touch-action:none;pointer-events:auto}
.mn-minimap:focus-visible{outline:2px solid var(--mn-focus);outline-offset:2px;box-shadow:0 0 0 2px #fff}
.mn-minimap img{display:block;width:100%;height:100%;object-fit:fill;pointer-events:none;user-select:none}
.mn-minimap-frame{position:absolute;box-sizing:border-box;border:2px solid var(--mn-primary);background:color-mix(in srgb,var(--mn-primary) 12%,transparent);pointer-events:none}
.mn-narrow .mn-minimap:not(.mn-minimap-narrow){display:none}
`;

/** The longest side of the minimap, in CSS pixels. */
export const MINIMAP_SIZE = 160;
/** How far one arrow key moves the view: this share of the viewport (three times as far with Shift held). */
const KEY_STEP = 0.1;

/** What the viewer lends the minimap: what it lends directions (the root gets the styles), and its URL resolver. */
export type MinimapHost = Pick<DirectionsHost, 'model' | 'view' | 'root' | 'layer' | 'reducedMotion'> & {
  resolveUrl(url: string): string;
};

/** The minimap's size for an image: its longer side MINIMAP_SIZE, its proportions the image's. */
export function minimapSize(image: Size, max = MINIMAP_SIZE): Size {
  const k = max / Math.max(1, image.width, image.height);
  return { width: Math.max(1, Math.round(image.width * k)), height: Math.max(1, Math.round(image.height * k)) };
}

/** The part of the image in view (image pixels, clipped to the image), or null before the viewport is known. */
export function visibleRect(
  t: ViewTransform,
  viewport: Size | null,
  image: Size,
): { x: number; y: number; width: number; height: number } | null {
  if (!viewport || t.scale <= 0) return null;
  const x0 = Math.max(0, -t.x / t.scale);
  const y0 = Math.max(0, -t.y / t.scale);
  const x1 = Math.min(image.width, (viewport.width - t.x) / t.scale);
  const y1 = Math.min(image.height, (viewport.height - t.y) / t.scale);
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

export class Minimap {
  readonly el: HTMLDivElement;
  readonly #img: HTMLImageElement;
  readonly #frame = h('div', { class: 'mn-minimap-frame' });
  readonly #style: Sheet;
  readonly #host: MinimapHost;
  readonly #off: () => void;
  #size: Size;
  #dragging: number | null = null;

  /** Puts the minimap in `corner`; `narrow`: shown on narrow viewers too. */
  constructor(host: MinimapHost, corner: HTMLElement, narrow: boolean) {
    this.#host = host;
    const { view } = host;
    const text = host.model.text;
    const hintId = uid('mn-minimap-hint');
    this.#size = minimapSize(view.image);
    this.#img = h('img', { alt: '', draggable: 'false', decoding: 'async', referrerpolicy: 'no-referrer' });
    this.el = h(
      'div',
      {
        class: `mn-minimap${narrow ? ' mn-minimap-narrow' : ''}`,
        tabindex: '0',
        role: 'application',
        'aria-roledescription': text.t('minimap'),
        'aria-label': text.t('minimap'),
        'aria-describedby': hintId,
        style: { width: `${this.#size.width}px`, height: `${this.#size.height}px` },
      },
      this.#img,
      this.#frame,
      h('span', { id: hintId, class: 'mn-sr-only' }, text.t('minimapHint')),
    );
    this.el.addEventListener('pointerdown', this.#down);
    this.el.addEventListener('pointermove', this.#move);
    this.el.addEventListener('pointerup', this.#up);
    this.el.addEventListener('pointercancel', this.#up);
    this.el.addEventListener('keydown', this.#key);
    this.#style = addSheet(host.root, MINIMAP_CSS);
    corner.append(this.el);
    corner.hidden = false;
    this.#off = view.on('move', () => this.update());
    this.update();
    this.layerShown(host.layer());
  }

  /** The viewer shows floor `id`: its image is drawn. */
  layerShown(id: string): void {
    const file = this.#host.model.layers.find((l) => l.id === id)?.file;
    if (!file) return;
    const src = this.#host.resolveUrl(file);
    if (this.#img.getAttribute('src') !== src) this.#img.src = src;
  }

  /** Puts the frame round the part of the image in view. */
  update(): void {
    const view = this.#host.view;
    // The image's size changes with nothing else when the editor resizes the map.
    if (view.image.width && view.image.height) {
      const size = minimapSize(view.image);
      if (size.width !== this.#size.width || size.height !== this.#size.height) {
        this.#size = size;
        Object.assign(this.el.style, { width: `${size.width}px`, height: `${size.height}px` });
      }
    }
    const r = visibleRect(view.transform, view.viewport, view.image);
    this.#frame.hidden = !r;
    if (!r) return;
    const k = this.#size.width / Math.max(1, view.image.width);
    Object.assign(this.#frame.style, {
      left: `${r.x * k}px`,
      top: `${r.y * k}px`,
      width: `${r.width * k}px`,
      height: `${r.height * k}px`,
    });
  }

  /** Centres the view on the image point under a pointer at client (x, y). */
  #goTo(clientX: number, clientY: number, animate: boolean): void {
    const { view } = this.#host;
    const viewport = view.viewport;
    if (!viewport) return;
    const box = this.el.getBoundingClientRect();
    const k = box.width / Math.max(1, view.image.width);
    if (k <= 0) return;
    const p: ImagePoint = { x: (clientX - box.left) / k, y: (clientY - box.top) / k };
    const to = view.clamp(centreOn(p, view.transform.scale, viewport, view.insets));
    if (animate && !this.#host.reducedMotion) view.animateTo(to);
    else view.jumpTo(to);
  }

  readonly #down = (e: PointerEvent): void => {
    if (e.button !== 0) return;
    e.preventDefault();
    this.el.focus({ preventScroll: true });
    this.#dragging = e.pointerId;
    this.el.setPointerCapture?.(e.pointerId);
    this.#goTo(e.clientX, e.clientY, true);
  };

  readonly #move = (e: PointerEvent): void => {
    if (this.#dragging === e.pointerId) this.#goTo(e.clientX, e.clientY, false);
  };

  readonly #up = (e: PointerEvent): void => {
    if (this.#dragging !== e.pointerId) return;
    this.#dragging = null;
    this.el.releasePointerCapture?.(e.pointerId);
  };

  readonly #key = (e: KeyboardEvent): void => {
    const dir = ARROWS[e.key];
    if (!dir) return;
    e.preventDefault();
    e.stopPropagation();
    const { view } = this.#host;
    const viewport = view.viewport;
    if (!viewport) return;
    const step = KEY_STEP * (e.shiftKey ? 3 : 1);
    // The frame moves the way the arrow points: the image moves the other way.
    view.panBy(-dir[0] * step * viewport.width, -dir[1] * step * viewport.height, !this.#host.reducedMotion);
  };

  destroy(): void {
    this.#off();
    this.el.remove();
    this.#style.remove();
  }
}

const ARROWS: Record<string, readonly [number, number] | undefined> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};
