import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
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

interface OpenModal {
  close: () => void;
  previous: HTMLElement | null;
}

/** The open modals, bottom first: a dialog the address opens closes them (`OpensAlone`). */
const openModals = new Set<OpenModal>();
/** The page's own overflow, put back when the last modal closes (one may close after another has opened). */
let pageOverflow = '';

/** Whether a modal dialog is open: the page behind it takes no keys of its own (the editor's shortcuts). */
export function modalOpen(): boolean {
  return openModals.size > 0;
}

function register(entry: OpenModal) {
  if (openModals.size === 0) pageOverflow = document.body.style.overflow;
  openModals.add(entry);
  document.body.style.overflow = 'hidden';
}

function unregister(entry: OpenModal) {
  openModals.delete(entry);
  if (openModals.size === 0) document.body.style.overflow = pageOverflow;
}

const ReplacesOpenModals = createContext(false);

/**
 * Wraps a dialog the page's address opens (#settings, #subscribe): when its modal opens, the modals already open close,
 * as leaving for another page would close them, so two modal dialogs never stand one over the other. Dialogs opened
 * from inside it (a confirmation over the settings) stack as usual.
 */
export function OpensAlone({ children }: { children: ReactNode }) {
  return <ReplacesOpenModals.Provider value>{children}</ReplacesOpenModals.Provider>;
}

// Node.DOCUMENT_POSITION_PRECEDING and _FOLLOWING.
const PRECEDING = 2;
const FOLLOWING = 4;

/** Whether `el` is drawn: Chromium's own answer (a closed <details>, display: none above it), else the styles up to the page. */
function shown(el: HTMLElement): boolean {
  if (typeof el.checkVisibility === 'function') return el.checkVisibility({ visibilityProperty: true });
  for (let node: HTMLElement | null = el; node; node = node.parentElement) {
    const style = getComputedStyle(node);
    if (node.hidden || style.display === 'none' || style.visibility === 'hidden') return false;
  }
  return true;
}

/** A radio button Tab passes over: one not checked in a group that has one checked (arrows move in the group). */
function passedOver(el: HTMLElement, panel: HTMLElement): boolean {
  if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || el.checked || !el.name) return false;
  return Array.from(panel.querySelectorAll<HTMLInputElement>('input[type="radio"]')).some(
    (other) => other.name === el.name && other.checked,
  );
}

/**
 * The dialog's Tab stops in document order: what Tab can reach. Controls hidden by a layout (a phone's button on a
 * desktop, a closed section), those a roving tab index takes out of the order (tabindex -1) and a group's unchecked
 * radio buttons are not: the trap's edges are the first and last stops, not the first and last controls in the markup.
 */
function tabStops(panel: HTMLElement): HTMLElement[] {
  return Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.tabIndex >= 0 && shown(el) && !passedOver(el, panel),
  );
}

/** Whether focus can go to `el`: a control that is not disabled, or an element given a tabindex (a title). */
const focusable = (el: Element | null | undefined): el is HTMLElement =>
  el instanceof HTMLElement &&
  el.isConnected &&
  (el.matches(FOCUSABLE) || el.matches('[tabindex]')) &&
  !el.matches(':disabled');

/**
 * Focus moved inside on opening and kept there: a focused control that becomes disabled while the dialog is busy
 * (a submit button, a field) drops focus to <body>, out of reach of Escape and the Tab trap, so the panel takes it
 * back; once the dialog's controls are enabled again focus goes to the field marked invalid (its error tied to it),
 * else to the control that lost it, else to the dialog's first control. On closing, focus returns to where it was.
 */
