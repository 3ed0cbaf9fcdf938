// @vitest-environment jsdom
/**
 * The author's names in what the Directions panel says outside its steps (the route's summary, which screen readers
 * hear as it changes, "You are already at …", "No step-free route …" and "You are here: …") are set apart in <bdi>
 * elements, as in the steps, never between the invisible isolate marks U+2068 and U+2069 that some screen readers
 * read; a right-to-left name keeps its own direction. The whole viewer on jsdom, its stage a stand-in.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver, WAIT } from '../jsdom-page.fixtures';
import type { ViewerOptions } from '../viewer-options';

vi.mock('../stage/stage', () => import('../stage-stand-in.fixtures'));

const { mountTwoFloors, destroyViewers, twoFloors } = await import('./two-floors.fixtures');

/** The two-floor map, Shop B named in Hebrew and its lift not step-free when `stairsOnly`. */
function doc(stairsOnly = false) {
  const d = twoFloors();
  d.locations[1]!.title = 'חנות ב';
  if (stairsOnly) d.routes = d.routes.map((r) => (r.connector ? { ...r, inaccessible: true } : r));
  return d;
}

const mount = (options: Partial<ViewerOptions>) => mountTwoFloors(1280, 800, { document: doc(), ...options });
const MARKS = /[\u2068\u2069]/;
/** The texts of an element's <bdi> children. */
const names = (el: Element) => [...el.querySelectorAll('bdi')].map((b) => b.textContent);

beforeEach(() => stubResizeObserver());
afterEach(() => {
  destroyViewers();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('the names in the Directions panel’s messages', () => {
  it('sets the route summary’s names apart in bdi elements, with no isolate marks', async () => {
    const { $ } = mount({ directions: { from: 'b', to: 'c' } });
    await vi.waitFor(() => expect($('.mn-directions')?.classList.contains('mn-dir-routed')).toBe(true), WAIT);
    const status = $('.mn-dir-status')!;
    expect(status.textContent).toMatch(/^Route from חנות ב to Cafe C: .+, one floor change\.$/);
    expect(status.textContent).not.toMatch(MARKS);
    expect(names(status)).toEqual(['חנות ב', 'Cafe C']);
  });

  it('sets the place apart in “You are already at …”', async () => {
    const { $ } = mount({ directions: { from: 'b', to: 'b' } });
    await vi.waitFor(() => expect($('.mn-dir-status')?.textContent).toBe('You are already at חנות ב.'), WAIT);
    expect(names($('.mn-dir-status')!)).toEqual(['חנות ב']);
  });

  it('sets the places apart in “No step-free route …”', async () => {
    const { $ } = mount({ document: doc(true), directions: { from: 'a', to: 'c', stepFree: true } });
    await vi.waitFor(
      () => expect($('.mn-dir-status')?.textContent).toBe('No step-free route from Shop A to Cafe C.'),
      WAIT,
    );
    expect(names($('.mn-dir-status')!)).toEqual(['Shop A', 'Cafe C']);
  });

  it('sets the fixed start apart in “You are here: …”', async () => {
    const { $ } = mount({ directions: { fixedFrom: 'b' } });
    await vi.waitFor(() => expect($('.mn-dir-here strong')?.textContent).toBe('You are here: חנות ב'), WAIT);
    expect(names($('.mn-dir-here strong')!)).toEqual(['חנות ב']);
  });
});
