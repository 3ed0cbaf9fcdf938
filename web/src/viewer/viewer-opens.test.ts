// @vitest-environment jsdom
/**
 * What the viewer says was opened, and so what a Professional map's beacon counts as opens: a location opened by a
 * deep link (`initialLocation`) counts once, as a click would, and the map's own start location does not; a `#id` link in a
 * description opens the location it names, and no fragment link in a description is followed. The stage is
 * a stand-in that reports each floor ready when the test says so (jsdom draws no canvas and loads no floor).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MapState } from '@mapnest/shared/constants';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { startBeacon } from './analytics-beacon';
import type { ViewerEventSink } from './viewer-api';
import { stages } from './stage-stand-in.fixtures';
import type { ViewerOptions } from './viewer-options';

/** What each ResizeObserver was made with: calling them is the viewer's element (or map) changing size. */
const resized: Array<() => void> = [];
const viewers: Array<{ destroy(): void }> = [];

vi.mock('./stage/stage', () => import('./stage-stand-in.fixtures'));

const { createMapViewer } = await import('./viewer');

/** Two floors; shops a and b downstairs, c upstairs, d disabled, e the map's start location when a test sets it. */
function mapDocument(): MapDocument {
  const doc = blankDocument();
  doc.layers = [
    { id: 'g', name: 'Ground', file: '' },
    { id: 'u', name: 'Upper', file: '' },
  ];
  doc.settings.defaultLayer = 'g';
  const at = (id: string, layer: string, x: number, more = {}) => ({
    id,
    title: `Shop ${id}`,
    layer,
    coord: [x, 0.5] as [number, number],
    ...more,
  });
  doc.locations = [at('a', 'g', 0.2), at('b', 'g', 0.4), at('c', 'u', 0.6), at('d', 'g', 0.8, { disable: true })];
  doc.locations.push(at('e', 'g', 0.9));
  return doc;
}

