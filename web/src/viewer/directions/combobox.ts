/**
 * A searchable place picker following the ARIA combobox pattern (an editable input with a listbox
 * popup): typing filters, Up and Down move through the options (aria-activedescendant), Enter or a
 * click picks, Escape closes the list (or clears the text when it is already closed). In kiosk mode focus or a tap
 * lists every place, for a visitor without a keyboard.
 */
import { foldText } from '../../map-core/text-search';
import { h, uid } from '../dom';
import type { ViewerText } from '../i18n/messages';

export interface PickerOption {
  id: string;
  label: string;
  /** Secondary text (the floor). */
  hint: string;
}

/** Options shown at most, so a directory of thousands stays quick to filter and to read out. */
const MAX_SHOWN = 50;

export class PlacePicker {
  readonly el: HTMLDivElement;
  readonly input: HTMLInputElement;
  readonly #list: HTMLUListElement;
  #shown: PickerOption[] = [];
  #active = -1;
  #picked: PickerOption | null = null;
  readonly #folded: string[];

  readonly #options: readonly PickerOption[];
  readonly #onPick: (id: string | null) => void;

  readonly #noPlaces: string;

  constructor(label: string, options: readonly PickerOption[], onPick: (id: string | null) => void, text: ViewerText) {
    this.#noPlaces = text.t('noPlaces');
    this.#options = options;
    this.#onPick = onPick;
    const inputId = uid('mn-dir-input');
    const listId = uid('mn-dir-list');
    this.#folded = options.map((o) => foldText(`${o.label} ${o.hint}`));
    this.input = h('input', {
      id: inputId,
      type: 'text',
      class: 'mn-dir-input',
      role: 'combobox',
      autocomplete: 'off',
      spellcheck: 'false',
      'aria-autocomplete': 'list',
      'aria-expanded': 'false',
      'aria-controls': listId,
      placeholder: text.t('searchPlaces'),
    });
    this.#list = h('ul', { id: listId, class: 'mn-dir-options', role: 'listbox', 'aria-label': label, hidden: true });
    this.el = h(
      'div',
      { class: 'mn-dir-field' },
      h('label', { for: inputId, class: 'mn-dir-label' }, label),
      h('div', { class: 'mn-dir-combo' }, this.input, this.#list),
    );
    this.input.addEventListener('input', () => {
      this.#picked = null;
      this.#onPick(null);
      this.#filter(true);
    });
    // A kiosk has no keyboard: the field, focused or tapped, lists every place to choose from (the text it shows is
    // selected, so where a keyboard does come, typing still filters).
    const offer = () => this.#list.hidden && this.el.closest('.mn-kiosk') && this.#filter(true, '', Infinity);
    this.input.addEventListener('focus', () => {
      this.input.select();
      offer();
    });
    this.input.addEventListener('click', offer);
    this.input.addEventListener('keydown', this.#onKey);
    this.input.addEventListener('blur', () => setTimeout(() => this.#closeList(), 120));
    this.#list.addEventListener('mousedown', (e) => e.preventDefault());
  }

  get value(): string | null {
    return this.#picked?.id ?? null;
  }

  /** Shows `id` as picked (null clears); unknown ids clear. */
  set(id: string | null): void {
    this.#picked = (id && this.#options.find((o) => o.id === id)) || null;
    this.input.value = this.#picked ? this.#picked.label : '';
    this.#closeList();
  }

  #filter(open: boolean, q = foldText(this.input.value.trim()), max = MAX_SHOWN): void {
    const shown: PickerOption[] = [];
    for (let i = 0; i < this.#options.length && shown.length < max; i++)
      if (!q || this.#folded[i]!.includes(q)) shown.push(this.#options[i]!);
    this.#shown = shown;
    this.#active = shown.length ? 0 : -1;
    this.#list.replaceChildren(
      ...(shown.length
        ? shown.map((o, i) => {
            const li = h(
              'li',
              { id: `${this.#list.id}-${i}`, role: 'option', class: 'mn-dir-option', 'aria-selected': 'false' },
              // The author's name in its own direction ("Candle Co." read ".Candle Co" in Hebrew).
              h('span', { dir: 'auto' }, o.label),
              o.hint && h('span', { class: 'mn-dir-hint' }, o.hint),
            );
            li.addEventListener('click', () => this.#choose(i));
            return li;
          })
        : [
            h(
              'li',
              { class: 'mn-dir-empty', role: 'option', 'aria-disabled': 'true', 'aria-selected': 'false' },
              this.#noPlaces,
            ),
          ]),
    );
    if (open) this.#openList();
    this.#highlight();
  }

  #openList(): void {
    this.#list.hidden = false;
    this.input.setAttribute('aria-expanded', 'true');
  }

  #closeList(): void {
    this.#list.hidden = true;
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
  }

  #highlight(): void {
    const items = this.#list.querySelectorAll<HTMLElement>('.mn-dir-option');
    items.forEach((li, i) => li.setAttribute('aria-selected', String(i === this.#active)));
    const current = items[this.#active];
    if (current && !this.#list.hidden) {
      this.input.setAttribute('aria-activedescendant', current.id);
      current.scrollIntoView?.({ block: 'nearest' });
    } else this.input.removeAttribute('aria-activedescendant');
  }

  #choose(i: number): void {
    const o = this.#shown[i];
    if (!o) return;
    this.#picked = o;
    this.input.value = o.label;
    this.#closeList();
    this.#onPick(o.id);
  }

  readonly #onKey = (e: KeyboardEvent): void => {
    const open = !this.#list.hidden;
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        e.preventDefault();
        if (!open) {
          this.#filter(true);
          return;
        }
        if (!this.#shown.length) return;
        this.#active = (this.#active + (e.key === 'ArrowDown' ? 1 : -1) + this.#shown.length) % this.#shown.length;
        this.#highlight();
        return;
      case 'Enter':
        if (open && this.#active >= 0) {
          e.preventDefault();
          this.#choose(this.#active);
        }
        return;
      case 'Escape':
        if (open) {
          e.preventDefault();
          e.stopPropagation();
          this.#closeList();
        } else if (this.input.value) {
          e.preventDefault();
          e.stopPropagation();
          this.set(null);
          this.#onPick(null);
        }
        return;
      default:
    }
  };
}
