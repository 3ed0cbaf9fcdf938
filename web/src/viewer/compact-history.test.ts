// @vitest-environment jsdom
/**
 * The compact viewer on the map's own page (ADR 067) and the browser's history, with the page's API in the mix: a
 * location closed by `closeLocation()` while the directory is open over its sheet leaves the directory its entry, so
 * Back closes it and the next Back leaves the map; a reload on the directory's entry opens it again. jsdom's session
 * history (its popstate arrives in a later task, as in a browser); the stage is a stand-in (jsdom draws nothing).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { back, popped, stubResizeObserver } from './jsdom-page.fixtures';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { OVERLAY_STATE_KEY, SHEET_STATE_KEY } from './location-history';
import { stages } from './stage-stand-in.fixtures';
import type { MapViewerInstance } from './viewer-options';

const viewers: MapViewerInstance[] = [];

vi.mock('./stage/stage', () => import('./stage-stand-in.fixtures'));

const { createMapViewer } = await import('./viewer');
const MAP = 'http://localhost:3000/m/demo';

function mapDocument(): MapDocument {
  const doc = blankDocument();
  doc.layers = [{ id: 'g', name: 'Ground', file: '' }];
  doc.settings.defaultLayer = 'g';
  doc.locations = ['a', 'b'].map((id, i) => ({ id, title: `Shop ${id}`, layer: 'g', coord: [0.2 + i * 0.4, 0.5] }));
  return doc;
}

/** The viewer in a 390×350 box (compact) on the map's own page (Back closes what covers the map). */
function mount() {
  const host = document.createElement('div');
  host.style.padding = '0px';
  for (const [key, value] of [
    ['clientWidth', 390],
    ['clientHeight', 350],
  ] as const)
    Object.defineProperty(host, key, { configurable: true, value });
  document.body.append(host);
  const viewer = createMapViewer(host, {
    document: mapDocument(),
    mapId: 'demo',
    deepLinking: true,
    backCloses: true,
    height: 'fill',
  });
  viewers.push(viewer);
  const stage = stages.at(-1)!;
  stage.callbacks.onMarkersDrawn?.('g');
  stage.callbacks.onLayerReady('g');
  const button = viewer.element.querySelector<HTMLButtonElement>('.mn-directory-button')!;
  const expanded = () => button.getAttribute('aria-expanded') === 'true';
  return { viewer, button, expanded };
}

beforeEach(() => {
  stubResizeObserver();
  history.pushState({ before: true }, '', `${MAP}-before`);
  history.pushState(null, '', MAP);
});
afterEach(() => {
  for (const v of viewers.splice(0)) v.destroy();
  stages.length = 0;
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('the compact viewer’s history on the map’s own page', () => {
  it('keeps the directory its entry when the page’s API closes the location under it', async () => {
    const { viewer, button, expanded } = mount();
    const length = history.length;
    viewer.openLocation('a');
    expect(history.state).toEqual({ [SHEET_STATE_KEY]: 'a' });
    button.click();
    expect([expanded(), history.length]).toEqual([true, length + 2]);
    const landed = popped();
    viewer.closeLocation();
    await landed;
    // Back over both entries, then the directory's again: the directory still open, over the map alone.
    expect([expanded(), viewer.getState().location]).toEqual([true, null]);
    expect([history.state, location.href, history.length]).toEqual([{ [OVERLAY_STATE_KEY]: true }, MAP, length + 1]);
    await back();
    expect([expanded(), history.state, location.href]).toEqual([false, null, MAP]);
    // The next Back leaves the map.
    await back();
    expect(history.state).toEqual({ before: true });
  });

  it('opens the directory again on a reload of its entry, and Back closes it', async () => {
    const first = mount();
    first.button.click();
    expect(history.state).toEqual({ [OVERLAY_STATE_KEY]: true });
    first.viewer.destroy();
    document.body.replaceChildren();
    // The page reloaded: a new viewer on the same entry.
    const { expanded } = mount();
    expect(expanded()).toBe(true);
    await back();
    expect([expanded(), history.state]).toEqual([false, null]);
  });
});
