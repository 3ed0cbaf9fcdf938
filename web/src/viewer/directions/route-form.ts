/**
 * The Directions form: From and To place pickers (From is a fixed "You are here" line on a kiosk), Swap, the
 * step-free toggle when the map offers it, and Go; and the places the pickers offer.
 */
import { isolate } from '../../map-core/wayfinding/steps';
import { h, icon } from '../dom';
import type { ViewerModel } from '../viewer-model';
import { PlacePicker, type PickerOption } from './combobox';
import { withNames } from './step-list';
import type { ViewerText } from '../i18n/messages';

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
  /** A place was picked, or its field cleared, in From or To. */
  picked(): void;
}

function youAreHere(t: ViewerText, title: string): HTMLElement {
  return h(
    'p',
    { class: 'mn-dir-here' },
    h('span', { class: 'mn-dir-label' }, t.t('from')),
    h('strong', null, withNames(t.t('youAreHere', { place: isolate(title) }))),
  );
}

function swapButton(t: ViewerText): HTMLButtonElement {
  return h(
    'button',
    {
      type: 'button',
      class: 'mn-icon-button mn-dir-swap',
      'aria-label': t.t('swapLabel'),
      title: t.t('swap'),
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
    t: ViewerText,
  ) {
    this.#fixed = fixed;
    this.from = new PlacePicker(t.t('from'), places, actions.picked, t);
    this.to = new PlacePicker(t.t('to'), places, actions.picked, t);
    const here = fixed ? youAreHere(t, fixed.title) : null;
    const swap = fixed ? null : swapButton(t);
    this.#stepFreeBox = h('input', { type: 'checkbox', class: 'mn-dir-stepfree' });
    const stepFreeField = settings.wayfinding.accessibleToggle
      ? h('label', { class: 'mn-dir-check' }, this.#stepFreeBox, t.t('stepFree'))
      : null;
    const goButton = h('button', { type: 'submit', class: 'mn-primary-button mn-dir-go' }, t.t('go'));
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

  /** Ticked from a link (`?stepfree=1`); honoured even where the map shows no Step-free box. */
  set stepFree(on: boolean) {
    this.#stepFreeBox.checked = on;
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
