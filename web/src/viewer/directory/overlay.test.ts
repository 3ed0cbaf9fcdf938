// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { h } from '../dom';
import { buildModel } from '../viewer-model';
import { DirectoryOverlay } from './overlay';

afterEach(() => document.body.replaceChildren());

/** A viewer's sidebar (a search and an entry) and map, with the overlay's button in the map's corner. */
function setup() {
  const search = h('input', { type: 'search' });
  const entry = h('button', { type: 'button' }, 'Pixel Play');
  const sidebar = h(
    'aside',
    null,
    h('div', { class: 'mn-directory' }, h('div', { class: 'mn-search' }, search), entry),
  );
  const corner = h('div', { class: 'mn-corner', hidden: true });
  const map = h('div', { class: 'mn-map' }, corner);
  document.body.append(h('div', { class: 'mn-viewer' }, sidebar, map));
  const noHistory = { overlayOpened: () => undefined, overlayClosed: () => undefined };
  const overlay = new DirectoryOverlay(sidebar, map, buildModel(blankDocument()).text, noHistory);
  corner.append(overlay.el);
  const back = sidebar.querySelector<HTMLButtonElement>('.mn-overlay-bar button')!;
  return { overlay, sidebar, map, corner, search, entry, back };
}

/** A tap or a mouse click (`click()` is a keyboard's, detail 0). */
const tap = (el: HTMLElement) => el.dispatchEvent(new MouseEvent('click', { detail: 1 }));

describe('DirectoryOverlay (ADR 067)', () => {
  it('shows its button only in a compact layout, the directory closed until it is pressed', () => {
    const { overlay, sidebar, corner } = setup();
    overlay.layout(false);
    expect(overlay.el.hidden).toBe(true);
    expect(sidebar.hidden).toBe(false);
    overlay.layout(true);
    expect([overlay.el.hidden, corner.hidden, sidebar.hidden]).toEqual([false, false, true]);
    expect(overlay.el.getAttribute('aria-expanded')).toBe('false');
    expect(overlay.el.getAttribute('aria-controls')).toBe(sidebar.id);
    expect(overlay.el.textContent).toBe('Directory');
  });

  it('opens over an inert map; Back to map and Escape close it, focus back on its button', () => {
    const { overlay, sidebar, map, search, back } = setup();
    overlay.layout(true);
    tap(overlay.el);
    expect([sidebar.hidden, map.inert, overlay.el.getAttribute('aria-expanded')]).toEqual([false, true, 'true']);
    expect(document.activeElement).toBe(back);
    back.click();
    expect([sidebar.hidden, map.inert, document.activeElement]).toEqual([true, false, overlay.el]);
    // A keyboard's click (detail 0) goes on to the search; Escape there closes it.
    overlay.el.click();
    expect(document.activeElement).toBe(search);
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    search.dispatchEvent(escape);
    expect([escape.defaultPrevented, sidebar.hidden, document.activeElement]).toEqual([true, true, overlay.el]);
  });

  it('closes for a chosen location, focus to come back to its button; and when the box is no longer compact', () => {
    const { overlay, sidebar, map, entry } = setup();
    expect(overlay.chosen(entry)).toBe(entry);
    overlay.layout(true);
    overlay.el.click();
    expect(overlay.chosen(entry)).toBe(overlay.el);
    expect([sidebar.hidden, map.inert]).toEqual([true, false]);
    overlay.el.click();
    // The layout has shown the sidebar beside the map: the overlay closes without hiding it.
    sidebar.hidden = false;
    overlay.layout(false);
    expect([sidebar.hidden, map.inert, overlay.el.hidden]).toEqual([false, false, true]);
    expect(overlay.el.getAttribute('aria-expanded')).toBe('false');
  });
});
