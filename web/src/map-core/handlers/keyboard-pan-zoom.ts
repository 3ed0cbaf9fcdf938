/**
 * Keyboard control of the camera while the map viewport has focus: arrow keys pan (Shift for
 * bigger steps), + and − zoom, 0 resets. The incumbent has no keyboard panning at all.
 */
import type { Handler, MapView } from '../map-view';

export const KEY_PAN_STEP = 80;

/** What a key does to the camera, or null when the key is not ours. */
export function keyAction(
  key: string,
  shift: boolean,
): { pan?: [number, number]; zoom?: 'in' | 'out'; reset?: true } | null {
  const step = shift ? KEY_PAN_STEP * 3 : KEY_PAN_STEP;
  switch (key) {
    case 'ArrowLeft':
      return { pan: [step, 0] };
    case 'ArrowRight':
      return { pan: [-step, 0] };
    case 'ArrowUp':
      return { pan: [0, step] };
    case 'ArrowDown':
      return { pan: [0, -step] };
    case '+':
    case '=':
      return { zoom: 'in' };
    case '-':
    case '_':
      return { zoom: 'out' };
    case '0':
      return { reset: true };
    default:
      return null;
  }
}

export class KeyboardPanZoomHandler implements Handler {
  enabled = false;

  readonly #view: MapView;
  readonly #el: HTMLElement;

  constructor(view: MapView, el: HTMLElement) {
    this.#view = view;
    this.#el = el;
  }

  enable(): void {
    if (this.enabled) return;
    this.enabled = true;
    this.#el.addEventListener('keydown', this.#onKey);
  }

  disable(): void {
    if (!this.enabled) return;
    this.enabled = false;
    this.#el.removeEventListener('keydown', this.#onKey);
  }

  readonly #onKey = (e: KeyboardEvent): void => {
    if (e.target !== this.#el || e.altKey || e.ctrlKey || e.metaKey) return;
    const action = keyAction(e.key, e.shiftKey);
    if (!action) return;
    e.preventDefault();
    if (action.pan) this.#view.panBy(action.pan[0], action.pan[1]);
    else if (action.zoom === 'in') this.#view.zoomIn();
    else if (action.zoom === 'out') this.#view.zoomOut();
    else if (action.reset) this.#view.reset();
  };
}
