/**
 * The route's steps: a numbered list of buttons, each naming its floor on a map with several, that show their
 * floor's part of the route when pressed; the steps of the part shown are marked as current.
 */
import type { RouteDescription } from '../../map-core/wayfinding/steps';
import { h } from '../dom';
import type { ViewerText } from '../i18n/messages';

export class StepList {
  readonly el: HTMLOListElement;

  readonly #floorName: ((layer: string) => string) | null;
  readonly #onPick: (segment: number) => void;

  constructor(
    /** A floor's name for the steps' hints, or null on a map with one floor. */
    floorName: ((layer: string) => string) | null,
    /** A step was pressed: show route segment `segment`. */
    onPick: (segment: number) => void,
    text: ViewerText,
  ) {
    // role="list": with list-style none, some screen readers (VoiceOver) stop reading an <ol> as a list.
    this.el = h('ol', { class: 'mn-dir-steps', role: 'list', 'aria-label': text.t('steps'), hidden: true });
    this.#floorName = floorName;
    this.#onPick = onPick;
  }

  /** Lists the steps of a route, `words` being each step in words (wordRoute). */
  show(d: RouteDescription, words: readonly string[]): void {
    const floorName = this.#floorName;
    this.el.replaceChildren(
      ...d.steps.map((step, n) => {
        const b = h(
          'button',
          { type: 'button', class: 'mn-dir-step', 'data-segment': String(step.segment) },
          h('span', { class: 'mn-dir-step-n', 'aria-hidden': 'true' }, String(n + 1)),
          h('span', null, words[n]),
          floorName && h('span', { class: 'mn-dir-hint' }, floorName(step.layer)),
        );
        b.addEventListener('click', () => this.#onPick(step.segment));
        return h('li', null, b);
      }),
    );
    this.el.hidden = false;
  }

  /** Marks the steps of route segment `segment` as the current ones. */
  mark(segment: number): void {
    for (const b of this.el.querySelectorAll<HTMLElement>('button')) {
      if (Number(b.dataset.segment) === segment) b.setAttribute('aria-current', 'step');
      else b.removeAttribute('aria-current');
    }
  }

  clear(): void {
    this.el.hidden = true;
    this.el.replaceChildren();
  }
}
