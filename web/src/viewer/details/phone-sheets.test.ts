// @vitest-environment jsdom
/**
 * A phone's two sheets, a location's details and the directions (./phone-sheets.ts, ADR 082): one shows at a time,
 * the one the visitor asked for last in front and the other waiting behind it, hidden; closing the front one (its
 * button or Back on the map's own page) shows the one behind. A location behind the directions stays open across the
 * route's floors and comes back on its own floor; a location opened while a route plays stops it on the floor shown.
 * The whole viewer on jsdom at 390×844, its stage a stand-in (jsdom draws nothing).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { back, forward, popped, stubResizeObserver, WAIT } from '../jsdom-page.fixtures';
import { DIRECTIONS_STATE_KEY, SHEET_STATE_KEY } from '../location-history';
import type { ViewerOptions } from '../viewer-options';

vi.mock('../stage/stage', () => import('../stage-stand-in.fixtures'));

const { mountTwoFloors, destroyViewers, twoFloors } = await import('../directions/two-floors.fixtures');
const MAP = 'http://localhost:3000/m/two-floors';

/** The viewer on a phone (390×844) on the map's own page; its routes draw at once. */
function mount(options: Partial<ViewerOptions> = {}) {
  const doc = twoFloors();
  doc.settings.wayfinding.speed = 0;
  const { viewer, $ } = mountTwoFloors(390, 844, { document: doc, ...options });
  const details = () => $('.mn-sheet')!;
  const directions = () => $('.mn-directions');
  /** Which sheets show: hidden ones and the one waiting behind are not. */
  const showing = () =>
    [details(), directions()]
      .filter((s) => !!s && !s.hidden && !s.classList.contains('mn-sheet-behind'))
      .map((s) => (s === details() ? 'location' : 'directions'));
  return { viewer, $, details, directions, showing };
}

/** Picks `title` in the directions' From field and asks for the route. */
function routeFrom($: (selector: string) => HTMLElement | null, title: string): void {
  const from = $('.mn-dir-form')!.querySelector<HTMLInputElement>('input[role="combobox"]')!;
  from.value = title;
  from.dispatchEvent(new Event('input'));
  from.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  ($('.mn-dir-go') as HTMLButtonElement).click();
}

