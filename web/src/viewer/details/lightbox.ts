/**
 * The lightbox (a location's "lightbox" action): the location's details (./details.ts: image, title,
 * description sanitised as in popups, link) large, in a modal dialog over a dimmed backdrop. Focus moves
 * to its close button and stays inside (Tab and Shift+Tab go round); Escape (the viewer's own key handler),
 * the close button and a click on the backdrop (which presses the close button) close the location through the
 * viewer, which takes the lightbox away and gives focus back to where it was. Loaded on demand with its styles (viewer.ts imports it when a lightbox first opens).
 */
import { addSheet, h } from '../dom';

/** The lightbox's styles, added with it. */
export const LIGHTBOX_CSS = `
.mn-lightbox{position:fixed;inset:0;z-index:2147483000;display:grid;place-items:center;padding:24px;background:rgba(16,24,40,.6)}
.mn-details-lightbox{width:min(720px,100%);max-height:calc(100vh - 48px);border-radius:14px;box-shadow:0 24px 64px rgba(16,24,40,.35);overflow:auto}
.mn-details-lightbox .mn-details-image{max-height:60vh;height:auto;object-fit:contain;background:var(--mn-surface)}
.mn-details-lightbox .mn-details-title{font-size:22px}
.mn-narrow .mn-lightbox{padding:8px}
`;

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/** The elements Tab reaches inside `el`, in order. */
export function tabbables(el: HTMLElement): HTMLElement[] {
  return [...el.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (x) => !x.closest('[hidden]') && x.getAttribute('tabindex') !== '-1',
  );
}

export interface Lightbox {
  readonly el: HTMLElement;
  /** Takes the lightbox away (the viewer gives focus back). */
  close(): void;
}

/** Shows `details` (a `.mn-details` section, closed by its `.mn-details-close` button) as a modal lightbox in `root`. */
export function openLightbox(root: HTMLElement, details: HTMLElement): Lightbox {
  details.setAttribute('aria-modal', 'true');
  const el = h('div', { class: 'mn-lightbox' }, details);
  const closeButton = details.querySelector<HTMLElement>('.mn-details-close');
  el.addEventListener('click', (e) => e.target === el && closeButton?.click());
  el.addEventListener('keydown', (e) => {
    if (e.key !== 'Tab') return;
    const all = tabbables(details);
    const first = all[0];
    const last = all[all.length - 1];
    if (!first || !last) return e.preventDefault();
    const at = document.activeElement;
    if (e.shiftKey ? at === first || !details.contains(at) : at === last || !details.contains(at)) {
      e.preventDefault();
      (e.shiftKey ? last : first).focus();
    }
  });
  // Focus that leaves by other means (a click outside, a screen reader's virtual cursor) is brought back.
  const keep = (e: FocusEvent) => {
    // Gone with the viewer (destroyed while open): stop watching.
    if (!el.isConnected) return document.removeEventListener('focusin', keep);
    if (e.target instanceof Node && !el.contains(e.target)) (tabbables(details)[0] ?? details).focus();
  };
  const style = addSheet(root, LIGHTBOX_CSS);
  root.append(el);
  document.addEventListener('focusin', keep);
  (closeButton ?? details).focus({ preventScroll: true });
  return {
    el,
    close() {
      document.removeEventListener('focusin', keep);
      el.remove();
      style.remove();
    },
  };
}
