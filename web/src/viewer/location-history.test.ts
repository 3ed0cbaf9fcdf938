// @vitest-environment jsdom
/**
 * The open location in the history (./location-history.ts), on jsdom's own session history: Back and Forward are
 * `history.back()` and `history.forward()`, whose popstate arrives in a later task, as in a browser.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { back, forward, popped } from './jsdom-page.fixtures';
import { DIRECTIONS_STATE_KEY, LocationHistory, OVERLAY_STATE_KEY, SHEET_STATE_KEY } from './location-history';

const MAP = 'http://localhost:3000/m/demo';
let made: LocationHistory[] = [];
let shown: Array<string | null> = [];

function make(backCloses: boolean, deepLinking = true): LocationHistory {
  const h = new LocationHistory({ deepLinking, backCloses, show: (id) => void shown.push(id) });
  made.push(h);
  return h;
}

beforeEach(() => {
  // A fresh entry of the map's page, as a visitor arrives on it.
  history.pushState(null, '', MAP);
  shown = [];
});
afterEach(() => {
  for (const h of made) h.destroy();
  made = [];
});

describe('the open location in the history of the map’s own page', () => {
  it('adds one entry for a sheet, replaces it for the next location, and Back closes the sheet on the map', async () => {
    const h = make(true);
    const length = history.length;
    h.opened('a', true);
    expect(history.length).toBe(length + 1);
    expect(location.href).toBe(`${MAP}?location=a`);
    expect(history.state).toEqual({ [SHEET_STATE_KEY]: 'a' });
    h.opened('b', true);
    expect(history.length).toBe(length + 1);
    expect(location.href).toBe(`${MAP}?location=b`);
    await back();
    // The viewer is told to close (it then calls closed(), which only writes the address).
    expect(shown).toEqual([null]);
    h.closed();
    expect(location.href).toBe(MAP);
    // Forward opens the last location again.
    await forward();
    expect(shown).toEqual([null, 'b']);
    h.opened('b', true);
    expect(history.length).toBe(length + 1);
  });

  it('goes back over its entry when the sheet is closed by its own button: no entry left that Back would spend', async () => {
    const h = make(true);
    const length = history.length;
    h.opened('a', true);
    const landed = popped();
    h.closed();
    await landed;
    expect(location.href).toBe(MAP);
    expect(history.state).toBeNull();
    // The viewer had closed it already: it is not told again.
    expect(shown).toEqual([]);
    // Opening again adds one entry in the same place (the forward one is dropped), not a second one.
    h.opened('c', true);
    expect(history.length).toBe(length + 1);
    expect(location.href).toBe(`${MAP}?location=c`);
  });

  it('adds the entry of a location opened while the Back of a close is still on its way', async () => {
    const h = make(true);
    h.opened('a', true);
    const landed = popped();
    h.closed();
    h.opened('c', true);
    await landed;
    expect(location.href).toBe(`${MAP}?location=c`);
    expect(history.state).toEqual({ [SHEET_STATE_KEY]: 'c' });
    await back();
    expect(shown).toEqual([null]);
  });

  it('adds no entry outside a sheet (the desktop layout’s popup), only writing the address', async () => {
    const h = make(true);
    const length = history.length;
    h.opened('a', false);
    expect(history.length).toBe(length);
    expect(location.href).toBe(`${MAP}?location=a`);
    h.closed();
    expect(location.href).toBe(MAP);
    expect(history.length).toBe(length);
  });

  it('keeps the entry without writing the address when the map does not deep-link', async () => {
    const h = make(true, false);
    const length = history.length;
    h.opened('a', true);
    expect(history.length).toBe(length + 1);
    expect(location.href).toBe(MAP);
    await back();
    expect(shown).toEqual([null]);
  });

  it('writes the route shown into whatever entry Back lands on: the route is no entry’s', async () => {
    const h = make(true);
    h.route('x', 'y', false);
    expect(location.href).toBe(`${MAP}?from=x&to=y`);
    h.opened('a', true);
    expect(location.href).toBe(`${MAP}?from=x&to=y&location=a`);
    // Another route while the sheet is open (its Directions button): the entry under it still says the first one.
    h.route('y', 'z', true);
    expect(location.href).toBe(`${MAP}?from=y&to=z&location=a&stepfree=1`);
    await back();
    h.closed();
    expect(location.href).toBe(`${MAP}?from=y&to=z&stepfree=1`);
    // Forward to the sheet's entry: its location again, with the route shown now, not the one it was written with.
    h.route(null, null, false);
    await forward();
    expect(location.href).toBe(`${MAP}?location=a`);
  });

  it('writes a route told while the Back of a close is on its way once it has landed', async () => {
    const h = make(true);
    h.opened('a', true);
    const landed = popped();
    // The route moves the map to another floor, which closes the sheet; then the route is told.
    h.closed();
    h.route('x', 'y', false);
    await landed;
    expect(location.href).toBe(`${MAP}?from=x&to=y`);
    expect(history.state).toBeNull();
  });

  it('leaves the route out of the address when the map does not deep-link', () => {
    const h = make(true, false);
    h.route('x', 'y', true);
    expect(location.href).toBe(MAP);
  });

  it('ignores history moves that are not its own (a link to a #fragment in a description)', async () => {
    make(true);
    history.pushState(null, '', `${MAP}#opening-hours`);
    await back();
    expect(shown).toEqual([]);
  });
});

describe('the compact viewer’s directory over the map, on the map’s own page', () => {
  /** The overlay as the history opens and closes it, telling the history back as DirectoryOverlay does. */
  function overlayOf(h: LocationHistory) {
    const moves: string[] = [];
    const overlay = {
      open: () => {
        moves.push('open');
        h.overlayOpened(overlay);
        return true;
      },
      close: () => {
        moves.push('close');
        h.overlayClosed();
      },
    };
    return { overlay, moves };
  }

  it('adds one entry that Back closes it by, over a sheet’s entry too; Forward opens it again', async () => {
    const h = make(true);
    const { overlay, moves } = overlayOf(h);
    const length = history.length;
    h.opened('a', true);
    h.overlayOpened(overlay);
    expect(history.length).toBe(length + 2);
    expect(history.state).toEqual({ [SHEET_STATE_KEY]: 'a', [OVERLAY_STATE_KEY]: true });
    await back();
    // The overlay closes; the location's sheet stays, not opened again.
    expect([moves, shown]).toEqual([['close'], []]);
    await forward();
    expect([moves, shown, history.length]).toEqual([['close', 'open'], [], length + 2]);
  });

  it('goes back over its entry when closed by its own button, and a location chosen in it takes the one entry', async () => {
    const h = make(true);
    const { overlay, moves } = overlayOf(h);
    const length = history.length;
    h.overlayOpened(overlay);
    let landed = popped();
    h.overlayClosed();
    await landed;
    expect([history.state, moves]).toEqual([null, []]);
    h.overlayOpened(overlay);
    expect(history.length).toBe(length + 1);
    landed = popped();
    h.overlayClosed();
    h.opened('b', true);
    await landed;
    expect(history.state).toEqual({ [SHEET_STATE_KEY]: 'b' });
    expect(history.length).toBe(length + 1);
    await back();
    expect([moves, shown]).toEqual([[], [null]]);
  });

  it('adds no entry in an embed', () => {
    const h = make(false);
    const length = history.length;
    h.overlayOpened(overlayOf(h).overlay);
    h.overlayClosed();
    expect(history.length).toBe(length);
  });
});

