/**
 * "You are here" on the map: the fixed start's place (a kiosk's own spot) marked on its floor, over the markers, so a
 * visitor finds themselves on the plan and not only in the Directions panel's text. Above the map's canvas and under
 * its controls, panels and popups (it comes just after the viewport); taps go through it to the map. It stays for as
 * long as the panel does: a kiosk's start over keeps the fixed start, and with it this mark.
 */
import type { ImagePoint } from '../../map-core/coords';
import type { MapView } from '../../map-core/map-view';
import { h } from '../dom';

export class HereMarker {
  readonly #el: HTMLElement;
  readonly #off: () => void;
  readonly #floor: string | null;

  /**
   * `at`: the place in image pixels; `floor`: its floor (null: every floor); `text`: what it reads ("You are here"),
   * `name`: what it is called (with the place's name, which the mark itself does not show).
   */
  constructor(viewport: HTMLElement, view: MapView, at: ImagePoint, floor: string | null, text: string, name: string) {
    this.#floor = floor;
    this.#el = h('div', { class: 'mn-here', role: 'img', 'aria-label': name }, h('span', null, text));
    viewport.after(this.#el);
    const place = () => {
      const t = view.transform;
      this.#el.style.transform = `translate(${at.x * t.scale + t.x}px,${at.y * t.scale + t.y}px)`;
    };
    const off = [view.on('move', place), view.on('moveend', place)];
    this.#off = () => off.forEach((f) => f());
    place();
  }

  /** The viewer shows floor `id`: the mark shows on its own floor only. */
  layerShown(id: string): void {
    this.#el.hidden = this.#floor !== null && this.#floor !== id;
  }

  destroy(): void {
    this.#off();
    this.#el.remove();
  }
}
