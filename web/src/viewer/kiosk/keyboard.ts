/**
 * Kiosk mode's on-screen keyboard (ADR 099), loaded with the idle watch for kiosk maps and embeds only
 * (../on-demand.ts): a kiosk has no keyboard, and a kiosk browser's system keyboard, where there is one, covers the
 * list a tap opens. A tap on the directory's search or a Directions field (`FIELDS`) opens ours at the bottom of the
 * map, in the map's language's letter rows (`kbLetters`), with digits, space, delete, clear and hide; its keys type
 * into the field as typing does (the `input` event the search and the pickers listen to). The field keeps focus (a key
 * takes no focus) and says its value to screen readers; the system keyboard is told to stay away (`inputmode=none`).
 */
import { h } from '../dom';
import type { ViewerText } from '../i18n/messages';

/** The fields the keyboard serves: the directory's search and the Directions panel's From and To. */
const FIELDS = '.mn-search input,.mn-dir-input';

/** What a key does to a field's text and caret: types `key`, or deletes (`back`), or empties (`clear`). */
export function keyEdit(
  value: string,
  start: number,
  end: number,
  key: string | 'back' | 'clear',
): { value: string; caret: number } {
  if (key === 'clear') return { value: '', caret: 0 };
  if (key === 'back') {
    // A selection goes whole (the pickers select their text on focus); else the character before the caret.
    const before = value.slice(0, start);
    const from = start < end ? start : before.length - ([...before].pop()?.length ?? 0);
    return { value: value.slice(0, from) + value.slice(end), caret: from };
  }
  return { value: value.slice(0, start) + key + value.slice(end), caret: start + key.length };
}

/** The keyboard's rows of key characters: the digits, then the language's letter rows. */
export const keyRows = (letters: string): string[][] => ['1234567890', ...letters.split(' ')].map((r) => [...r]);

export interface Keyboard {
  /** Hides the keyboard (kiosk mode's start over). */
  close(): void;
  stop(): void;
}

/** Serves the fields in the viewer's root `root` with an on-screen keyboard in its map, in `text`'s language. */
export function attachKeyboard(root: HTMLElement, text: ViewerText): Keyboard {
  const t = (k: Parameters<ViewerText['t']>[0]) => text.t(k);
  let field: HTMLInputElement | null = null;
  let corner: HTMLElement | null = null;
  const said = h('span', { class: 'mn-sr-only', role: 'status' });
  const key = (label: string, edit: string, name?: string, cls = '') => {
    const b = h('button', { type: 'button', class: `mn-kb-key ${cls}`, 'aria-label': name }, label);
    b.addEventListener('click', () => press(edit));
    return b;
  };
  const rows = keyRows(t('kbLetters')).map((r) => h('div', { class: 'mn-kb-row' }, ...r.map((c) => key(c, c))));
  rows[rows.length - 1]!.append(key('⌫', 'back', t('kbBack'), 'mn-kb-wide'));
  const hide = key(t('kbClose'), '', undefined, 'mn-kb-wide');
  // Physical rows read left to right in every language, as a keyboard's do.
  const kb = h(
    'div',
    { class: 'mn-kb', role: 'group', 'aria-label': t('kbName'), dir: 'ltr', hidden: true },
    ...rows,
    h(
      'div',
      { class: 'mn-kb-row' },
      key(t('kbClear'), 'clear', undefined, 'mn-kb-wide'),
      key(t('kbSpace'), ' ', undefined, 'mn-kb-space'),
      hide,
    ),
    said,
  );
  // A key takes no focus: the field keeps it (and the picker its list, which closes when the field loses focus).
  kb.addEventListener('mousedown', (e) => e.preventDefault());
  const press = (edit: string) => {
    if (!field || !edit) return close();
    const start = field.selectionStart ?? field.value.length;
    const r = keyEdit(field.value, start, Math.max(start, field.selectionEnd ?? 0), edit);
    field.value = r.value;
    field.setSelectionRange(r.caret, r.caret);
    const typed = edit.length < 3;
    field.dispatchEvent(
      new InputEvent('input', {
        bubbles: true,
        inputType: typed ? 'insertText' : 'deleteContentBackward',
        data: typed ? edit : null,
      }),
    );
    said.textContent = r.value;
  };
  const close = () => {
    kb.hidden = true;
    corner?.style.removeProperty('max-height');
    field = corner = null;
  };
  const open = (e: Event) => {
    const f = e.target;
    if (!(f instanceof HTMLInputElement) || !f.matches(FIELDS)) return;
    f.inputMode = 'none';
    if (e.type === 'pointerdown' || (field === f && !kb.hidden)) return;
    root.querySelector('.mn-map')?.append(kb);
    field = f;
    kb.hidden = false;
    said.textContent = '';
    // A panel in the map's corner (Directions) shrinks above the keyboard, so its field and list stay in view.
    corner = f.closest<HTMLElement>('.mn-corner');
    corner?.style.setProperty('max-height', `calc(100% - ${kb.offsetHeight + 36}px)`);
  };
  // Leaving the field for anything but a key (the map, a list's entry) hides the keyboard.
  const left = (e: FocusEvent) => e.target === field && !kb.contains(e.relatedTarget as Node) && close();
  for (const f of root.querySelectorAll<HTMLInputElement>(FIELDS)) f.inputMode = 'none';
  // The field is told before it takes focus (pointerdown), so the system keyboard does not come at all.
  const types = ['pointerdown', 'focusin', 'click'] as const;
  for (const type of types) root.addEventListener(type, open, true);
  root.addEventListener('focusout', left);
  return {
    close,
    stop() {
      close();
      kb.remove();
      for (const type of types) root.removeEventListener(type, open, true);
      root.removeEventListener('focusout', left);
    },
  };
}
