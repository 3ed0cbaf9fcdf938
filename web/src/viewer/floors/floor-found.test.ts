// @vitest-environment jsdom
/**
 * While a search or a filter is set, each floor with matches shows how many on its button, so a visitor whose matches
 * are all upstairs sees where to go instead of an empty floor; screen readers hear it after the floor's name. The
 * whole viewer on jsdom, its stage a stand-in (jsdom draws nothing).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver, WAIT } from '../jsdom-page.fixtures';

vi.mock('../stage/stage', () => import('../stage-stand-in.fixtures'));

const { mountTwoFloors, destroyViewers } = await import('../directions/two-floors.fixtures');

beforeEach(() => stubResizeObserver());
afterEach(() => {
  destroyViewers();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

/** Each floor button's visible text and what a screen reader hears, by floor. */
function floors(root: HTMLElement) {
  return [...root.querySelectorAll<HTMLElement>('.mn-floor')].map((b) => ({
    seen: [...b.childNodes]
      .map((n) => (n instanceof HTMLElement ? n.querySelector('[aria-hidden="true"]')?.textContent : n.textContent))
      .join(' '),
    heard: ((c) => (c.querySelectorAll('[aria-hidden="true"]').forEach((n) => n.remove()), c.textContent))(
      b.cloneNode(true) as HTMLElement,
    ),
  }));
}

describe('the floor buttons during a search', () => {
  it('count the matches on each floor, and the counts go when the search is cleared', async () => {
    const { $, viewer } = mountTwoFloors(1280, 800);
    const search = await vi
      .waitFor(() => expect($<HTMLInputElement>('.mn-search input')).not.toBeNull(), WAIT)
      .then(() => $<HTMLInputElement>('.mn-search input')!);
    expect(floors(viewer.element)).toEqual([
      { seen: 'Ground', heard: 'Ground' },
      { seen: 'First', heard: 'First' },
    ]);
    const type = (text: string) => {
      search.value = text;
      search.dispatchEvent(new Event('input', { bubbles: true }));
    };
    // The only café is upstairs, and the map shows the ground floor: its button says where the match is.
    type('cafe');
    await vi.waitFor(
      () =>
        expect(floors(viewer.element)).toEqual([
          { seen: 'Ground', heard: 'Ground' },
          { seen: 'First 1', heard: 'First, 1 found' },
        ]),
      WAIT,
    );
    expect(viewer.getState().layer).toBe('g');
    type('shop');
    await vi.waitFor(
      () =>
        expect(floors(viewer.element)).toEqual([
          { seen: 'Ground 2', heard: 'Ground, 2 found' },
          { seen: 'First', heard: 'First' },
        ]),
      WAIT,
    );
    type('');
    await vi.waitFor(
      () =>
        expect(floors(viewer.element)).toEqual([
          { seen: 'Ground', heard: 'Ground' },
          { seen: 'First', heard: 'First' },
        ]),
      WAIT,
    );
  });

  it('keeps a floor’s count when the floor is marked unavailable and then available again', async () => {
    const { FloorSwitcher } = await import('../viewer-controls');
    const { ENGLISH } = await import('../i18n/messages');
    const layers = [
      { id: 'g', name: 'Ground', file: '' },
      { id: 'f', name: 'First', file: '' },
    ];
    const floors = new FloorSwitcher(layers, 'g', () => undefined, ENGLISH);
    document.body.append(floors.el);
    floors.setFound(Uint8Array.of(1), [{ layer: 'f' }] as never);
    floors.setUnavailable('f', true);
    floors.setUnavailable('f', false);
    expect(floors.el.querySelectorAll('.mn-floor')[1]!.textContent).toBe('First1, 1 found');
    floors.remove();
  });
});