/** A viewer whose events are recorded; `floor(id)` is its stage reporting floor id drawn and ready. */
function mount(options: Partial<ViewerOptions> = {}, doc = mapDocument(), sink?: ViewerEventSink) {
  const events: Array<[string, unknown]> = [];
  const host = document.createElement('div');
  document.body.append(host);
  const viewer = createMapViewer(host, {
    document: doc,
    mapId: 'm1',
    deepLinking: false,
    onEvent: (type, detail) => {
      events.push([type, detail]);
      sink?.(type, detail);
    },
    ...options,
  });
  viewers.push(viewer);
  const stage = stages.at(-1)!;
  const floor = (id: string) => {
    stage.callbacks.onMarkersDrawn?.(id);
    stage.callbacks.onLayerReady(id);
  };
  const opened = () => events.filter(([t]) => t === 'locationOpened').map(([, d]) => (d as { id: string }).id);
  const index = (id: string) => viewer.model.byId.get(id)!.index;
  return { viewer, stage, floor, opened, index, events };
}

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(report: (entries: [], observer: unknown) => void) {
        resized.push(() => report([], this));
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  for (const v of viewers.splice(0)) v.destroy();
  stages.length = 0;
  resized.length = 0;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('locations the viewer says were opened', () => {
  it('says a deep link’s location was opened once its floor shows it, once, and a click after it too', () => {
    const v = mount({ initialLocation: 'c' });
    expect(v.stage.asked).toEqual(['u']);
    expect(v.opened(), 'nothing is shown yet').toEqual([]);
    v.floor('u');
    expect(v.viewer.getState().location).toBe('c');
    expect(v.opened()).toEqual(['c']);
    expect(v.events.filter(([t]) => t === 'locationOpened')[0]![1]).toEqual({
      mapId: 'm1',
      id: 'c',
      title: 'Shop c',
      layer: 'u',
    });
    // Its floor reported again, the viewer laid out again for a phone (the details drawn again): still once.
    v.floor('u');
    const shown = v.viewer.element.querySelector('.mn-details');
    expect(shown).not.toBeNull();
    Object.defineProperty(v.viewer.element, 'clientWidth', { configurable: true, value: 360 });
    for (const report of resized) report();
    expect(v.viewer.element.querySelector('.mn-details')).not.toBe(shown);
    expect(v.opened()).toEqual(['c']);
    // A click on a shop downstairs: counted once, not again when its floor becomes ready and shows it.
    v.stage.callbacks.onActivate(v.index('a'));
    v.floor('g');
    expect(v.viewer.getState().location).toBe('a');
    // Back upstairs and down again: the details that close and reopen are no new open.
    v.viewer.setLayer('u');
    v.floor('u');
    v.viewer.setLayer('g');
    v.floor('g');
    expect(v.opened()).toEqual(['c', 'a']);
  });

  it('keeps closed a location closed with Escape before its floor was ready (it does not pop open afterwards)', () => {
    const v = mount();
    v.floor('g');
    // Enter on a shop upstairs, then Escape at once, while the upper floor is still loading.
    v.viewer.openLocation('c');
    expect(v.viewer.getState().location).toBe('c');
    v.viewer.element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(v.viewer.getState().location).toBeNull();
    v.floor('u');
    expect(v.viewer.getState().location).toBeNull();
    expect(v.viewer.element.querySelector('.mn-details')).toBeNull();
    expect(v.opened()).toEqual(['c']);
    // Opened again, it shows as usual.
    v.viewer.openLocation('c');
    expect(v.viewer.getState().location).toBe('c');
  });

  it('says nothing for the map’s own start location, which every visit shows', () => {
    const doc = mapDocument();
    doc.settings.startLocation = 'e';
    const v = mount({}, doc);
    v.floor('g');
    expect(v.viewer.getState().location).toBe('e');
    expect(v.opened()).toEqual([]);
    // A deep link to that same location is a visitor's request: counted.
    const linked = mount({ initialLocation: 'e' }, doc);
    linked.floor('g');
    expect(linked.opened()).toEqual(['e']);
  });

  it('counts a deep-linked location clicked before its floor is ready once, and none the visitor never saw', () => {
    const early = mount({ initialLocation: 'a' });
    early.stage.callbacks.onActivate(early.index('a'));
    early.floor('g');
    expect(early.opened()).toEqual(['a']);
    // Another location clicked first: the link's location is never shown, so never counted.
    const other = mount({ initialLocation: 'a' });
    other.viewer.openLocation('b');
    other.floor('g');
    expect(other.viewer.getState().location).toBe('b');
    expect(other.opened()).toEqual(['b']);
    // A location a click cannot open (disabled) is not counted from a link either; nor an unknown id.
    const disabled = mount({ initialLocation: 'd' });
    disabled.floor('g');
    expect(disabled.opened()).toEqual([]);
    const unknown = mount({ initialLocation: 'zz' });
    unknown.floor('g');
    expect(unknown.opened()).toEqual([]);
  });

  it('reaches the owner’s beacon once: a visitor on ?location=c who then clicks a is two opens', () => {
    const sent: string[] = [];
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (_url: string, body: string) => sent.push(body) > 0,
    });
    const beacon = startBeacon('m1', 'https://maps.example');
    const v = mount({ initialLocation: 'c' }, mapDocument(), beacon.sink);
    v.floor('u');
    v.stage.callbacks.onActivate(v.index('a'));
    v.floor('g');
    v.floor('g');
    window.dispatchEvent(new Event('pagehide'));
    beacon.stop();
    expect(sent.map((b) => JSON.parse(b) as unknown)).toEqual([
      { m: 'm1', v: 1, o: { c: 1, a: 1 }, s: [], f: 0, r: 0 },
    ]);
  });

  it('counts a route from a deep link (?from=&to=) once, as Go would, and not again as floors are shown', async () => {
    const doc = mapDocument();
    doc.settings.wayfinding.enabled = true;
    doc.routes = [
      {
        id: 'hall',
        layer: 'g',
        points: [
          [0.2, 0.5],
          [0.4, 0.5],
        ],
        closed: false,
        connector: false,
        weight: 1,
        inaccessible: false,
      },
    ];
    const v = mount({ state: MapState.PRO, directions: { from: 'a', to: 'b' } }, doc);
    v.floor('g');
    const routes = () => v.events.filter(([t]) => t === 'routeRequested').map(([, d]) => d);
    // The directions panel's code loads on demand: its route comes when it has.
    await vi.waitFor(() => expect(routes()).toHaveLength(1), { timeout: 20_000 });
    expect(routes()[0]).toEqual({ mapId: 'm1', from: 'a', to: 'b', stepFree: false, found: true });
    v.viewer.setLayer('u');
    v.floor('u');
    v.viewer.setLayer('g');
    v.floor('g');
    expect(routes()).toHaveLength(1);
    expect(v.opened()).toEqual([]);
  });
});