describe('the open location in an embed (a customer’s iframe or script-tag embed)', () => {
  it('never adds an entry, a phone’s sheet or not: opening and closing replace the address', () => {
    const h = make(false);
    const length = history.length;
    h.opened('a', true);
    h.opened('b', true);
    expect(history.length).toBe(length);
    expect(location.href).toBe(`${MAP}?location=b`);
    h.closed();
    expect(location.href).toBe(MAP);
    expect(history.length).toBe(length);
  });
});

describe('the entries in step with what shows, whatever the order (a compact viewer on the map’s own page)', () => {
  // The directions' sheet brought in front of a location's sheet is in these runs too (ADR 082).
  /** Traversals asked for (by the visitor or the history) and popstates arrived: settled when they are equal. */
  let asked = 0;
  let arrived = 0;
  const count = () => arrived++;
  beforeEach(() => {
    for (const name of ['back', 'forward', 'go'] as const) {
      const own = History.prototype[name];
      Object.defineProperty(history, name, {
        configurable: true,
        value: (...args: [number?]) => {
          asked++;
          own.apply(history, args);
        },
      });
    }
    window.addEventListener('popstate', count);
  });
  afterEach(() => {
    for (const name of ['back', 'forward', 'go'] as const) delete (history as unknown as Record<string, unknown>)[name];
    window.removeEventListener('popstate', count);
  });
  const settled = async () => {
    for (let i = 0; arrived < asked; i++) {
      if (i > 1000) throw new Error('a traversal never arrived');
      await new Promise((ok) => setTimeout(ok, 0));
    }
  };

  /**
   * A compact viewer as the history sees it: a location's sheet, the directions' sheet (`dirs`: open in front of
   * it) and the directory over the map, each told to the history as the viewer (viewer-instance.ts), the sheets
   * (details/phone-sheets.ts) and the overlay (directory/overlay.ts) tell it. `reload` makes a new history on the
   * current entry, its location shown again by the address (the deep link), as a reload does; the directions the
   * address opens wait behind it.
   */
  function viewer() {
    const v = { sheet: null as string | null, dirs: false, overlay: false, compact: true };
    const overlay = {
      open: () => {
        if (!v.compact) return false;
        if (!v.overlay) {
          v.overlay = true;
          h.overlayOpened(overlay);
        }
        return true;
      },
      close: () => {
        if (!v.overlay) return;
        v.overlay = false;
        h.overlayClosed();
      },
    };
    /** A location chosen (in the overlay, on the map, by the page's API): the overlay closes first; it is in front. */
    const open = (id: string) => {
      overlay.close();
      [v.sheet, v.dirs] = [id, false];
      h.opened(id, true);
      return true;
    };
    /** The directions brought in front (open: true) or closed, as the sheets tell it. */
    const directions = (open: boolean) => {
      v.dirs = open;
      h.directionsFront(open && v.sheet !== null);
      return true;
    };
    const close = () => {
      if (v.sheet === null) return;
      v.sheet = null;
      h.closed();
    };
    const attach = () =>
      new LocationHistory({
        deepLinking: true,
        backCloses: true,
        show: (id) => (id ? open(id) : close()),
        directions,
      });
    let h = attach();
    const reload = (compact: boolean) => {
      h.destroy();
      h = attach();
      [v.sheet, v.dirs, v.overlay, v.compact] = [
        new URL(location.href).searchParams.get('location'),
        false,
        false,
        compact,
      ];
      h.restore(overlay);
      h.directionsFront(false);
      v.compact = true;
    };
    return { v, overlay, open, close, directions, reload, destroy: () => h.destroy() };
  }

  type Step =
    | 'a'
    | 'b'
    | 'close'
    | 'directions'
    | 'closeDirections'
    | 'directory'
    | 'backToMap'
    | 'back'
    | 'forward'
    | 'reload'
    | 'reloadWide';
  const STEPS: Step[] = [
    'a',
    'b',
    'close',
    'directions',
    'closeDirections',
    'directory',
    'backToMap',
    'back',
    'forward',
    'reload',
    'reloadWide',
  ];

  async function run(steps: Step[]): Promise<void> {
    history.pushState(null, '', MAP);
    const { v, overlay, open, close, directions, reload, destroy } = viewer();
    const what = () => `${steps.join(' ')}: sheet ${v.sheet}, directions ${v.dirs}, overlay ${v.overlay}`;
    const shows = () => v.overlay || v.sheet !== null;
    /** The directions in front of a location's sheet: what has an entry. */
    const over = () => v.sheet !== null && v.dirs;
    /** A Back was taken (not left out because nothing showed, when it would leave the map): Forward may follow. */
    let backed = false;
    for (const step of steps) {
      const forward = backed;
      // A reload keeps the entries ahead: Forward may follow a Back and reloads.
      backed &&= step === 'reload' || step === 'reloadWide';
      if (step === 'a' || step === 'b') open(step);
      else if (step === 'close') close();
      // The directory over the map covers the directions' sheet and its control.
      else if (step === 'directions' && !v.overlay) directions(true);
      else if (step === 'closeDirections' && !v.overlay && v.dirs) directions(false);
      else if (step === 'directory') overlay.open();
      else if (step === 'backToMap') overlay.close();
      else if (step === 'back' && shows()) {
        history.back();
        backed = true;
      } else if (step === 'forward' && forward) history.forward();
      else if (step === 'reload' || step === 'reloadWide') reload(step === 'reload');
      await settled();
      // The entry is what shows: its location's sheet, the overlay over it.
      const state = (history.state ?? {}) as Record<string, unknown>;
      const entry = [
        state[SHEET_STATE_KEY] ?? null,
        state[DIRECTIONS_STATE_KEY] === true,
        state[OVERLAY_STATE_KEY] === true,
      ];
      expect(entry, what()).toEqual([v.sheet, over(), v.overlay]);
    }
    // One Back closes the top thing shown, and no more; once nothing shows, the map's own entry is current (the next
    // Back leaves).
    while (shows()) {
      const before = { sheet: v.sheet, dirs: over(), overlay: v.overlay };
      history.back();
      await settled();
      const after = before.overlay
        ? { ...before, overlay: false }
        : before.dirs
          ? { ...before, dirs: false }
          : { sheet: null, dirs: false, overlay: false };
      expect({ sheet: v.sheet, dirs: over(), overlay: v.overlay }, what()).toEqual(after);
    }
    expect([history.state, location.href], what()).toEqual([null, MAP]);
    destroy();
  }

  /** A Forward may follow: the last step but reloads was a Back. */
  const mayForward = (steps: Step[]) =>
    [...steps].reverse().find((s) => s !== 'reload' && s !== 'reloadWide') === 'back';

  /** The sequences of `n` steps a visitor can take: Back while something shows, Forward after a Back (and reloads). */
  function* sequences(n: number, prefix: Step[] = []): Generator<Step[]> {
    if (prefix.length === n) return yield prefix;
    for (const step of STEPS) {
      if (step === 'forward' && !mayForward(prefix)) continue;
      yield* sequences(n, [...prefix, step]);
    }
  }

  it('keeps one entry per thing shown, and each Back closes the top one, after any three steps', async () => {
    let n = 0;
    for (const steps of sequences(3)) {
      n++;
      await run(steps);
    }
    expect(n).toBeGreaterThan(500);
  }, 60_000);

  it('keeps them in step over longer runs of steps (the same runs each time)', async () => {
    // A small linear congruential generator: the runs are many and varied, and the same on every run of the test.
    let seed = 67;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 200; i++) {
      const steps: Step[] = [];
      while (steps.length < 8) {
        const step = STEPS[Math.floor(next() * STEPS.length)]!;
        if (step !== 'forward' || mayForward(steps)) steps.push(step);
      }
      await run(steps);
    }
  }, 60_000);

  it('opens the directory again on a reload of its entry, over the location it was open over', async () => {
    const { v, overlay, open, reload, destroy } = viewer();
    const length = history.length;
    open('a');
    overlay.open();
    await settled();
    reload(true);
    expect([v.sheet, v.overlay, history.length]).toEqual(['a', true, length + 2]);
    history.back();
    await settled();
    expect([v.sheet, v.overlay]).toEqual(['a', false]);
    destroy();
  });

  it('opens the directory on Forward to its entry from a reload of the entry under it', async () => {
    const { v, overlay, open, reload, destroy } = viewer();
    open('a');
    overlay.open();
    await settled();
    history.back();
    await settled();
    reload(true);
    expect([v.sheet, v.overlay]).toEqual(['a', false]);
    history.forward();
    await settled();
    expect([v.sheet, v.overlay, history.state]).toEqual([
      'a',
      true,
      { [SHEET_STATE_KEY]: 'a', [OVERLAY_STATE_KEY]: true },
    ]);
    destroy();
  });

  it('goes back over the directory’s entry on a reload where it cannot open (the box no longer compact)', async () => {
    const { v, overlay, reload, destroy } = viewer();
    overlay.open();
    await settled();
    reload(false);
    await settled();
    expect([v.overlay, history.state, location.href]).toEqual([false, null, MAP]);
    destroy();
  });

  it('keeps the directory’s entry when the page’s API closes the location under it: Back closes the directory', async () => {
    const { v, overlay, open, close, destroy } = viewer();
    const length = history.length;
    open('a');
    overlay.open();
    close();
    await settled();
    expect([v.sheet, v.overlay, history.state, location.href]).toEqual([
      null,
      true,
      { [OVERLAY_STATE_KEY]: true },
      MAP,
    ]);
    expect(history.length).toBe(length + 1);
    history.back();
    await settled();
    expect([v.overlay, history.state]).toEqual([false, null]);
    destroy();
  });
});
