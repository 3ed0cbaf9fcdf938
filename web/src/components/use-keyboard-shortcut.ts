import { useEffect, useEffectEvent } from 'react';
import { isEditableElement, matchesShortcut, type Shortcut } from './shortcut';

export interface ShortcutOptions {
  enabled?: boolean;
  /** Fire even while typing in an input (default: only for shortcuts with Ctrl, Meta or Alt). */
  allowInInputs?: boolean;
  /** Call preventDefault on a match (default true). */
  preventDefault?: boolean;
}

/** Calls `handler` when the shortcut is pressed anywhere in the document. */
export function useKeyboardShortcut(
  shortcut: Shortcut,
  handler: (event: KeyboardEvent) => void,
  options: ShortcutOptions = {},
) {
  const { enabled = true, allowInInputs, preventDefault = true } = options;
  const { key, ctrl, meta, shift, alt, mod } = shortcut;
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing) return;
    if (!matchesShortcut(event, { key, ctrl, meta, shift, alt, mod })) return;
    const chord = !!(ctrl || meta || alt || mod);
    if (!(allowInInputs ?? chord) && isEditableElement(document.activeElement)) return;
    if (preventDefault) event.preventDefault();
    handler(event);
  });

  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => onKey(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [enabled]);
}
