import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DropdownMenu } from './DropdownMenu';

afterEach(cleanup);

function setup() {
  const rename = vi.fn();
  const duplicate = vi.fn();
  const remove = vi.fn();
  render(
    <DropdownMenu
      trigger="Actions"
      items={[
        { title: 'Rename', leading: <span data-testid="lead">✎</span>, trailing: 'F2', onSelect: rename },
        { title: 'Duplicate', disabled: true, onSelect: duplicate },
        { title: 'Delete', onSelect: remove },
      ]}
    />,
  );
  return { rename, duplicate, remove, trigger: screen.getByRole('button', { name: 'Actions' }) };
}

describe('DropdownMenu', () => {
  it('opens a menu of items with leading and trailing content', () => {
    const { trigger } = setup();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['✎RenameF2', 'Duplicate', 'Delete']);
    expect(document.activeElement).toBe(items[0]);
  });

  it('selects an item and closes, returning focus to the trigger', () => {
    const { trigger, remove } = setup();
    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('does not select a disabled item', () => {
    const { trigger, duplicate } = setup();
    fireEvent.click(trigger);
    const item = screen.getByRole('menuitem', { name: 'Duplicate' });
    expect(item.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(item);
    expect(duplicate).not.toHaveBeenCalled();
    expect(screen.getByRole('menu')).toBeTruthy();
  });

  it('moves with the arrow keys past disabled items and selects with Enter', () => {
    const { trigger, remove } = setup();
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    const menu = screen.getByRole('menu');
    expect(document.activeElement?.textContent).toContain('Rename');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Delete');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toContain('Rename');
    fireEvent.keyDown(menu, { key: 'End' });
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('opens on the last item with ArrowUp and closes with Escape', () => {
    const { trigger } = setup();
    fireEvent.keyDown(trigger, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toBe('Delete');
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('closes on a pointer down outside', () => {
    const { trigger } = setup();
    fireEvent.click(trigger);
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('moves an open menu sideways into the window when it would reach past an edge, and back when it fits', () => {
    const width = document.documentElement.clientWidth || window.innerWidth;
    // Lined up with the end of a trigger near the left edge (the editor's File menu on a phone), 70 px past it.
    let left = -70;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const x = this.getAttribute('role') === 'menu' ? left : 0;
      return { left: x, right: x + 200, top: 0, bottom: 100, width: 200, height: 100, x, y: 0 } as DOMRect;
    });
    const { trigger } = setup();
    fireEvent.click(trigger);
    expect(screen.getByRole('menu').style.transform).toBe('translateX(78px)');
    fireEvent.click(trigger);
    left = width - 150;
    fireEvent.click(trigger);
    expect(screen.getByRole('menu').style.transform).toBe('translateX(-58px)');
    fireEvent.click(trigger);
    left = 100;
    fireEvent.click(trigger);
    expect(screen.getByRole('menu').style.transform).toBe('');
    vi.restoreAllMocks();
  });
});
