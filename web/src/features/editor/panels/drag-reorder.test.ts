import { describe, expect, it } from 'vitest';
import {
  AUTOSCROLL_EDGE,
  autoScrollStep,
  dropEdge,
  dropIndex,
  keyboardMoveTarget,
  movedMessage,
  slotFromMiddles,
  slotFromOffset,
} from './drag-reorder';

describe('drop slots', () => {
  it('puts the slot of a fixed-height list at the nearer gap', () => {
    expect(slotFromOffset(0, 44, 10)).toBe(0);
    expect(slotFromOffset(21, 44, 10)).toBe(0);
    expect(slotFromOffset(23, 44, 10)).toBe(1);
    expect(slotFromOffset(44 * 3 + 30, 44, 10)).toBe(4);
  });

  it('clamps a pointer above or below the list to its ends', () => {
    expect(slotFromOffset(-200, 44, 10)).toBe(0);
    expect(slotFromOffset(44 * 500, 44, 10)).toBe(10);
  });

  it('counts the item middles above the pointer for cards of any height', () => {
    const middles = [50, 180, 260];
    expect(slotFromMiddles(10, middles)).toBe(0);
    expect(slotFromMiddles(51, middles)).toBe(1);
    expect(slotFromMiddles(200, middles)).toBe(2);
    expect(slotFromMiddles(999, middles)).toBe(3);
    expect(slotFromMiddles(5, [])).toBe(0);
  });

  it('turns a slot into the final index, counting the dragged item out', () => {
    expect(dropIndex(2, 0)).toBe(0);
    expect(dropIndex(2, 2)).toBe(2);
    expect(dropIndex(2, 3)).toBe(2);
    expect(dropIndex(2, 5)).toBe(4);
    expect(dropIndex(0, 5)).toBe(4);
  });
});

describe('drop line', () => {
  it('shows before the item at the slot, or after the last item for the end', () => {
    const drag = { id: 'a', from: 0, slot: 2 };
    expect([0, 1, 2, 3].map((i) => dropEdge(drag, i, 4))).toEqual([null, null, 'before', null]);
    const toEnd = { id: 'a', from: 0, slot: 4 };
    expect([0, 1, 2, 3].map((i) => dropEdge(toEnd, i, 4))).toEqual([null, null, null, 'after']);
  });

  it('shows nowhere when a drop would leave the item in place', () => {
    for (const slot of [1, 2])
      expect([0, 1, 2, 3].map((i) => dropEdge({ id: 'b', from: 1, slot }, i, 4))).toEqual([null, null, null, null]);
    expect(dropEdge(null, 0, 4)).toBeNull();
  });
});

describe('auto-scroll while dragging', () => {
  it('scrolls up near the top, down near the bottom, faster nearer the edge, and not in between', () => {
    expect(autoScrollStep(300, 100, 500)).toBe(0);
    expect(autoScrollStep(100 + AUTOSCROLL_EDGE - 1, 100, 500)).toBeLessThan(0);
    expect(autoScrollStep(101, 100, 500)).toBeLessThan(autoScrollStep(120, 100, 500));
    expect(autoScrollStep(499, 100, 500)).toBeGreaterThan(autoScrollStep(470, 100, 500));
    expect(autoScrollStep(470, 100, 500)).toBeGreaterThan(0);
  });

  it('caps the speed past the edge and does nothing for a scroller without height', () => {
    expect(autoScrollStep(-1000, 100, 500)).toBe(autoScrollStep(100, 100, 500));
    expect(autoScrollStep(0, 100, 100)).toBe(0);
  });
});

describe('keyboard moves', () => {
  const key = (
    k: string,
    mods: Partial<Record<'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey', boolean>> = { altKey: true },
    target: EventTarget | null = null,
  ) => ({
    key: k,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    ...mods,
    target,
  });

  it('moves one place up or down with Alt+Arrow, not past either end', () => {
    expect(keyboardMoveTarget(key('ArrowUp'), 2, 5)).toBe(1);
    expect(keyboardMoveTarget(key('ArrowDown'), 2, 5)).toBe(3);
    expect(keyboardMoveTarget(key('ArrowUp'), 0, 5)).toBeNull();
    expect(keyboardMoveTarget(key('ArrowDown'), 4, 5)).toBeNull();
  });

  it('ignores other keys and combinations, and keys typed into fields', () => {
    expect(keyboardMoveTarget(key('ArrowUp', {}), 2, 5)).toBeNull();
    expect(keyboardMoveTarget(key('ArrowUp', { altKey: true, shiftKey: true }), 2, 5)).toBeNull();
    expect(keyboardMoveTarget(key('ArrowLeft'), 2, 5)).toBeNull();
    const field = (tagName: string) => ({ tagName, getAttribute: () => null }) as unknown as EventTarget;
    expect(keyboardMoveTarget(key('ArrowUp', { altKey: true }, field('SELECT')), 2, 5)).toBeNull();
    expect(keyboardMoveTarget(key('ArrowDown', { altKey: true }, field('TEXTAREA')), 2, 5)).toBeNull();
    expect(keyboardMoveTarget(key('ArrowDown', { altKey: true }, field('BUTTON')), 2, 5)).toBe(3);
  });

  it('says where the item went, counting from 1', () => {
    expect(movedMessage('Food', 0, 3)).toBe('Moved “Food” to position 1 of 3.');
  });
});
