/** Keyboard shortcut matching: a key with Ctrl/Meta, Shift and Alt combinations. */

export interface Shortcut {
  /** The KeyboardEvent.key to match, case-insensitive for letters ('k', '/', 'Escape'). */
  key: string;
  ctrl?: boolean;
  meta?: boolean;
  shift?: boolean;
  alt?: boolean;
  /** Ctrl or Meta, whichever the platform uses (Ctrl+K or Cmd+K); takes the place of ctrl and meta. */
  mod?: boolean;
}

type KeyState = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

/** True when any of Ctrl, Meta, Alt or Shift is held. */
export function hasModifier(event: KeyState): boolean {
  return event.ctrlKey || event.metaKey || event.altKey || event.shiftKey;
}

/** True when the event is exactly the shortcut: its key and no modifiers beyond the ones asked for. */
export function matchesShortcut(event: KeyState, shortcut: Shortcut): boolean {
  if (event.key.toLowerCase() !== shortcut.key.toLowerCase()) return false;
  if (!!shortcut.shift !== event.shiftKey || !!shortcut.alt !== event.altKey) return false;
  if (shortcut.mod) return event.ctrlKey !== event.metaKey; // one of them, not both
  return !!shortcut.ctrl === event.ctrlKey && !!shortcut.meta === event.metaKey;
}

/** True for elements that take typed text, where single-key shortcuts must not fire. */
export function isEditableElement(element: Element | null): boolean {
  if (!element) return false;
  const tag = element.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return (element as HTMLElement).isContentEditable === true || element.getAttribute('contenteditable') === 'true';
}

/** Input types a browser keeps an undo history of typing for. */
const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);

/** True for elements the author types text into, which have the browser's own undo (Ctrl/⌘+Z) of that typing. */
export function isTextEntry(element: Element | null): boolean {
  if (!element) return false;
  if (element.tagName === 'TEXTAREA') return true;
  if (element.tagName === 'INPUT') return TEXT_INPUT_TYPES.has((element as HTMLInputElement).type);
  return (element as HTMLElement).isContentEditable === true || element.getAttribute('contenteditable') === 'true';
}

/** A label for hints: 'Ctrl+Shift+K' (or '⌘' style on Apple platforms when asked). */
export function formatShortcut(shortcut: Shortcut, apple = false): string {
  const parts: string[] = [];
  if (shortcut.mod) parts.push(apple ? '⌘' : 'Ctrl');
  if (shortcut.ctrl) parts.push('Ctrl');
  if (shortcut.meta) parts.push(apple ? '⌘' : 'Meta');
  if (shortcut.alt) parts.push(apple ? '⌥' : 'Alt');
  if (shortcut.shift) parts.push(apple ? '⇧' : 'Shift');
  parts.push(shortcut.key.length === 1 ? shortcut.key.toUpperCase() : shortcut.key);
  return parts.join(apple ? '' : '+');
}
