// @vitest-environment jsdom
/**
 * A change of floor is said to screen readers, once, in the viewer's live region, whatever made it: the floor
 * control, a location opened from the search or the directory on another floor, a route's step picked. The floor
 * the map starts on is not said, nor are the floors a route plays across on its own. The whole viewer on jsdom, its stage a stand-in (jsdom draws nothing).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver, WAIT } from '../jsdom-page.fixtures';
import type { ViewerOptions } from '../viewer-options';

vi.mock('../stage/stage', () => import('../stage-stand-in.fixtures'));

const { mountTwoFloors, destroyViewers } = await import('../directions/two-floors.fixtures');

/** The two floors' viewer (Ground, First); `said()` answers what its live region has said since the last call. */
function mount(options: Partial<ViewerOptions> = {}) {
  const v = mountTwoFloors(1280, 800, options);
  const live = v.$(':scope > [aria-live="polite"]')!;
  // Each text set is a new text node in the region: its records, taken at once or delivered later, count it once.
  const texts: string[] = [];
  const note = (records: MutationRecord[]) => {
    for (const r of records) for (const n of r.addedNodes) texts.push(n.textContent ?? '');
  };
  const seen = new MutationObserver(note);
  seen.observe(live, { childList: true });
  const said = () => (note(seen.takeRecords()), texts.splice(0));
  const floor = (name: string) =>
    [...v.viewer.element.querySelectorAll<HTMLElement>('.mn-floor')].find((b) => b.textContent === name)!;
  return { ...v, said, floor };
}

beforeEach(() => stubResizeObserver());
afterEach(() => {
  destroyViewers();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('a change of floor', () => {
  it('is said once when the visitor picks a floor, and the floor the map starts on is not said', () => {
    const { said, floor, ready } = mount();
    expect(said()).toEqual([]);
    floor('First').click();
    ready('f');
    expect(said()).toEqual(['Showing First']);
    // The floor shown already: nothing changes, nothing is said.
    floor('First').click();
    expect(said()).toEqual([]);
  });

  it('is said when a location found by the search is on another floor', async () => {
    const { $, said, viewer } = mount();
    const search = await vi
      .waitFor(() => expect($<HTMLInputElement>('.mn-search input')).not.toBeNull(), WAIT)
      .then(() => $<HTMLInputElement>('.mn-search input')!);
    search.value = 'cafe';
    search.dispatchEvent(new Event('input', { bubbles: true }));
    search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    expect(viewer.getState()).toMatchObject({ layer: 'f', location: 'c' });
    // The floor the result is on, said at once; the search's count, waiting for the typing to pause, is not said over it.
    expect(said()).toEqual(['Showing First']);
    // Back to a location downstairs from the page's API: said too, the visitor did not pick the floor.
    viewer.openLocation('a');
    expect(said()).toEqual(['Showing Ground']);
  });

  it('is not said while a route plays across floors on its own, and is said for a step the visitor picks', async () => {
    const { $, said, viewer } = mount({ directions: { from: 'a', to: 'c' } });
    await vi.waitFor(() => expect($('.mn-directions')?.classList.contains('mn-dir-routed')).toBe(true), WAIT);
    await vi.waitFor(() => expect(viewer.getState().layer).toBe('f'), WAIT);
    // The route's summary is said by its panel; floor after floor here spoke over the steps being read.
    expect(said()).toEqual([]);
    $<HTMLButtonElement>('.mn-dir-step')!.click();
    expect(viewer.getState().layer).toBe('g');
    expect(said()).toEqual(['Showing Ground']);
  });
});