describe('links to a fragment in a description', () => {
  /** A cancelable click on the description's link to `href`: true when the browser would have followed it. */
  const click = (v: ReturnType<typeof mount>, href: string) => {
    const link = v.viewer.element.querySelector(`.mn-details-desc a[href="${href}"]`)!;
    return link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  };

  it('opens the location a `#id` link names and follows no other fragment link', () => {
    const doc = mapDocument();
    doc.locations[0]!.desc =
      '<p><a href="#">Book a viewing</a> <a href="#top">Top</a> <a href="#d">Closed</a> <a href="#c">Upstairs</a></p>';
    const v = mount({}, doc);
    v.floor('g');
    v.viewer.openLocation('a');
    const [href, entries] = [location.href, history.length];
    for (const other of ['#', '#top', '#d']) {
      expect(click(v, other), other).toBe(false);
      expect(v.viewer.getState().location).toBe('a');
      expect(v.viewer.element.querySelector('.mn-details-title')?.textContent).toBe('Shop a');
    }
    expect(click(v, '#c')).toBe(false);
    expect(v.viewer.getState().location).toBe('c');
    v.floor('u');
    expect(v.viewer.element.querySelector('.mn-details-title')?.textContent).toBe('Shop c');
    expect(v.opened()).toEqual(['a', 'c']);
    expect([location.href, history.length]).toEqual([href, entries]);
  });

  /** What the browser would do with a click (`click` or a middle button's `auxclick`) on the link named `text`. */
  const press = (v: ReturnType<typeof mount>, text: string, type = 'click', init: MouseEventInit = {}) => {
    const link = [...v.viewer.element.querySelectorAll('.mn-details-desc a')].find((a) => a.textContent === text)!;
    let followed = false;
    // The browser's turn comes after the viewer's; jsdom itself follows no link.
    const browser = (e: Event) => {
      followed = !e.defaultPrevented;
      e.preventDefault();
    };
    document.addEventListener(type, browser, { once: true });
    link.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, ...init }));
    return followed;
  };
  const DESC = '<p><a href="#">Book</a> <a href="#top">Top</a> <a href="#d">Closed</a> <a href="#c">Upstairs</a></p>';
  const hrefs = (v: ReturnType<typeof mount>) =>
    [...v.viewer.element.querySelectorAll('.mn-details-desc a')].map((a) => a.getAttribute('href'));

  it('gives a `#id` link the deep link of its location where the map deep-links, which only a new tab follows', () => {
    const doc = mapDocument();
    doc.locations[0]!.desc = DESC;
    const page = location.href;
    const v = mount({ deepLinking: true }, doc);
    v.floor('g');
    v.viewer.openLocation('a');
    const deepLink = new URL(page);
    deepLink.searchParams.set('location', 'c');
    expect(hrefs(v)).toEqual(['#', '#top', '#d', deepLink.href]);
    // Ctrl/Cmd- or Shift-click and a middle-click open the map at that location in a new tab or window.
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }])
      expect(press(v, 'Upstairs', 'click', init), JSON.stringify(init)).toBe(true);
    expect(press(v, 'Upstairs', 'auxclick', { button: 1 })).toBe(true);
    expect(v.viewer.getState().location).toBe('a');
    // Any other fragment link's middle-click does nothing, rather than open the same page in a tab.
    for (const text of ['Book', 'Top', 'Closed']) expect(press(v, text, 'auxclick', { button: 1 }), text).toBe(false);
    expect(press(v, 'Upstairs')).toBe(false);
    expect(v.viewer.getState().location).toBe('c');
    history.replaceState(null, '', page);
  });

  it('keeps `#id` links as they are where the map does not deep-link, and a middle-click on them does nothing', () => {
    const doc = mapDocument();
    doc.locations[0]!.desc = DESC;
    const v = mount({ deepLinking: false }, doc);
    v.floor('g');
    v.viewer.openLocation('a');
    expect(hrefs(v)).toEqual(['#', '#top', '#d', '#c']);
    expect(press(v, 'Upstairs', 'auxclick', { button: 1 })).toBe(false);
    expect(press(v, 'Upstairs', 'click', { ctrlKey: true })).toBe(false);
    expect(v.viewer.getState().location).toBe('c');
  });

  it('gives focus back, when the location a `#id` link opened closes, to where it was before the first location opened', () => {
    const doc = mapDocument();
    doc.locations[0]!.desc = '<p>Next door: <a href="#b">Shop b</a></p>';
    const v = mount({}, doc);
    v.floor('g');
    const before = [...v.viewer.element.querySelectorAll<HTMLButtonElement>('button')].find(
      (b) => !b.closest('.mn-details') && b.offsetParent !== undefined,
    )!;
    before.focus();
    v.viewer.openLocation('a');
    const link = v.viewer.element.querySelector<HTMLAnchorElement>('.mn-details-desc a[href="#b"]')!;
    link.focus();
    link.click();
    expect(v.viewer.getState().location).toBe('b');
    v.viewer.element.querySelector<HTMLButtonElement>('.mn-details-close')!.click();
    expect(v.viewer.getState().location).toBe(null);
    expect(document.activeElement).toBe(before);
  });
});
