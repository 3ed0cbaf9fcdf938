// @vitest-environment jsdom
/**
 * Kiosk mode's idle watch on a clock the test moves by hand (no real waiting): input counts the time from zero
 * again, the start over runs once per idle spell, a hidden page's held-back timer is caught up when it shows again,
 * and a viewer without kiosk mode loads and watches nothing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENGLISH } from '../i18n/messages';
import { attachKiosk } from '../on-demand';
import { IdleTimer, KIOSK_IDLE_MS, KIOSK_WARN_MS, watchIdle, type IdleClock } from './idle';
import { KIOSK_REST_MS } from './kiosk';

/** A clock whose time moves only when told: `advance` runs the timers that fall due, in order; `skip` runs none. */
class TestClock implements IdleClock {
  #now = 0;
  #seq = 0;
  readonly #timers = new Map<number, { at: number; fn: () => void }>();

  now = () => this.#now;
  setTimeout = (fn: () => void, ms: number) => {
    this.#timers.set(++this.#seq, { at: this.#now + ms, fn });
    return this.#seq;
  };
  clearTimeout = (handle: unknown) => void this.#timers.delete(handle as number);

  get pending(): number {
    return this.#timers.size;
  }

  advance(ms: number): void {
    const until = this.#now + ms;
    for (;;) {
      const due = [...this.#timers].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.#timers.delete(due[0]);
      this.#now = due[1].at;
      due[1].fn();
    }
    this.#now = until;
  }

  /** Time passes with no timer run (a hidden page's timers held back). */
  skip(ms: number): void {
    this.#now += ms;
  }
}

afterEach(() => document.body.replaceChildren());

describe('the idle timer', () => {
  it('runs once when the idle time has passed since it started, then waits for input', () => {
    const clock = new TestClock();
    const onIdle = vi.fn();
    new IdleTimer(90_000, onIdle, clock);
    clock.advance(89_999);
    expect(onIdle).not.toHaveBeenCalled();
    clock.advance(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    // Nobody came: no second start over, and no timer left running.
    clock.advance(10 * 90_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    expect(clock.pending).toBe(0);
  });

  it('counts from the last input, and counts again after a start over once someone comes', () => {
    const clock = new TestClock();
    const onIdle = vi.fn();
    const timer = new IdleTimer(90_000, onIdle, clock);
    clock.advance(60_000);
    timer.input();
    clock.advance(60_000);
    timer.input();
    clock.advance(89_000);
    expect(onIdle).not.toHaveBeenCalled();
    clock.advance(1_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    timer.input();
    clock.advance(90_000);
    expect(onIdle).toHaveBeenCalledTimes(2);
  });

  it('keeps one timer however much input comes', () => {
    const clock = new TestClock();
    const timer = new IdleTimer(90_000, () => undefined, clock);
    for (let i = 0; i < 500; i++) timer.input();
    expect(clock.pending).toBe(1);
  });

  it('starts over at once when checked after its timer was held back, and not again when the timer fires', () => {
    const clock = new TestClock();
    const onIdle = vi.fn();
    const timer = new IdleTimer(90_000, onIdle, clock);
    clock.skip(30_000);
    timer.check();
    expect(onIdle).not.toHaveBeenCalled();
    clock.skip(60_000);
    timer.check();
    expect(onIdle).toHaveBeenCalledTimes(1);
    clock.advance(90_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('does nothing once stopped', () => {
    const clock = new TestClock();
    const onIdle = vi.fn();
    new IdleTimer(90_000, onIdle, clock).stop();
    clock.advance(200_000);
    expect(onIdle).not.toHaveBeenCalled();
  });
});

/** A viewer's root in the page, with a search field and a scrolled list, as the watch sees them. */
function viewerRoot() {
  const root = document.createElement('div');
  const search = document.createElement('input');
  const list = document.createElement('div');
  list.className = 'mn-list-scroller';
  root.append(search, list);
  document.body.append(root);
  list.scrollTop = 400;
  return { root, search, list };
}

function setHidden(hidden: boolean): void {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('watching a kiosk page', () => {
  afterEach(() => setHidden(false));

  it('takes pointer, touch, wheel and key input anywhere in the page as someone there', () => {
    const clock = new TestClock();
    const startOver = vi.fn();
    const watch = watchIdle(viewerRoot().root, ENGLISH, startOver, clock);
    for (const event of [
      new Event('pointerdown', { bubbles: true }),
      new Event('pointermove', { bubbles: true }),
      new Event('touchstart', { bubbles: true }),
      new Event('wheel', { bubbles: true }),
      new KeyboardEvent('keydown', { key: 'a', bubbles: true }),
    ]) {
      clock.advance(KIOSK_IDLE_MS - 1);
      // Outside the viewer too: a kiosk's page is the map, and an editor's hands elsewhere are still there.
      document.body.dispatchEvent(event);
    }
    expect(startOver).not.toHaveBeenCalled();
    clock.advance(KIOSK_IDLE_MS);
    expect(startOver).toHaveBeenCalledTimes(1);
    watch.stop();
  });

  it('warns 20 seconds before it starts over, on screen and as an alert; any input keeps the map and hides it', () => {
    const clock = new TestClock();
    const startOver = vi.fn();
    const { root } = viewerRoot();
    const watch = watchIdle(root, ENGLISH, startOver, clock);
    const notice = () => root.querySelector<HTMLElement>('[role="alert"]');
    clock.advance(KIOSK_IDLE_MS - KIOSK_WARN_MS - 1);
    expect(notice()?.hidden ?? true).toBe(true);
    clock.advance(1);
    expect(notice()!.hidden).toBe(false);
    expect(notice()!.classList.contains('mn-sr-only')).toBe(false);
    expect(notice()!.textContent).toBe(
      'Starting over for the next visitor in 20 seconds. Touch the screen or press a key to stay.',
    );
    // A screen reader user presses a key: the map stays, the warning goes, and the count starts again.
    clock.advance(KIOSK_WARN_MS - 1);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    expect(notice()!.hidden).toBe(true);
    clock.advance(KIOSK_IDLE_MS - KIOSK_WARN_MS - 1);
    expect(startOver).not.toHaveBeenCalled();
    expect(notice()!.hidden).toBe(true);
    // Nobody answers this time: the map starts over, said to screen readers only.
    clock.advance(KIOSK_WARN_MS + 1);
    expect(startOver).toHaveBeenCalledTimes(1);
    expect(notice()!.hidden).toBe(false);
    expect(notice()!.classList.contains('mn-sr-only')).toBe(true);
    expect(notice()!.textContent).toBe('The map started over for the next visitor.');
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(notice()!.hidden).toBe(true);
    watch.stop();
    expect(notice()).toBeNull();
  });

  it('takes focus out of the viewer before its start over, and scrolls its list to the top after', () => {
    const clock = new TestClock();
    const { root, search, list } = viewerRoot();
    let focusedDuring: Element | null = null;
    const watch = watchIdle(root, ENGLISH, () => (focusedDuring = document.activeElement), clock);
    search.focus();
    clock.advance(KIOSK_IDLE_MS);
    expect(focusedDuring).toBe(document.body);
    expect(list.scrollTop).toBe(0);
    watch.stop();
  });

  it('catches up a start over that fell due while the page was hidden when it shows again', () => {
    const clock = new TestClock();
    const startOver = vi.fn();
    const watch = watchIdle(viewerRoot().root, ENGLISH, startOver, clock);
    setHidden(true);
    clock.skip(KIOSK_IDLE_MS + 5_000);
    expect(startOver).not.toHaveBeenCalled();
    setHidden(false);
    expect(startOver).toHaveBeenCalledTimes(1);
    watch.stop();
  });

  it('stops listening and counting when stopped', () => {
    const clock = new TestClock();
    const startOver = vi.fn();
    const add = vi.spyOn(document, 'addEventListener');
    const remove = vi.spyOn(document, 'removeEventListener');
    watchIdle(viewerRoot().root, ENGLISH, startOver, clock).stop();
    expect(remove.mock.calls.map((c) => c[0]).sort()).toEqual(add.mock.calls.map((c) => c[0]).sort());
    clock.advance(2 * KIOSK_IDLE_MS);
    expect(startOver).not.toHaveBeenCalled();
    add.mockRestore();
    remove.mockRestore();
  });

  it('refuses the context menu while it watches, and no longer once stopped', () => {
    const { root, list } = viewerRoot();
    const watch = watchIdle(root, ENGLISH, vi.fn(), new TestClock());
    const menu = () => list.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));
    expect(menu()).toBe(false);
    watch.stop();
    expect(menu()).toBe(true);
  });
});

describe('attaching kiosk mode', () => {
  it('loads and watches nothing when kiosk mode is off', async () => {
    const clock = new TestClock();
    const startOver = vi.fn();
    const add = vi.spyOn(document, 'addEventListener');
    expect(attachKiosk({ root: viewerRoot().root, model: { text: ENGLISH }, startOver }, false, clock)).toBeNull();
    await vi.dynamicImportSettled();
    expect(add).not.toHaveBeenCalled();
    clock.advance(10 * KIOSK_IDLE_MS);
    expect(startOver).not.toHaveBeenCalled();
    add.mockRestore();
  });

  it('starts the viewer over after the idle time when on, and stops with the viewer', async () => {
    const clock = new TestClock();
    const startOver = vi.fn();
    const link = attachKiosk({ root: viewerRoot().root, model: { text: ENGLISH }, startOver }, true, clock)!;
    await vi.dynamicImportSettled();
    clock.advance(KIOSK_IDLE_MS);
    expect(startOver).toHaveBeenCalledTimes(1);
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    link.destroy();
    clock.advance(10 * KIOSK_IDLE_MS);
    expect(startOver).toHaveBeenCalledTimes(1);
  });

  it('calls its host’s rest every 5 minutes while at rest, never while someone is there, and no more once stopped', async () => {
    const clock = new TestClock();
    const rest = vi.fn();
    const host = { root: viewerRoot().root, model: { text: ENGLISH }, startOver: vi.fn(), rest };
    const link = attachKiosk(host, true, clock)!;
    await vi.dynamicImportSettled();
    // Someone at the kiosk, a touch a minute: no rest, however long they stay.
    for (let t = 0; t < 3 * KIOSK_REST_MS; t += 60_000) {
      document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      clock.advance(60_000);
    }
    expect(rest).not.toHaveBeenCalled();
    // They leave: it starts over, and its next look finds it at rest; then one every 5 minutes.
    clock.advance(KIOSK_REST_MS);
    expect(host.startOver).toHaveBeenCalledTimes(1);
    expect(rest).toHaveBeenCalledTimes(1);
    clock.advance(2 * KIOSK_REST_MS);
    expect(rest).toHaveBeenCalledTimes(3);
    // Someone comes back and stays past the next look: no rest while they are there.
    for (let t = 0; t < KIOSK_REST_MS + 60_000; t += 60_000) {
      document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      clock.advance(60_000);
    }
    expect(rest).toHaveBeenCalledTimes(3);
    link.destroy();
    expect(clock.pending).toBe(0);
    clock.advance(10 * KIOSK_REST_MS);
    expect(rest).toHaveBeenCalledTimes(3);
  });
});
