// @vitest-environment jsdom
/**
 * The floor said beside a location, in the directory's entry and its details' line: the floor's name, "All floors"
 * for a location with no floor of its own (it is shown on every one, as a department store over two floors is), and
 * nothing on a map of one floor. The whole viewer on jsdom.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver, WAIT } from '../jsdom-page.fixtures';

vi.mock('../stage/stage', () => import('../stage-stand-in.fixtures'));

const { mountTwoFloors, destroyViewers, twoFloors } = await import('../directions/two-floors.fixtures');

/** The two floors' map with a store on both of them. */
function withStoreOnBoth() {
  const doc = twoFloors();
  doc.locations.push({ id: 'store', title: 'Store', about: 'Over two floors.', layer: null, coord: [0.5, 0.3] });
  return doc;
}

const badges = (root: HTMLElement) =>
  Object.fromEntries(
    [...root.querySelectorAll('.mn-entry')].map((e) => [
      e.querySelector('.mn-entry-title')!.textContent,
      e.querySelector('.mn-floor-badge')?.textContent ?? null,
    ]),
  );

beforeEach(() => stubResizeObserver());
afterEach(() => {
  destroyViewers();
  document.body.replaceChildren();
});

describe('the floor beside a location', () => {
  it('is its floor’s name, or All floors for a location on every floor, in the directory and its details', async () => {
    const { viewer, $ } = mountTwoFloors(1280, 800, { document: withStoreOnBoth() });
    await vi.waitFor(
      () =>
        expect(badges(viewer.element)).toEqual({
          'Shop A': 'Ground',
          'Shop B': 'Ground',
          'Cafe C': 'First',
          Store: 'All floors',
        }),
      WAIT,
    );
    viewer.openLocation('store');
    expect($('.mn-details-meta')!.textContent).toBe('All floors');
    viewer.openLocation('c');
    expect($('.mn-details-meta')!.textContent).toBe('First');
  });

  it('is not said on a map of one floor', async () => {
    const doc = withStoreOnBoth();
    doc.layers = doc.layers.slice(0, 1);
    doc.locations = doc.locations.filter((l) => l.layer !== 'f');
    doc.routes = doc.routes.filter((r) => r.layer !== 'f');
    const { viewer, $ } = mountTwoFloors(1280, 800, { document: doc });
    await vi.waitFor(
      () => expect(badges(viewer.element)).toEqual({ 'Shop A': null, 'Shop B': null, Store: null }),
      WAIT,
    );
    viewer.openLocation('store');
    expect($('.mn-details-meta')).toBe(null);
  });
});
