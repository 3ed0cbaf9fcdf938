/**
 * A tablet's on-screen keyboard over the editor. iPadOS Safari and Chrome on Android (since 108) do not resize the
 * page for it: the layout viewport keeps its height and only the visual viewport gets shorter, so a field low in the
 * side column or the form, focused, could sit under the keyboard with nothing able to scroll it up (the editor's
 * columns scroll on their own and end at the window's bottom). While the visual viewport is shorter than the layout
 * viewport, the editor gets room under its scrolling parts as tall as the part the keyboard covers (the
 * `--editor-keyboard` property with `data-keyboard`, editor.css), and the focused text field is scrolled into the
 * visible part, innermost scrolling box first, then the page. Pinch zoom also makes the visual viewport shorter but
 * scales it: only a shorter viewport at the same scale is taken for a keyboard.
 */
import { useEffect, type RefObject } from 'react';

/** Space kept between the field and the keyboard (or the top of the visible part). */
export const KEYBOARD_MARGIN = 12;

/** The fields a keyboard comes up for: text inputs, text areas, the description box. */
export function isTextField(el: Element | null): el is HTMLElement {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable || el instanceof HTMLTextAreaElement) return true;
  return (
    el instanceof HTMLInputElement &&
    ['text', 'search', 'url', 'email', 'tel', 'number', 'password'].includes(el.type || 'text')
  );
}

/** The layout viewport's rows the visual viewport shows, or null when nothing covers part of it. */
export function visibleRows(vv: VisualViewport, layoutHeight: number): { top: number; bottom: number } | null {
  if (vv.height * vv.scale >= layoutHeight - 1) return null;
  return { top: vv.offsetTop, bottom: vv.offsetTop + vv.height };
}

function scrollsItself(el: Element): boolean {
  const overflow = getComputedStyle(el).overflowY;
  return (overflow === 'auto' || overflow === 'scroll') && el.scrollHeight > el.clientHeight;
}

/** Scrolls `field` by the boxes holding it (innermost first, then the page) until it is within `rows`. */
export function scrollIntoRows(field: HTMLElement, rows: { top: number; bottom: number }): void {
  const r = field.getBoundingClientRect();
  const top = rows.top + KEYBOARD_MARGIN;
  const bottom = rows.bottom - KEYBOARD_MARGIN;
  // Below the visible part: up until its bottom shows (its top, when it is taller than the part); above it: down.
  let delta = r.bottom > bottom ? Math.min(r.bottom - bottom, r.top - top) : r.top < top ? r.top - top : 0;
  for (let box = field.parentElement; box && delta !== 0; box = box.parentElement) {
    if (box === document.body || box === document.documentElement || !scrollsItself(box)) continue;
    const before = box.scrollTop;
    box.scrollTop = before + delta;
    delta -= box.scrollTop - before;
  }
  const page = document.scrollingElement;
  if (page && delta !== 0) {
    const before = page.scrollTop;
    page.scrollTop = before + delta;
  }
}

/**
 * Follows the visual viewport for the editor whose root is `root` until the returned function is called: the room
 * under its scrolling parts while a keyboard is up, and the focused text field in view when it is focused with the
 * keyboard up or when the keyboard comes up (or grows) under it.
 */
export function followOnScreenKeyboard(
  root: HTMLElement,
  vv: VisualViewport | null = window.visualViewport,
): () => void {
  if (!vv) return () => undefined;
  const update = () => {
    const rows = visibleRows(vv, document.documentElement.clientHeight);
    if (!rows) {
      root.removeAttribute('data-keyboard');
      root.style.removeProperty('--editor-keyboard');
      return null;
    }
    const covered = Math.max(0, document.documentElement.clientHeight - rows.bottom);
    root.setAttribute('data-keyboard', '');
    root.style.setProperty('--editor-keyboard', `${Math.round(covered)}px`);
    return rows;
  };
  const reveal = () => {
    const rows = update();
    const field = document.activeElement;
    if (rows && isTextField(field) && root.contains(field)) scrollIntoRows(field, rows);
  };
  const onFocus = (e: FocusEvent) => {
    if (isTextField(e.target as Element)) reveal();
  };
  vv.addEventListener('resize', reveal);
  root.addEventListener('focusin', onFocus);
  return () => {
    vv.removeEventListener('resize', reveal);
    root.removeEventListener('focusin', onFocus);
    root.removeAttribute('data-keyboard');
    root.style.removeProperty('--editor-keyboard');
  };
}

/** `followOnScreenKeyboard` for the editor's root element while it is mounted. */
export function useOnScreenKeyboard(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = root.current;
    return el ? followOnScreenKeyboard(el) : undefined;
  }, [root]);
}
