// @vitest-environment jsdom
/**
 * The open location in the history (./location-history.ts), on jsdom's own session history: Back and Forward are
 * `history.back()` and `history.forward()`, whose popstate arrives in a later task, as in a browser.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocationHistory, OVERLAY_STATE_KEY, SHEET_STATE_KEY } from './location-history';

const MAP = 'http://localhost:3000/m/demo';
let made: LocationHistory[] = [];
let shown: Array<string | null> = [];

/** Waits for the popstate of a Back or Forward (jsdom traverses in a task of its own). */
const popped = () =>
  new Promise<void>((resolve) => window.addEventListener('popstate', () => resolve(), { once: true }));
const back = async () => {
  const p = popped();
  history.back();
  await p;
};
const forward = async () => {
  const p = popped();
  history.forward();
  await p;
};

function make(backCloses: boolean, deepLinking = true): LocationHistory {
  const h = new LocationHistory({ deepLinking, backCloses, show: (id) => shown.push(id) });
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
