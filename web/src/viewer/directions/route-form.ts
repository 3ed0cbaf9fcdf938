/**
 * The Directions form: From and To place pickers (From is a fixed "You are here" line on a kiosk), Swap, the
 * step-free toggle when the map offers it, and Go; and the places the pickers offer.
 */
import { h, icon } from '../dom';
import type { ViewerModel } from '../viewer-model';
import { PlacePicker, type PickerOption } from './combobox';

/**
 * The places a route can start or end at (on the network, not disabled), by label, each with its floor on a map
 * with several.
 */
export function placeOptions(
  model: ViewerModel,
  targets: ReadonlyMap<string, unknown>,
  floorName: (id: string | null) => string,
): PickerOption[] {
  return model.locations
    .filter((l) => targets.has(l.id) && !l.source.disable)
    .map((l) => ({ id: l.id, label: l.title || l.id, hint: model.layers.length > 1 ? floorName(l.layer) : '' }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** A start fixed for this embed ("You are here"). */
export interface FixedStart {
  id: string;
  title: string;
}

/** What the form asks of the panel. */
export interface RouteFormActions {
  /** Go was pressed (or Enter in a field). */
  submit(): void;
  /** From and To were swapped. */
  swapped(): void;
  /** The step-free box was ticked or cleared. */
  stepFreeChanged(): void;
}

function youAreHere(label: string, title: string): HTMLElement {
  return h(
    'p',
    { class: 'mn-dir-here' },
    h('span', { class: 'mn-dir-label' }, label),
    h('strong', null, `You are here: ${title}`),
  );
}

function swapButton(): HTMLButtonElement {
  return h(
    'button',
    {
      type: 'button',
      class: 'mn-icon-button mn-dir-swap',
      'aria-label': 'Swap start and destination',
      title: 'Swap',
    },
    icon('swap', 16),
  );
}

export class RouteForm {
  readonly el: HTMLFormElement;
  readonly from: PlacePicker;
  readonly to: PlacePicker;
  readonly #stepFreeBox: HTMLInputElement;

  readonly #fixed: FixedStart | null;

  constructor(
    settings: ViewerModel['settings'],
    places: readonly PickerOption[],
    fixed: FixedStart | null,
    actions: RouteFormActions,
  ) {
    this.#fixed = fixed;
    const text = settings.text;
    this.from = new PlacePicker(text.from, places, () => undefined);
    this.to = new PlacePicker(text.to, places, () => undefined);
    const here = fixed ? youAreHere(text.from, fixed.title) : null;
    const swap = fixed ? null : swapButton();
    this.#stepFreeBox = h('input', { type: 'checkbox', class: 'mn-dir-stepfree' });
    const stepFreeField = settings.wayfinding.accessibleToggle
      ? h('label', { class: 'mn-dir-check' }, this.#stepFreeBox, 'Step-free route')
      : null;
    const goButton = h('button', { type: 'submit', class: 'mn-primary-button mn-dir-go' }, text.go);
    this.el = h(
      'form',
      { class: 'mn-dir-form' },
      here ?? this.from.el,
      swap,
      this.to.el,
      h('div', { class: 'mn-dir-row' }, stepFreeField, goButton),
    );
    this.el.addEventListener('submit', (e) => {
      e.preventDefault();
      actions.submit();
    });
    swap?.addEventListener('click', () => {
      const a = this.from.value;
      this.from.set(this.to.value);
      this.to.set(a);
      actions.swapped();
    });
    this.#stepFreeBox.addEventListener('change', () => actions.stepFreeChanged());
  }

  /** Where the route starts: the fixed start, or the place picked in From. */
  get start(): string | null {
    return this.#fixed?.id ?? this.from.value;
  }

  get stepFree(): boolean {
    return this.#stepFreeBox.checked;
  }

  /** The field to fill first: From, or To once the start is known. */
  firstField(): HTMLInputElement {
    return this.#fixed ? this.to.input : this.from.value ? this.to.input : this.from.input;
  }

  /** Where changing a shown route begins: From, or To under a fixed start. */
  changeField(): HTMLInputElement {
    return this.#fixed ? this.to.input : this.from.input;
  }
}
