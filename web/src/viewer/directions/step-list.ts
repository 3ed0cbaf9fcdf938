/**
 * The route's steps: a numbered list of buttons that show their floor's part of the route when pressed; one step is
 * current, the one pressed or else the last of the part shown (its walk, the line drawn). On a map with several floors
 * a walk names its floor under its words (a change of floor names the floor it reaches in its words already).
 *
 * What a screen reader hears is the button's text: the author's names are set apart in <bdi> elements rather than by
 * the isolate marks the words come with (`withNames`, also used for the route's summary and "You are here"), and a
 * walk's floor follows its words after a comma only screen readers get (its style sheet's alternative text).
 */
import type { RouteDescription } from '../../map-core/wayfinding/steps';
import { h } from '../dom';
import type { ViewerText } from '../i18n/messages';

/**
 * Words for the screen with the author's names, which come between FSI and PDI marks (every other part), set apart
 * in <bdi> elements instead: the same direction of their own, without marks some screen readers read or stumble on.
 */
export const withNames = (words: string) =>
  words.split(/[\u2068\u2069]/).map((p, i) => (i % 2 ? h('bdi', null, p) : p));

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
        const floor = floorName && step.kind == 'walk' && floorName(step.layer);
        const b = h(
          'button',
          { type: 'button', class: 'mn-dir-step', 'data-segment': step.segment },
          h('span', { class: 'mn-dir-step-n', 'aria-hidden': 'true' }, n + 1),
          h('span', null, withNames(words[n]!)),
          floor && h('span', { class: 'mn-dir-hint' }, floor),
        );
        b.addEventListener('click', () => {
          this.#onPick(step.segment);
          this.mark(step.segment, b);
        });
        return h('li', null, b);
      }),
    );
    this.el.hidden = false;
  }

  /** Marks step `picked`, or else the last step of route segment `segment`, as the current one. */
  mark(segment: number, picked?: HTMLElement): void {
    const bs = this.el.querySelectorAll<HTMLElement>('button');
    if (!picked) for (const b of bs) if (Number(b.dataset.segment) === segment) picked = b;
    for (const b of bs) {
      if (b === picked) b.setAttribute('aria-current', 'step');
      else b.removeAttribute('aria-current');
    }
  }

  clear(): void {
    this.el.hidden = true;
    this.el.replaceChildren();
  }
}