beforeEach(() => {
  stubResizeObserver();
  history.pushState({ before: true }, '', `${MAP}-before`);
  history.pushState(null, '', MAP);
});
afterEach(() => {
  destroyViewers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('a phone’s sheets, one in front at a time', () => {
  it('brings the directions in front of the location they were asked from, and shows it again when they close', async () => {
    // The route's pause between floors never ends here: it stays on its first floor.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { viewer, $, showing } = mount();
    viewer.openLocation('b');
    expect(showing()).toEqual(['location']);
    $<HTMLButtonElement>('.mn-sheet .mn-directions-to')!.click();
    await vi.waitFor(() => expect(showing()).toEqual(['directions']), WAIT);
    // The route starts upstairs: the map goes there, and the location waits behind, still open.
    routeFrom($, 'Cafe C');
    expect($('.mn-directions')!.classList.contains('mn-dir-routed')).toBe(true);
    expect(viewer.getState()).toMatchObject({ layer: 'f', location: 'b' });
    expect(new URL(location.href).search).toBe('?location=b&from=c&to=b');
    // Closed: the location's sheet shows again, on its own floor; the route has left the address.
    $<HTMLButtonElement>('.mn-dir-close')!.click();
    expect(showing()).toEqual(['location']);
    expect(viewer.getState()).toMatchObject({ layer: 'g', location: 'b' });
    // The floor changed without the visitor picking it: said, as the route's was.
    expect($(':scope > [aria-live="polite"]')!.textContent).toBe('Showing Ground');
    expect(new URL(location.href).search).toBe('?location=b');
  });

  it('puts a location opened while a route shows in front, and the route stops on the floor shown', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    history.replaceState(null, '', `${MAP}?from=a&to=c`);
    const { viewer, $, showing } = mount({ directions: { from: 'a', to: 'c' } });
    await vi.waitFor(() => expect($('.mn-directions')?.classList.contains('mn-dir-routed')).toBe(true), WAIT);
    expect(showing()).toEqual(['directions']);
    // Shop B tapped while the route's ground-floor part shows, before it moves on upstairs.
    viewer.openLocation('b');
    expect(showing()).toEqual(['location']);
    vi.runAllTimers();
    expect(viewer.getState()).toMatchObject({ layer: 'g', location: 'b' });
    // Its sheet closed: the directions show again, their route still there.
    $<HTMLButtonElement>('.mn-sheet .mn-details-close')!.click();
    expect(showing()).toEqual(['directions']);
    // Its entry gone back over: the address names the route alone.
    await vi.waitFor(() => expect(new URL(location.href).search).toBe('?from=a&to=c'), WAIT);
  });

  it('brings the directions waiting behind a location in front by the Directions control, not closing them', async () => {
    history.replaceState(null, '', `${MAP}?from=a&to=b`);
    const { viewer, $, showing } = mount({ directions: { from: 'a', to: 'b' } });
    await vi.waitFor(() => expect($('.mn-directions')?.classList.contains('mn-dir-routed')).toBe(true), WAIT);
    viewer.openLocation('a');
    expect(showing()).toEqual(['location']);
    $<HTMLButtonElement>('.mn-directions-toggle')!.click();
    await vi.waitFor(() => expect(showing()).toEqual(['directions']), WAIT);
    expect($('.mn-directions')!.classList.contains('mn-dir-routed')).toBe(true);
    expect(viewer.getState().location).toBe('a');
  });
});

describe('Back with both sheets open, on the map’s own page', () => {
  it('closes the directions in front of a location, then the location, then leaves the map', async () => {
    const { viewer, $, showing } = mount();
    viewer.openLocation('b');
    expect(history.state).toEqual({ [SHEET_STATE_KEY]: 'b' });
    $<HTMLButtonElement>('.mn-sheet .mn-directions-to')!.click();
    await vi.waitFor(() => expect(showing()).toEqual(['directions']), WAIT);
    expect(history.state).toEqual({ [SHEET_STATE_KEY]: 'b', [DIRECTIONS_STATE_KEY]: true });
    routeFrom($, 'Shop A');
    await back();
    expect(showing()).toEqual(['location']);
    expect(viewer.getState().location).toBe('b');
    expect([history.state, new URL(location.href).search]).toEqual([{ [SHEET_STATE_KEY]: 'b' }, '?location=b']);
    await back();
    expect(showing()).toEqual([]);
    expect([history.state, location.href]).toEqual([null, MAP]);
    await back();
    expect(history.state).toEqual({ before: true });
  });

  it('draws the route again on Forward to the directions’ entry, as its address names it', async () => {
    const { viewer, $, showing } = mount();
    viewer.openLocation('b');
    $<HTMLButtonElement>('.mn-sheet .mn-directions-to')!.click();
    await vi.waitFor(() => expect(showing()).toEqual(['directions']), WAIT);
    routeFrom($, 'Shop A');
    expect(new URL(location.href).search).toBe('?location=b&from=a&to=b');
    await back();
    expect($('.mn-directions')!.classList.contains('mn-dir-routed')).toBe(false);
    expect(new URL(location.href).search).toBe('?location=b');
    await forward();
    // The directions in front again with the route their entry's address names, drawn, and the address saying it.
    expect(showing()).toEqual(['directions']);
    expect(history.state).toEqual({ [SHEET_STATE_KEY]: 'b', [DIRECTIONS_STATE_KEY]: true });
    await vi.waitFor(() => expect($('.mn-directions')!.classList.contains('mn-dir-routed')).toBe(true), WAIT);
    expect($('.mn-dir-steps')!.children.length).toBeGreaterThan(0);
    expect(new URL(location.href).search).toBe('?location=b&from=a&to=b');
    expect(viewer.getState().location).toBe('b');
    // Back again clears it, as the first time.
    await back();
    expect(showing()).toEqual(['location']);
    expect(new URL(location.href).search).toBe('?location=b');
  });

  it('draws the route again on Forward where the map does not deep-link, the address naming none', async () => {
    const doc = twoFloors();
    doc.settings.wayfinding.speed = 0;
    doc.settings.deepLinking = false;
    const { viewer, $, showing } = mount({ document: doc });
    viewer.openLocation('b');
    $<HTMLButtonElement>('.mn-sheet .mn-directions-to')!.click();
    await vi.waitFor(() => expect(showing()).toEqual(['directions']), WAIT);
    routeFrom($, 'Shop A');
    await back();
    expect($('.mn-directions')!.classList.contains('mn-dir-routed')).toBe(false);
    await forward();
    await vi.waitFor(() => expect($('.mn-directions')!.classList.contains('mn-dir-routed')).toBe(true), WAIT);
    expect(showing()).toEqual(['directions']);
    expect(location.href).toBe(MAP);
  });

  it('opens the directions on Forward with no route where their entry’s address names none', async () => {
    const { viewer, $, showing } = mount();
    viewer.openLocation('b');
    $<HTMLButtonElement>('.mn-sheet .mn-directions-to')!.click();
    await vi.waitFor(() => expect(showing()).toEqual(['directions']), WAIT);
    // Back closes them before any route was asked for (From still empty: To alone names no route).
    expect(new URL(location.href).search).toBe('?location=b');
    await back();
    await forward();
    expect(showing()).toEqual(['directions']);
    expect($('.mn-directions')!.classList.contains('mn-dir-routed')).toBe(false);
    expect(new URL(location.href).search).toBe('?location=b');
  });

  it('shows the location in front on a reload of the directions’ entry, going back over it, the route kept', async () => {
    const first = mount();
    first.viewer.openLocation('b');
    first.$<HTMLButtonElement>('.mn-sheet .mn-directions-to')!.click();
    await vi.waitFor(() => expect(first.showing()).toEqual(['directions']), WAIT);
    routeFrom(first.$, 'Shop A');
    expect(history.state).toEqual({ [SHEET_STATE_KEY]: 'b', [DIRECTIONS_STATE_KEY]: true });
    expect(new URL(location.href).search).toBe('?location=b&from=a&to=b');
    first.viewer.destroy();
    document.body.replaceChildren();
    // The page reloaded: a new viewer on the same entry, with what its address names.
    const landed = popped();
    const { $, showing } = mount({ initialLocation: 'b', directions: { from: 'a', to: 'b' } });
    await landed;
    await vi.waitFor(() => expect($('.mn-directions')?.classList.contains('mn-dir-routed')).toBe(true), WAIT);
    expect(showing()).toEqual(['location']);
    expect(history.state).toEqual({ [SHEET_STATE_KEY]: 'b' });
    // The entry landed on was written before the route: it is given the route shown.
    expect(new URL(location.href).search).toBe('?location=b&from=a&to=b');
  });

  it('goes back over the directions’ entry when they are closed by their button, or a location comes in front', async () => {
    const { viewer, $, showing } = mount();
    const length = history.length;
    viewer.openLocation('b');
    $<HTMLButtonElement>('.mn-sheet .mn-directions-to')!.click();
    await vi.waitFor(() => expect(history.length).toBe(length + 2), WAIT);
    let landed = popped();
    $<HTMLButtonElement>('.mn-dir-close')!.click();
    await landed;
    expect(history.state).toEqual({ [SHEET_STATE_KEY]: 'b' });
    $<HTMLButtonElement>('.mn-sheet .mn-directions-to')!.click();
    await vi.waitFor(
      () => expect(history.state).toEqual({ [SHEET_STATE_KEY]: 'b', [DIRECTIONS_STATE_KEY]: true }),
      WAIT,
    );
    // Another location tapped over the directions: its sheet in front takes the one entry.
    landed = popped();
    viewer.openLocation('a');
    await landed;
    expect(showing()).toEqual(['location']);
    expect([history.state, new URL(location.href).search]).toEqual([{ [SHEET_STATE_KEY]: 'a' }, '?location=a']);
    await back();
    expect(showing()).toEqual(['directions']);
    expect(history.state).toBe(null);
  });
});
