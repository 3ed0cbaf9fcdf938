// @vitest-environment jsdom
/**
 * The route in the address bar (`?from=&to=&stepfree=1`) says what the directions show, so that an address copied or
 * reloaded shows the same: a route cleared or closed leaves it, the Step-free box is in it, and an address naming a
 * location and a route shows both. The whole viewer on jsdom, its stage a stand-in (jsdom draws nothing).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver, WAIT } from '../jsdom-page.fixtures';
import type { ViewerOptions } from '../viewer-options';

vi.mock('../stage/stage', () => import('../stage-stand-in.fixtures'));

const { mountTwoFloors, destroyViewers } = await import('./two-floors.fixtures');
const MAP = 'http://localhost:3000/m/two-floors';

const mount = (options: Partial<ViewerOptions> = {}) => mountTwoFloors(1280, 800, options);

const query = () => new URL(location.href).search;
/** The From and To fields. */
const pickers = ($: (selector: string) => HTMLElement | null) => [
  ...$('.mn-dir-form')!.querySelectorAll<HTMLInputElement>('input[role="combobox"]'),
];

beforeEach(() => {
  stubResizeObserver();
  history.pushState(null, '', MAP);
});
afterEach(() => {
  destroyViewers();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('the route in the address', () => {
  it('leaves the address when the route is cleared or the panel closed, and comes back with the next route', async () => {
    history.replaceState(null, '', `${MAP}?from=a&to=c`);
    const { $ } = mount({ directions: { from: 'a', to: 'c' } });
    await vi.waitFor(() => expect($('.mn-directions')?.classList.contains('mn-dir-routed')).toBe(true), WAIT);
    expect(query()).toBe('?from=a&to=c');
    // Closed: the route is gone from the map, so from the address too (a reload would show it again).
    $<HTMLButtonElement>('.mn-dir-close')!.click();
    expect(query()).toBe('');
    // Opened again (the form kept its places) and Go: the route is back in the address.
    $<HTMLButtonElement>('.mn-directions-toggle')!.click();
    $<HTMLButtonElement>('.mn-dir-go')!.click();
    expect(query()).toBe('?from=a&to=c');
    // Step-free ticked: asked again, said in the address.
    const stepFree = $<HTMLInputElement>('.mn-dir-stepfree')!;
    stepFree.click();
    expect(query()).toBe('?from=a&to=c&stepfree=1');
    // To emptied, then Go: no route shows ("Choose your destination."), and the address names none; the box stays.
    const to = pickers($)[1]!;
    to.value = '';
    to.dispatchEvent(new Event('input'));
    $<HTMLButtonElement>('.mn-dir-go')!.click();
    expect($('.mn-dir-status')!.textContent).toBe('Choose your destination.');
    expect(query()).toBe('?stepfree=1');
    // The box unticked with no route: the address follows it too.
    stepFree.click();
    expect(query()).toBe('');
  });

  it('drops "Choose where you start." once a start is picked: it is no longer to do', async () => {
    const { $ } = mount({ directions: { to: 'c' } });
    await vi.waitFor(() => expect($('.mn-dir-go')).not.toBeNull(), WAIT);
    $<HTMLButtonElement>('.mn-dir-go')!.click();
    const status = $('.mn-dir-status')!;
    expect(status.textContent).toBe('Choose where you start.');
    const from = pickers($)[0]!;
    from.value = 'Shop A';
    from.dispatchEvent(new Event('input'));
    const option = [...$('.mn-dir-form')!.querySelectorAll<HTMLElement>('[role="option"]')].find(
      (o) => !o.closest('[hidden]') && o.textContent?.startsWith('Shop A'),
    )!;
    option.click();
    expect(from.value).toBe('Shop A');
    expect(status.textContent).toBe('');
    // Go now routes, and the summary is said there.
    $<HTMLButtonElement>('.mn-dir-go')!.click();
    expect(status.textContent).toMatch(/^Route from Shop A to Cafe C/);
  });

  it('takes a route to a place from itself out of the address: none is shown', async () => {
    history.replaceState(null, '', `${MAP}?from=a&to=b`);
    const { $ } = mount({ directions: { from: 'a', to: 'b' } });
    await vi.waitFor(() => expect($('.mn-directions')?.classList.contains('mn-dir-routed')).toBe(true), WAIT);
    // Shop B picked in From too.
    const from = pickers($)[0]!;
    from.value = 'Shop B';
    from.dispatchEvent(new Event('input'));
    from.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    $<HTMLButtonElement>('.mn-dir-go')!.click();
    expect($('.mn-dir-status')!.textContent).toBe('You are already at Shop B.');
    expect(query()).toBe('');
  });

  it('shows a location and a route the same address names: the route is drawn on the location’s floor', async () => {
    // The visitor had a route from c (first floor) to a (ground) and opened b on the ground floor, then reloaded.
    history.replaceState(null, '', `${MAP}?from=c&to=a&location=b`);
    const { viewer, $ } = mount({ initialLocation: 'b', directions: { from: 'c', to: 'a' } });
    await vi.waitFor(() => expect($('.mn-directions')?.classList.contains('mn-dir-routed')).toBe(true), WAIT);
    // Playing the route would have started on the first floor, closing b (and taking it out of the address).
    expect(viewer.getState()).toMatchObject({ layer: 'g', location: 'b' });
    expect(query()).toBe('?from=c&to=a&location=b');
  });

  it('writes only To under a fixed start ("You are here"), which a reload routes from again', async () => {
    history.replaceState(null, '', `${MAP}?fixedfrom=a`);
    const { $ } = mount({ directions: { fixedFrom: 'a' } });
    await vi.waitFor(() => expect($('.mn-directions')?.hidden).toBe(false), WAIT);
    const to = pickers($)[0]!;
    to.value = 'Cafe C';
    to.dispatchEvent(new Event('input'));
    to.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    $<HTMLButtonElement>('.mn-dir-go')!.click();
    expect($('.mn-directions')!.classList.contains('mn-dir-routed')).toBe(true);
    expect(query()).toBe('?fixedfrom=a&to=c');
  });

  it('plays a route the address names alone across its floors', async () => {
    history.replaceState(null, '', `${MAP}?from=a&to=c`);
    const { viewer, $ } = mount({ directions: { from: 'a', to: 'c' } });
    await vi.waitFor(() => expect($('.mn-directions')?.classList.contains('mn-dir-routed')).toBe(true), WAIT);
    await vi.waitFor(() => expect(viewer.getState().layer).toBe('f'), WAIT);
  });
});
