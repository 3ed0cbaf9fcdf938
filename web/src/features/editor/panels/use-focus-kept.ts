import { useEffect, type RefObject } from 'react';

/**
 * Where focus goes when a control of the inspector is gone: the heading of the location it shows now (a copy made by
 * Duplicate), else the locations list, else the map.
 */
export function afterInspectorRemoval(inspector: HTMLElement): HTMLElement | null {
  const editor = inspector.closest('.editor');
  return (
    inspector.querySelector<HTMLElement>('.inspector__head h2') ??
    editor?.querySelector<HTMLElement>('.editor__side [role="listbox"]') ??
    editor?.querySelector<HTMLElement>('.editor__canvas .mn-viewport') ??
    null
  );
}

/** Where focus goes when a control of the side panel is gone: its list (locations added, deleted), else its tab. */
export function afterPanelRemoval(side: HTMLElement): HTMLElement | null {
  return (
    side.querySelector<HTMLElement>('[role="tabpanel"] [role="listbox"]') ??
    side.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')
  );
}

/**
 * Keeps keyboard focus in the editor when a render removes the control that had it inside `container` (Delete,
 * Duplicate, a room's Add, a form replaced by another's): the browser drops focus to the page's body, which sends a
 * keyboard or screen reader user back to the top of the page and says nothing. Focus moves to `next(container)`
 * instead (one of this module's functions). Focus that had already moved elsewhere is left where it is.
 */
export function useFocusKept<T extends HTMLElement>(
  container: RefObject<T | null>,
  next: (container: T) => HTMLElement | null,
): void {
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    let last: Element | null = null;
    const onFocusIn = (e: FocusEvent) => {
      last = e.target as Element;
    };
    const observer = new MutationObserver(() => {
      if (!last || last.isConnected) return;
      last = null;
      const active = document.activeElement;
      if (active && active !== document.body) return;
      next(el)?.focus({ preventScroll: true });
    });
    el.addEventListener('focusin', onFocusIn);
    observer.observe(el, { childList: true, subtree: true });
    return () => {
      el.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
    };
  }, [container, next]);
}
