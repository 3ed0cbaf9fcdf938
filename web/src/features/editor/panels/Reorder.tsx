/**
 * The pieces every reorderable list of the editor shares: a drag handle (pointer only), up/down
 * buttons and Alt+ArrowUp/Down (the keyboard path), and a live region that says where an item went.
 */
import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { LiveText } from '../../../components/LiveText';
import {
  dropEdge,
  keyboardMoveTarget,
  movedMessage,
  slotFromMiddles,
  useDragReorder,
  type DragState,
} from './drag-reorder';

/** A polite live region and the function that fills it (the same text twice is still read twice). */
export function useAnnouncer(): [ReactNode, (text: string) => void] {
  const [message, setMessage] = useState({ text: '', n: 0 });
  const announce = useCallback((text: string) => setMessage((m) => ({ text, n: m.n + 1 })), []);
  const region = (
    <p className="visually-hidden" role="status" aria-live="polite" data-testid="reorder-announcer">
      <LiveText text={message.text} n={message.n} />
    </p>
  );
  return [region, announce];
}

/** The grip a pointer drags an item by; keyboard users have the move buttons and Alt+Arrow keys. */
export function DragHandle({ onPointerDown }: { onPointerDown(event: PointerEvent): void }) {
  return (
    <span
      className="drag-handle"
      aria-hidden="true"
      title="Drag to reorder"
      onPointerDown={onPointerDown}
      onClick={(e) => e.stopPropagation()}
    >
      ⠿
    </span>
  );
}

/**
 * Up and down buttons. At either end a button stays focusable (aria-disabled, not disabled), so
 * focus is not lost when the item reaches the top or the bottom.
 */
export function MoveButtons({
  name,
  index,
  count,
  onMove,
  tabIndex,
}: {
  name: string;
  index: number;
  count: number;
  onMove(to: number): void;
  tabIndex?: number;
}) {
  const first = index === 0;
  const last = index === count - 1;
  return (
    <span className="move-buttons">
      <button
        type="button"
        className="icon-btn"
        aria-label={`Move ${name} up`}
        aria-disabled={first || undefined}
        tabIndex={tabIndex}
        onClick={(e) => {
          e.stopPropagation();
          if (!first) onMove(index - 1);
        }}
      >
        ↑
      </button>
      <button
        type="button"
        className="icon-btn"
        aria-label={`Move ${name} down`}
        aria-disabled={last || undefined}
        tabIndex={tabIndex}
        onClick={(e) => {
          e.stopPropagation();
          if (!last) onMove(index + 1);
        }}
      >
        ↓
      </button>
    </span>
  );
}

export interface CardReorder<T> {
  /** For the <ol> (its children must be the items, in order). */
  listProps: { ref: RefObject<HTMLOListElement | null>; 'data-dragging'?: true };
  /** For each item's <li>: Alt+Arrow keys, the drop line and the dragged look. */
  itemProps(
    item: T,
    index: number,
  ): { onKeyDown(e: KeyboardEvent): void; 'data-drop'?: 'before' | 'after'; 'data-dragged'?: true };
  handle(item: T, index: number): ReactNode;
  buttons(item: T, index: number): ReactNode;
  /** The live region: render it once, outside the list. */
  region: ReactNode;
  /** Says a line in that region: what the list's other controls did (an item added, a layer shown). */
  announce(text: string): void;
  drag: DragState | null;
}

/**
 * Reordering for a list of cards of any height: `move(id, to)` runs the reorder action and returns
 * false when it was refused. Drags, buttons and keys all go through it and are announced.
 */
export function useCardReorder<T extends { id: string }>(
  items: readonly T[],
  nameOf: (item: T) => string,
  move: (id: string, to: number) => boolean,
): CardReorder<T> {
  const list = useRef<HTMLOListElement>(null);
  const [region, announce] = useAnnouncer();
  // React moves list nodes with insertBefore, and a focused node that is moved loses focus: put it back.
  const refocus = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const el = refocus.current;
    refocus.current = null;
    if (el?.isConnected && document.activeElement !== el) el.focus();
  });
  const moveAndSay = (item: T, to: number) => {
    const focused =
      document.activeElement instanceof HTMLElement && list.current?.contains(document.activeElement)
        ? document.activeElement
        : null;
    if (!move(item.id, to)) return;
    refocus.current = focused;
    announce(movedMessage(nameOf(item), to, items.length));
  };
  const { drag, start } = useDragReorder({
    slotAt(y) {
      const cards = Array.from(list.current?.children ?? []);
      return slotFromMiddles(
        y,
        cards.map((c) => {
          const r = c.getBoundingClientRect();
          return r.top + r.height / 2;
        }),
      );
    },
    scroller: () => list.current?.closest<HTMLElement>('.editor__panel') ?? null,
    onDrop(id, _from, to) {
      const item = items.find((x) => x.id === id);
      if (item) moveAndSay(item, to);
    },
  });
  return {
    listProps: { ref: list, 'data-dragging': drag ? true : undefined },
    itemProps: (item, index) => ({
      onKeyDown(e) {
        const to = keyboardMoveTarget(e, index, items.length);
        if (to === null) return;
        e.preventDefault();
        moveAndSay(item, to);
      },
      'data-drop': dropEdge(drag, index, items.length) ?? undefined,
      'data-dragged': drag?.id === item.id ? true : undefined,
    }),
    handle: (item, index) => (items.length > 1 ? <DragHandle onPointerDown={(e) => start(e, item.id, index)} /> : null),
    buttons: (item, index) =>
      items.length > 1 ? (
        <MoveButtons name={nameOf(item)} index={index} count={items.length} onMove={(to) => moveAndSay(item, to)} />
      ) : null,
    region,
    announce,
    drag,
  };
}
