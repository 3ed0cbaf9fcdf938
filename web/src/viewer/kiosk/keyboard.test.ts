// @vitest-environment jsdom
/** Kiosk mode's on-screen keyboard (ADR 099): what its keys do to a field, its rows, and how it serves the fields. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENGLISH, ViewerText } from '../i18n/messages';
import { messages as de } from '../i18n/lang-de';
import { attachKeyboard, keyEdit, keyRows } from './keyboard';

afterEach(() => document.body.replaceChildren());

describe('keyEdit', () => {
  it('types at the caret, over a selection', () => {
    expect(keyEdit('cf', 1, 1, 'a')).toEqual({ value: 'caf', caret: 2 });
    expect(keyEdit('Sushi Go', 0, 8, 'c')).toEqual({ value: 'c', caret: 1 });
  });

  it('deletes the character before the caret, or the selection, and clears', () => {
    expect(keyEdit('caf', 3, 3, 'back')).toEqual({ value: 'ca', caret: 2 });
    expect(keyEdit('caf', 0, 0, 'back')).toEqual({ value: 'caf', caret: 0 });
    expect(keyEdit('Sushi Go', 0, 8, 'back')).toEqual({ value: '', caret: 0 });
    // A character outside the BMP goes whole, not half.
    expect(keyEdit('a😀', 3, 3, 'back')).toEqual({ value: 'a', caret: 1 });
    expect(keyEdit('caf', 1, 1, 'clear')).toEqual({ value: '', caret: 0 });
  });
});

describe('keyRows', () => {
  it('puts the digits over the language’s letter rows', () => {
    expect(keyRows(ENGLISH.t('kbLetters')).map((r) => r.join(''))).toEqual([
      '1234567890',
      'qwertyuiop',
      'asdfghjkl',
      'zxcvbnm',
    ]);
    expect(keyRows(de.kbLetters)[3]).toContain('ß');
  });
});

/** A kiosk viewer's root with its search field and its map. */
function kiosk(text = ENGLISH) {
  const search = Object.assign(document.createElement('input'), { type: 'search' });
  const bar = document.createElement('div');
  bar.className = 'mn-search';
  bar.append(search);
  const map = document.createElement('div');
  map.className = 'mn-map';
  const root = document.createElement('div');
  root.append(bar, map);
  document.body.append(root);
  return { root, search, map, keyboard: attachKeyboard(root, text) };
}

const key = (root: HTMLElement, name: string) =>
  [...root.querySelectorAll<HTMLButtonElement>('.mn-kb button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent) === name,
  )!;

describe('attachKeyboard', () => {
  it('tells the system keyboard to stay away and opens ours in the map when the field takes focus', () => {
    const { root, search, map } = kiosk();
    expect(search.inputMode).toBe('none');
    search.focus();
    const kb = map.querySelector<HTMLElement>('.mn-kb')!;
    expect(kb.hidden).toBe(false);
    expect(kb.getAttribute('role')).toBe('group');
    expect(kb.getAttribute('aria-label')).toBe('Keyboard');
    expect(key(root, 'Delete')).toBeTruthy();
  });

  it('types as typing does: input events the field’s listeners hear, focus kept, the value said', () => {
    const { root, search } = kiosk();
    const heard = vi.fn();
    search.addEventListener('input', (e) => heard(search.value, (e as InputEvent).inputType));
    search.focus();
    for (const c of 'caf') key(root, c).click();
    key(root, 'Delete').click();
    expect(search.value).toBe('ca');
    expect(heard.mock.calls).toEqual([
      ['c', 'insertText'],
      ['ca', 'insertText'],
      ['caf', 'insertText'],
      ['ca', 'deleteContentBackward'],
    ]);
    expect(document.activeElement).toBe(search);
    expect(root.querySelector('.mn-kb [role=status]')!.textContent).toBe('ca');
    key(root, 'Clear').click();
    expect(search.value).toBe('');
  });

  it('hides with its key, when the field loses focus, and with the start over', () => {
    const { root, search, keyboard } = kiosk();
    const kb = () => root.querySelector<HTMLElement>('.mn-kb')!;
    search.focus();
    key(root, 'Hide keyboard').click();
    expect(kb().hidden).toBe(true);
    search.click();
    expect(kb().hidden).toBe(false);
    search.blur();
    expect(kb().hidden).toBe(true);
    search.focus();
    keyboard.close();
    expect(kb().hidden).toBe(true);
    keyboard.stop();
    expect(root.querySelector('.mn-kb')).toBeNull();
  });

  it('names its keys in the map’s language', () => {
    const { root, search } = kiosk(new ViewerText('de', de));
    search.focus();
    expect(root.querySelector('.mn-kb')!.getAttribute('aria-label')).toBe('Tastatur');
    expect(key(root, 'Löschen')).toBeTruthy();
    expect(key(root, 'z')).toBeTruthy();
  });
});
