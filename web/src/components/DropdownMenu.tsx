import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface DropdownMenuItem {
  /** Stable key; defaults to the index. */
  id?: string;
  title: ReactNode;
  /** Shown before the title (an icon). */
  leading?: ReactNode;
  /** Shown after the title (a shortcut hint, a badge). */
  trailing?: ReactNode;
  disabled?: boolean;
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

/** The dropdown menu of spec §2: items with title, leading, trailing and disabled; full keyboard support. */
export function DropdownMenu({
  trigger,
  label,
  items,
  align = 'start',
  triggerClassName = 'btn btn--secondary btn--sm',
}: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const initialFocus = useRef<'first' | 'last'>('first');

  const enabledItems = () =>
    Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? []);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const list = Array.from(
      menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? [],
    );
    (initialFocus.current === 'last' ? list[list.length - 1] : list[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
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

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = enabledItems();
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
  };

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
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, i) => (
            <div
              key={item.id ?? i}
              role="menuitem"
              tabIndex={-1}
              aria-disabled={item.disabled || undefined}
              className="menu__item"
              onClick={() => select(item)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  select(item);
                }
              }}
            >
              {item.leading && <span className="menu__leading">{item.leading}</span>}
              <span className="menu__title">{item.title}</span>
              {item.trailing && <span className="menu__trailing">{item.trailing}</span>}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
