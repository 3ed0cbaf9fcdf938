/**
 * The locations list's behaviour, apart from its markup: the virtual list's scrolling and the selection with the
 * pointer and the keyboard (LocationsPanel, LocationListbox).
 */
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { useAtom } from 'jotai';
import type { Location } from '@mapnest/shared/map-document';
import { useEditor } from '../../editor-context';
import { selectionAtom } from '../../editor-state';
import { keyboardMoveTarget } from '../drag-reorder';
import { matchesShortcut } from '../../../../components/shortcut';
import { counted } from '../../../../lib/words';

/** A row's height in px. */
export const ROW = 44;
const OVERSCAN = 8;

export const nameOf = (l: Location) => l.title || l.id;

/**
 * The virtual list's scrolling: the rows to render (those in view and a few more), and scrolling just enough
 * to show a row. `count` is the number of rows.
 */
export function useListViewport(hasList: boolean, count: number) {
  const [scroll, setScroll] = useState(0);
  const [height, setHeight] = useState(600);
  const list = useRef<HTMLDivElement>(null);
  // Measured by an observer, not during render: reading clientHeight on every render forces a layout.
  useEffect(() => {
    const el = list.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setHeight(el.clientHeight || 600));
    ro.observe(el);
    return () => ro.disconnect();
  }, [hasList]);
  const first = Math.max(0, Math.floor(scroll / ROW) - OVERSCAN);
  const last = Math.min(count, Math.ceil((scroll + height) / ROW) + OVERSCAN);

  /** Scrolls just enough to show row `i`. */
  const reveal = (i: number) => {
    const el = list.current;
    if (!el) return;
    const top = i * ROW;
    const view = el.clientHeight || height;
    let next = el.scrollTop;
    if (top < next) next = top;
    else if (top + ROW > next + view) next = top + ROW - view;
    if (next !== el.scrollTop) el.scrollTop = next;
    setScroll(next);
  };
  /** How many rows Page Up and Page Down move. */
  const page = () => Math.max(1, Math.floor((list.current?.clientHeight || height) / ROW) - 1);

  return { list, first, last, scroll, reveal, page, onScroll: setScroll };
}

export type ListViewport = ReturnType<typeof useListViewport>;

/** The row a navigation key goes to from row `from` (-1 when the keyboard is on none), or undefined for other keys. */
function keyTarget(key: string, from: number, count: number, page: number): number | undefined {
  const targets: Record<string, number> = {
    ArrowDown: Math.min(count - 1, from + 1),
    ArrowUp: from < 0 ? 0 : Math.max(0, from - 1),
    Home: 0,
    End: count - 1,
    PageDown: Math.min(count - 1, Math.max(0, from) + page),
    PageUp: Math.max(0, from - page),
  };
  return targets[key];
}

/** The selection and its anchor: Shift extends the selection from the anchor; a row picked becomes the anchor. */
function useAnchoredSelection(items: readonly Location[]) {
  const [selection, setSelection] = useAtom(selectionAtom);
  const anchor = useRef<string | null>(null);
  /** With Shift (`extend`) and an anchor still in the list, selects from the anchor to row `id`; false otherwise. */
  const extendTo = (id: string, extend: boolean) => {
    if (!extend || !anchor.current) return false;
    const a = items.findIndex((x) => x.id === anchor.current);
    const b = items.findIndex((x) => x.id === id);
    if (a < 0 || b < 0) return false;
    const [from, to] = a < b ? [a, b] : [b, a];
    setSelection(new Set(items.slice(from, to + 1).map((x) => x.id)));
    return true;
  };
  /** Row `id` becomes the anchor and the only selected row, or (`toggle`) is added to or taken off the selection. */
  const pick = (id: string, toggle = false) => {
    anchor.current = id;
    if (!toggle) return setSelection(new Set([id]));
    const next = new Set(selection);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelection(next);
  };
  /** Every row listed (Ctrl/⌘+A, as the Select all button). */
  const all = () => setSelection(new Set(items.map((x) => x.id)));
  return { selection, extendTo, pick, all };
}

