import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { MODAL_ANIMATION_MS } from '@mapnest/shared/constants';

export interface ModalProps {
  open: boolean;
  /** Called on Escape and on a click on the backdrop. */
  onClose: () => void;
  /** Id of the element that names the dialog (its title). */
  labelledBy: string;
  describedBy?: string;
  children: ReactNode;
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: portal to <body>, 300 ms open/close animation, focus moved inside and
 * kept there, Escape and backdrop close it, focus returns to where it was.
 */
export function Modal({ open, onClose, labelledBy, describedBy, children, className }: ModalProps) {
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  const panel = useRef<HTMLDivElement>(null);

  // Stay mounted while the closing animation plays.
  useEffect(() => {
    if (open || !mounted) return;
    const timer = setTimeout(() => setMounted(false), MODAL_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [open, mounted]);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const node = panel.current;
    const target =
      node?.querySelector<HTMLElement>('[data-autofocus]') ?? node?.querySelector<HTMLElement>(FOCUSABLE) ?? node;
    target?.focus();
    // A first control that cannot take focus yet (disabled while the dialog loads) leaves focus outside, where Escape
    // and the focus trap would not reach it: the panel takes it instead.
    if (node && !node.contains(document.activeElement)) node.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (previous?.isConnected) previous.focus();
    };
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  if (!mounted) return null;
  return createPortal(
    <div
      className="modal"
      data-state={open ? 'open' : 'closed'}
      style={{ '--modal-ms': `${MODAL_ANIMATION_MS}ms` } as CSSProperties}
    >
      <div className="modal__backdrop" onClick={open ? onClose : undefined} aria-hidden="true" />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={['modal__panel', className].filter(Boolean).join(' ')}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
