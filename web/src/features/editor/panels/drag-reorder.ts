/**
 * Drag-and-drop reordering of the editor's lists with pointer events, so mouse, pen and touch work
 * the same. Not HTML5 drag and drop: mobile browsers give it no touch drags, and the locations list
 * is virtualised, so a dragged row that scrolls out of view is unmounted, and an HTML5 drag loses its
 * dragend with its source. Here the drag lives in the list (listeners on window), the drop line and
 * the scrolling near the edges are ours, and a drop is one action, so one undo step.
 *
 * Slots are the gaps between items: slot 0 is before the first item, slot `count` after the last.
 */
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { isEditableElement } from '../../../components/shortcut';

export interface DragState {
  /** The dragged item. */
  readonly id: string;
  /** Its index when the drag started. */
  readonly from: number;
  /** The gap the pointer is over. */
  readonly slot: number;
}

/** The slot under a point `offset` px below the top of a list of rows `rowHeight` px high. */
export function slotFromOffset(offset: number, rowHeight: number, count: number): number {
  return Math.max(0, Math.min(count, Math.round(offset / rowHeight)));
}

/** The slot under a pointer at `y`, given the vertical middles of the items in order. */
export function slotFromMiddles(y: number, middles: readonly number[]): number {
  let slot = 0;
  while (slot < middles.length && y > middles[slot]!) slot++;
  return slot;
}

/** The index an item dragged from `from` ends at when dropped in `slot`. */
export function dropIndex(from: number, slot: number): number {
  return slot > from ? slot - 1 : slot;
}

/**
 * Where item `index` shows the drop line: before it, after it (only the last item, for the end
 * slot), or not at all. The two gaps next to the dragged item show none: a drop there moves nothing.
 */
export function dropEdge(drag: DragState | null, index: number, count: number): 'before' | 'after' | null {
  if (!drag || drag.slot === drag.from || drag.slot === drag.from + 1) return null;
  if (drag.slot === index) return 'before';
  return drag.slot === count && index === count - 1 ? 'after' : null;
}

/** What the live region says after a move. */
export function movedMessage(name: string, to: number, count: number): string {
  return `Moved “${name}” to position ${to + 1} of ${count}.`;
}

/** Within this many px of a scroller's top or bottom edge, a drag scrolls it. */
export const AUTOSCROLL_EDGE = 40;
const AUTOSCROLL_MAX_STEP = 18;

/** Pixels to scroll this frame for a pointer at `y` over a scroller spanning `top`..`bottom` (faster nearer the edge). */
export function autoScrollStep(y: number, top: number, bottom: number): number {
  const edge = Math.min(AUTOSCROLL_EDGE, (bottom - top) / 3);
  if (edge <= 0) return 0;
  if (y < top + edge) return -Math.ceil(AUTOSCROLL_MAX_STEP * Math.min(1, (top + edge - y) / edge));
  if (y > bottom - edge) return Math.ceil(AUTOSCROLL_MAX_STEP * Math.min(1, (y - (bottom - edge)) / edge));
  return 0;
}

/**
 * The new index for Alt+ArrowUp / Alt+ArrowDown on item `index`, or null when the key is not a move
 * (other keys or modifiers, typing in a field, already at that end).
 */
export function keyboardMoveTarget(
  event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'> & { target: EventTarget | null },
  index: number,
  count: number,
): number | null {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  // Alt+Down opens a select on Windows and moves the caret in text fields on macOS: leave those alone.
  const target = event.target as Element | null;
  if (typeof target?.tagName === 'string' && isEditableElement(target)) return null;
  if (event.key === 'ArrowUp') return index > 0 ? index - 1 : null;
  if (event.key === 'ArrowDown') return index < count - 1 ? index + 1 : null;
  return null;
}

/** A pointer has to travel this far before a press on a handle becomes a drag. */
const DRAG_THRESHOLD_PX = 4;

export interface DragReorderOptions {
  /** The slot under a pointer at `clientY`. */
  slotAt(clientY: number): number;
  /** The element to scroll while the pointer is near its edges. */
  scroller(): HTMLElement | null;
  /** A drop that moves the item (never called for a drop on its own place). */
  onDrop(id: string, from: number, to: number): void;
}

/**
 * The drag state of one list and `start`, for a handle's onPointerDown. Escape or a cancelled
 * pointer ends the drag without moving anything.
 */
export function useDragReorder(options: DragReorderOptions): {
  drag: DragState | null;
  start(event: ReactPointerEvent, id: string, index: number): void;
} {
  const [drag, setDrag] = useState<DragState | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const stopCurrent = useRef<(() => void) | null>(null);
  useEffect(() => () => stopCurrent.current?.(), []);

  const start = useCallback((event: ReactPointerEvent, id: string, from: number) => {
    if (event.button !== 0 || !event.isPrimary) return;
    // No text selection, no focus change, no emulated mouse events while dragging.
    event.preventDefault();
    stopCurrent.current?.();
    const pointerId = event.pointerId;
    const startY = event.clientY;
    let y = startY;
    let active = false;
    let current: DragState = { id, from, slot: from };
    let frame = 0;

    const follow = () => {
      const slot = latest.current.slotAt(y);
      if (slot === current.slot) return;
      current = { ...current, slot };
      setDrag(current);
    };
    const scrollTick = () => {
      frame = requestAnimationFrame(scrollTick);
      const el = latest.current.scroller();
      if (!el) return;
      const box = el.getBoundingClientRect();
      const step = autoScrollStep(y, box.top, box.bottom);
      if (step === 0) return;
      el.scrollTop += step;
      follow();
    };
    const stop = () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
      window.removeEventListener('keydown', onKey, true);
      cancelAnimationFrame(frame);
      stopCurrent.current = null;
      setDrag(null);
    };
    const onMove = (e: PointerEvent) => {
      if (e.pointerId !== pointerId) return;
      y = e.clientY;
      if (active) return follow();
      if (Math.abs(y - startY) < DRAG_THRESHOLD_PX) return;
      active = true;
      current = { id, from, slot: latest.current.slotAt(y) };
      setDrag(current);
      frame = requestAnimationFrame(scrollTick);
    };
    const onUp = (e: PointerEvent) => {
      if (e.pointerId !== pointerId) return;
      stop();
      if (!active) return;
      const to = dropIndex(from, current.slot);
      if (to !== from) latest.current.onDrop(id, from, to);
    };
    const onCancel = (e: PointerEvent) => {
      if (e.pointerId === pointerId) stop();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // Escape ends the drag only; it must not also clear the selection or close a dialog.
      e.preventDefault();
      e.stopPropagation();
      stop();
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    window.addEventListener('keydown', onKey, true);
    stopCurrent.current = stop;
  }, []);

  return { drag, start };
}
