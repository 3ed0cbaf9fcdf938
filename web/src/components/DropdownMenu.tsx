import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface DropdownMenuItem {
  /** Stable key; defaults to the index. */
  id?: string;
  title: ReactNode;
  /** Shown before the title (an icon). */
  leading?: ReactNode;
  /** Shown after the title (a shortcut hint, a badge). */
  trailing?: ReactNode;
  disabled?: boolean;
  /** A line of explanation rather than a choice (with `disabled`): its text wraps and reads smaller. */
  note?: boolean;
  /** The `id` of another item (a note) that says why this one is disabled: screen readers read it with this one. */
  describedBy?: string;
  onSelect: () => void;
}

export interface DropdownMenuProps {
  /** Content of the trigger button. */
  trigger: ReactNode;
  /** Accessible name of the trigger when its content is only an icon. */
  label?: string;
  items: readonly DropdownMenuItem[];
  /** Which edge of the trigger the menu lines up with. */
  align?: 'start' | 'end';
  triggerClassName?: string;
}

const ENABLED_ITEMS = '[role="menuitem"]:not([aria-disabled="true"])';

/** The menu's items that can take the focus, in order. */
const enabledItems = (menu: HTMLElement | null) => Array.from(menu?.querySelectorAll<HTMLElement>(ENABLED_ITEMS) ?? []);

/** The space kept between an open menu and the window's edge. */
const EDGE = 8;

/**
 * Moves an open menu sideways until it is whole in the window: a menu lined up with the end of a trigger near the
 * left edge (the editor's File menu on a phone) reached past it, its items cut off.
 */
export function shiftIntoView(list: HTMLElement): void {
  const box = list.getBoundingClientRect();
  // The window's width without its scroll bar (jsdom has no layout: its window's width).
  const width = document.documentElement.clientWidth || window.innerWidth;
  let shift = 0;
  if (box.left < EDGE) shift = EDGE - box.left;
  else if (box.right > width - EDGE) shift = Math.max(EDGE - box.left, width - EDGE - box.right);
  list.style.transform = shift ? `translateX(${shift}px)` : '';
}

/**
 * Open and closed: opening focuses the first or last item, a pointer press outside closes, and closing can give
 * the focus back to the trigger. The arrow keys on the trigger open the menu.
 */
function useMenuOpening() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const initialFocus = useRef<'first' | 'last'>('first');

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const list = enabledItems(menu.current);
    (initialFocus.current === 'last' ? list[list.length - 1] : list[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // Before the menu is painted, so it never shows cut off first.
  useLayoutEffect(() => {
    if (open && menu.current) shiftIntoView(menu.current);
  }, [open]);

  const openWith = (focus: 'first' | 'last') => {
    initialFocus.current = focus;
    setOpen(true);
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openWith(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  return { open, root, button, menu, close, openWith, onTriggerKeyDown };
}

/** Keys inside the open menu: arrows, Home and End move the focus (wrapping), Escape closes, Tab leaves. */
function onMenuKey(
  event: KeyboardEvent<HTMLDivElement>,
  menu: HTMLElement | null,
  close: (returnFocus: boolean) => void,
) {
  const list = enabledItems(menu);
  const index = list.indexOf(document.activeElement as HTMLElement);
  const move = (to: number) => {
    event.preventDefault();
    list[(to + list.length) % list.length]?.focus();
  };
  switch (event.key) {
    case 'ArrowDown':
      return move(index + 1);
    case 'ArrowUp':
      return move(index < 0 ? list.length - 1 : index - 1);
    case 'Home':
      return move(0);
    case 'End':
      return move(list.length - 1);
    case 'Escape':
      event.preventDefault();
      return close(true);
    case 'Tab':
      return close(false);
  }
}

/** The dropdown menu: items with title, leading, trailing and disabled; full keyboard support. */
export function DropdownMenu({
  trigger,
  label,
  items,
  align = 'start',
  triggerClassName = 'btn btn--secondary btn--sm',
}: DropdownMenuProps) {
  const { open, root, button, menu, close, openWith, onTriggerKeyDown } = useMenuOpening();
  const menuId = useId();

  const select = (item: DropdownMenuItem) => {
    if (item.disabled) return;
    close(true);
    item.onSelect();
  };

  return (
    <div className="menu" ref={root}>
      <button
        ref={button}
        type="button"
        className={triggerClassName}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => (open ? close(false) : openWith('first'))}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
      </button>
      {open && (
        <div
          id={menuId}
          ref={menu}
          role="menu"
          aria-label={label}
          className={`menu__list menu__list--${align}`}
          onKeyDown={(event) => onMenuKey(event, menu.current, close)}
        >
          {items.map((item, i) => (
            <MenuItemRow
              key={item.id ?? i}
              item={item}
              rowId={`${menuId}-${item.id ?? i}`}
              describedBy={item.describedBy && `${menuId}-${item.describedBy}`}
              onSelect={() => select(item)}
            />
          ))}
        </div>
      )}
    </div>
  );
}

/** One item: Enter and Space choose it like a click. */
function MenuItemRow({
  item,
  rowId,
  describedBy,
  onSelect,
}: {
  item: DropdownMenuItem;
  rowId: string;
  describedBy: string | undefined;
  onSelect: () => void;
}) {
  return (
    <div
      id={rowId}
      role="menuitem"
      aria-describedby={describedBy}
      tabIndex={-1}
      aria-disabled={item.disabled || undefined}
      className={item.note ? 'menu__item menu__item--note' : 'menu__item'}
      onClick={onSelect}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onSelect();
        }
      }}
    >
      {item.leading && <span className="menu__leading">{item.leading}</span>}
      <span className="menu__title">{item.title}</span>
      {item.trailing && <span className="menu__trailing">{item.trailing}</span>}
    </div>
  );
}
