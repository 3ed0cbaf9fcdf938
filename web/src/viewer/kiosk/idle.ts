/**
 * Kiosk mode's idle watch, loaded only for kiosk maps and embeds (../on-demand.ts `attachKiosk`). After
 * KIOSK_IDLE_MS without a touch, a click, the pointer moving, the wheel or a key anywhere in the viewer's page, the
 * viewer starts over for the next visitor: focus leaves the map (a touch screen's keyboard folds away), the viewer
 * goes back to the start a plain load shows (its `startOver`), and the directory's list scrolls back to its top.
 * Any input counts the time from zero again; after a start over nothing more happens until someone comes. The clock
 * runs on while the page is hidden (a kiosk's screen asleep, another tab in front): a start over that falls due then
 * is done when the browser runs the held-back timer, or at the latest when the page shows again, so the next visitor
 * never finds the last one's map. While it watches, a long press opens no context menu of the browser's (whose Back or
 * Open in new tab would leave the map). Product rules: The viewer and the embed.
 */
import { h } from '../dom';
import type { ViewerText } from '../i18n/messages';

/** How long a kiosk waits without input before it starts over: one value for every map (no setting). */
export const KIOSK_IDLE_MS = 90_000;

/**
 * How long before the start over the visitor is warned, on screen and to a screen reader (an alert), with any touch
 * or key keeping the map as it is: the 20 seconds WCAG's "timing adjustable" asks for. A screen reader's reading moves
 * no pointer and presses no key the page sees, so a blind visitor listening to a route looks idle; the warning is
 * their way to stay.
 */
export const KIOSK_WARN_MS = 20_000;

/** The time and timers the watch uses: the page's, or a test's. */
export interface IdleClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const pageClock: IdleClock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Calls `onIdle` once `idleMs` have passed since the last `input()` (or since it was made), then waits for input
 * before counting again: one start over per idle spell. Input only notes the time; the timer, when it falls due
 * early, waits out the rest.
 */
export class IdleTimer {
  #last: number;
  #timer: unknown = null;
  readonly #idleMs: number;
  readonly #onIdle: () => void;
  readonly #clock: IdleClock;

  constructor(idleMs: number, onIdle: () => void, clock: IdleClock = pageClock) {
    this.#idleMs = idleMs;
    this.#onIdle = onIdle;
    this.#clock = clock;
    this.#last = clock.now();
    this.#arm(idleMs);
  }

  /** Someone is there: the idle time counts from now. */
  input(): void {
    this.#last = this.#clock.now();
    if (this.#timer === null) this.#arm(this.#idleMs);
  }

  /** Starts over now when the idle time has passed (a hidden page's timer may have been held back). */
  check(): void {
    if (this.#timer === null || this.#left() > 0) return;
    this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
    this.#onIdle();
  }

  stop(): void {
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** Whether the idle time has passed with no input since: after `onIdle`, until the next `input()`. */
  get idle(): boolean {
    return this.#timer === null;
  }

  #left(): number {
    return this.#last + this.#idleMs - this.#clock.now();
  }

  #arm(ms: number): void {
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = null;
      const left = this.#left();
      if (left > 0) this.#arm(left);
      else this.#onIdle();
    }, ms);
  }
}

/** What counts as someone at the kiosk. Touches come as pointer events too; `input` covers on-screen keyboards. */
const INPUT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'wheel', 'keydown', 'input'] as const;

/**
 * Watches the page of the viewer's root `root` for input, warns KIOSK_WARN_MS before the start over, and starts the
 * viewer over (`startOver`) after KIOSK_IDLE_MS without any, saying so to screen readers, in `text`'s language.
 * Returns the watch, to stop with the viewer, and its timer (`idle` while the kiosk is at rest: no one since it started
 * over).
 */
export function watchIdle(
  root: HTMLElement,
  text: ViewerText,
  startOver: () => void,
  clock?: IdleClock,
): { stop(): void; readonly timer: IdleTimer } {
  const doc = root.ownerDocument;
  // The warning, then (read by screen readers only) that the map started over.
  const notice = h('p', { class: 'mn-kiosk-notice', role: 'alert', hidden: true });
  const say = (words: string, seen: boolean) => {
    notice.classList.toggle('mn-sr-only', !seen);
    (root.querySelector('.mn-map') ?? root).append(notice);
    notice.hidden = false;
    notice.textContent = words;
  };
  const warning = new IdleTimer(
    KIOSK_IDLE_MS - KIOSK_WARN_MS,
    () => say(text.t('kioskWarn', { n: KIOSK_WARN_MS / 1000 }), true),
    clock,
  );
  const timer = new IdleTimer(
    KIOSK_IDLE_MS,
    () => {
      // Focus leaves first: the directory writes the cleared search into its field only when the field has no focus.
      const focused = (root.getRootNode() as Document | ShadowRoot).activeElement;
      if (focused instanceof HTMLElement && root.contains(focused)) focused.blur();
      startOver();
      for (const list of root.querySelectorAll('.mn-sidebar, .mn-list-scroller')) list.scrollTop = 0;
      say(text.t('kioskReset'), false);
    },
    clock,
  );
  const input = () => {
    timer.input();
    warning.input();
    notice.hidden = true;
  };
  const shown = () => !doc.hidden && (warning.check(), timer.check());
  // In the capture phase, so a part that stops an event (Escape in a picker) still counts as input.
  const options = { capture: true, passive: true };
  for (const type of INPUT_EVENTS) doc.addEventListener(type, input, options);
  doc.addEventListener('visibilitychange', shown);
  // A long press on a touch screen asks for the browser's context menu (Back, Open in new tab, Print…): refused while
  // the watch runs (a viewer's root may outlive kiosk mode, as in the editor's Preview).
  const refuse = (e: Event) => e.preventDefault();
  root.addEventListener('contextmenu', refuse);
  return {
    timer,
    stop() {
      timer.stop();
      warning.stop();
      notice.remove();
      for (const type of INPUT_EVENTS) doc.removeEventListener(type, input, options);
      doc.removeEventListener('visibilitychange', shown);
      root.removeEventListener('contextmenu', refuse);
    },
  };
}