function useFocusInside(open: boolean, panel: RefObject<HTMLDivElement | null>, onClose: () => void) {
  const replaces = useContext(ReplacesOpenModals);
  const latestClose = useRef(onClose);
  useEffect(() => {
    latestClose.current = onClose;
  });

  useEffect(() => {
    const node = panel.current;
    if (!open || !node) return;
    const others = replaces ? [...openModals] : [];
    const entry = {
      close: () => latestClose.current(),
      // A dialog that replaces others gives focus back to where the first of them took it from.
      previous: others[0]?.previous ?? (document.activeElement as HTMLElement | null),
    };
    for (const other of others) other.close();
    register(entry);
    const first = () => node.querySelector<HTMLElement>('[data-autofocus]') ?? tabStops(node)[0] ?? null;
    first()?.focus();
    // A first control that cannot take focus yet (disabled while the dialog loads) leaves focus outside, where Escape
    // and the focus trap would not reach it: the panel takes it instead.
    if (!node.contains(document.activeElement)) node.focus();

    // The control that lost focus, and whether the panel holds focus only until a control can take it back.
    let lost: HTMLElement | null = null;
    let holding = false;
    const recover = () => {
      // A dialog opened over this one keeps focus itself.
      if ([...openModals].at(-1) !== entry) return;
      const active = document.activeElement;
      if (active && active !== document.body && !(holding && active === node)) return;
      const next = [node.querySelector('[aria-invalid="true"]'), lost, first()].find(focusable);
      holding = !next || !node.contains(next);
      if (holding) node.focus({ preventScroll: true });
      else {
        lost = null;
        next!.focus();
      }
    };
    // Chromium blurs a focused control that becomes disabled when it next renders: the check runs after that.
    let pending: ReturnType<typeof setTimeout> | undefined;
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget) return;
      lost = event.target as HTMLElement;
      clearTimeout(pending);
      pending = setTimeout(recover);
    };
    const observer = new MutationObserver(recover);
    observer.observe(node, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
    node.addEventListener('focusout', onFocusOut);

    return () => {
      unregister(entry);
      observer.disconnect();
      node.removeEventListener('focusout', onFocusOut);
      clearTimeout(pending);
      // Not when another dialog has taken focus since (one the address opened over this one).
      const active = document.activeElement;
      const here = !active || active === document.body || node.contains(active);
      if (here && entry.previous?.isConnected) entry.previous.focus();
    };
  }, [open, panel, replaces]);
}

/**
 * A modal dialog: portal to <body>, 300 ms open/close animation, focus moved inside and kept there (`useFocusInside`),
 * Escape and backdrop close it, focus returns to where it was.
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

  useFocusInside(open, panel, onClose);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    // A dialog opened over this one (its events come up React's tree), or a trap of its own inside (the viewer's
    // lightbox), has taken the key.
    if (event.key !== 'Tab' || !panel.current || event.defaultPrevented) return;
    if (!(event.target instanceof Node) || !panel.current.contains(event.target)) return;
    // The dialog moves focus itself, in the order of its markup: Chromium's own Tab can leave it (past the last
    // stop, and from inside the map preview's list of locations, which sits in a scaled box).
    event.preventDefault();
    const items = tabStops(panel.current);
    const active = document.activeElement;
    const inside = active !== null && active !== panel.current && panel.current.contains(active);
    const next = !inside
      ? undefined
      : event.shiftKey
        ? items.filter((el) => el !== active && active.compareDocumentPosition(el) & PRECEDING).at(-1)
        : items.find((el) => el !== active && active.compareDocumentPosition(el) & FOLLOWING);
    (next ?? (event.shiftKey ? items.at(-1) : items[0]))?.focus();
  };

  // The second click of a double click on what opened the dialog lands on the backdrop that has just appeared
  // under the pointer: it is part of the opening, not a wish to close (a double click on the backdrop closes on its
  // first click).
  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.detail <= 1) onClose();
  };

  if (!mounted) return null;
  return createPortal(
    <div
      className="modal"
      data-state={open ? 'open' : 'closed'}
      style={{ '--modal-ms': `${MODAL_ANIMATION_MS}ms` } as CSSProperties}
    >
      <div className="modal__backdrop" onClick={open ? onBackdropClick : undefined} aria-hidden="true" />
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
        <ReplacesOpenModals.Provider value={false}>{children}</ReplacesOpenModals.Provider>
      </div>
    </div>,
    document.body,
  );
}