/**
 * Selecting with the pointer (Shift for a range, Ctrl/Cmd to add or remove one) and with the keyboard: the arrow
 * keys, Home/End and Page Up/Down move the row the keyboard is on (Shift extends the selection), Enter or Space
 * selects it, Ctrl/⌘+A selects every row listed, Alt+ArrowUp/Down moves the location.
 */
export function useListNavigation({
  items,
  viewport,
  canReorder,
  searching,
  moveTo,
  announce,
}: {
  items: readonly Location[];
  viewport: ListViewport;
  canReorder: boolean;
  searching: boolean;
  moveTo(l: Location, to: number): void;
  announce(text: string): void;
}) {
  const { canvas } = useEditor();
  const { selection, extendTo, pick, all } = useAnchoredSelection(items);
  /** The row the keyboard is on (aria-activedescendant), and its place in the list when it was put there. */
  const [active, setActiveRow] = useState<{ id: string; at: number } | null>(null);
  const setActive = (id: string | null) =>
    setActiveRow(id === null ? null : { id, at: items.findIndex((l) => l.id === id) });
  const found = active === null ? -1 : items.findIndex((l) => l.id === active.id);
  // The row the keyboard was on is gone (deleted): the keyboard stays at its place, on the row that took it, so a
  // screen reader says where the list is and the arrow keys go on from there, not from the top.
  const activeIndex = found >= 0 || active === null ? found : Math.min(active.at, items.length - 1);
  const { first, last } = viewport;

  const click = (l: Location, e: MouseEvent) => {
    setActive(l.id);
    if (extendTo(l.id, e.shiftKey)) return;
    const toggle = e.ctrlKey || e.metaKey;
    pick(l.id, toggle);
    if (!toggle) canvas()?.reveal(l.id);
  };

  /** Alt+ArrowUp/Down: moves the location the keyboard is on, when the list is in the document's order. */
  const moveActive = (e: KeyboardEvent<HTMLDivElement>, index: number) => {
    if (index < 0) return;
    if (!canReorder) {
      announce(searching ? 'Clear the search to reorder locations.' : 'There is nothing to reorder.');
      return;
    }
    const to = keyboardMoveTarget(e, index, items.length);
    if (to === null) return announce(`“${nameOf(items[index]!)}” is already ${index === 0 ? 'first' : 'last'}.`);
    moveTo(items[index]!, to);
    viewport.reveal(to);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (items.length === 0) return;
    const index = activeIndex;
    if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      moveActive(e, index);
      return;
    }
    if ((e.key === 'Enter' || e.key === ' ') && index >= 0 && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      const id = items[index]!.id;
      pick(id);
      canvas()?.reveal(id);
      return;
    }
    if (matchesShortcut(e, { key: 'a', mod: true })) {
      // The rows listed (those the search finds), not the editor's Ctrl/⌘+A of the floor in view.
      e.preventDefault();
      all();
      announce(`${counted(items.length, 'location')} selected.`);
      return;
    }
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const next = keyTarget(e.key, index < 0 ? -1 : index, items.length, viewport.page());
    if (next === undefined) return;
    e.preventDefault();
    const id = items[next]!.id;
    setActive(id);
    viewport.reveal(next);
    if (extendTo(id, e.shiftKey)) return;
    pick(id);
  };

  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    // Tabbing in starts on a selected row in view, else the first row in view. No scrolling here:
    // a click on a row focuses the list first, and a jump would put another row under the pointer.
    if (e.target !== e.currentTarget || (activeIndex >= first && activeIndex < last)) return;
    const inView = items.slice(first, last);
    setActive((inView.find((l) => selection.has(l.id)) ?? inView[0])?.id ?? null);
  };

  return { activeIndex, click, onKeyDown, onFocus };
}

export type ListNavigation = ReturnType<typeof useListNavigation>;
