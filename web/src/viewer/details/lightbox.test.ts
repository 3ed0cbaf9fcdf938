// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildModel } from '../viewer-model';
import { blankDocument } from '@mapnest/shared/map-document';
import { renderDetails } from './details';
import { detailsVariant, placeDetails } from './places';
import { openLightbox, tabbables } from './lightbox';
import { WAIT } from '../jsdom-page.fixtures';

afterEach(() => document.body.replaceChildren());

function details(onClose = () => {}) {
  const doc = blankDocument();
  doc.layers = [{ id: 'g', name: 'Ground', file: 'g.svg' }];
  doc.locations = [
    {
      id: 'cafe',
      title: 'Café',
      desc: '<p>Fresh <b>coffee</b><img src=x onerror="alert(1)"><script>alert(2)</script></p>',
      image: 'cafe.jpg',
      link: 'https://cafe.example',
      action: 'lightbox',
      layer: 'g',
      coord: [0.5, 0.5],
    } as never,
  ];
  const model = buildModel(doc);
  const l = model.locations[0]!;
  return {
    l,
    el: renderDetails(model, l, detailsVariant(l, { sidebarShown: true, narrow: false }), {
      resolveUrl: (u) => u,
      target: '_self',
      onClose,
      openLocation: () => false,
    }),
  };
}

describe('the lightbox action', () => {
  it('gives "lightbox" locations the lightbox variant, placed nowhere else', () => {
    const { l, el } = details();
    expect(detailsVariant(l, { sidebarShown: false, narrow: true })).toBe('lightbox');
    expect(el.classList.contains('mn-details-lightbox')).toBe(true);
    const shown: HTMLElement[] = [];
    let closed = 0;
    const places = {
      popupAnchor: document.createElement('div'),
      sheet: document.createElement('div'),
      panel: document.createElement('div'),
      directory: null,
      lightbox: { show: (d: HTMLElement) => shown.push(d), close: () => closed++ },
    };
    placeDetails(places, 'lightbox', el, () => {});
    expect(shown).toEqual([el]);
    expect(places.popupAnchor.childElementCount + places.sheet.childElementCount + places.panel.childElementCount).toBe(
      0,
    );
    placeDetails(places, null, null, () => {});
    expect(closed).toBe(1);
  });

  it('is a modal dialog labelled by the title, with the description sanitised as in popups', () => {
    const { el } = details();
    const root = document.createElement('div');
    document.body.append(root);
    const lb = openLightbox(root, el);
    expect(el.getAttribute('role')).toBe('dialog');
    expect(el.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(el.getAttribute('aria-labelledby')!)!.textContent).toBe('Café');
    expect(el.querySelector('.mn-details-desc')!.innerHTML).not.toMatch(/script|onerror/);
    expect(el.querySelector('.mn-details-desc b')!.textContent).toBe('coffee');
    expect(el.querySelector('img.mn-details-image')!.getAttribute('src')).toBe('cafe.jpg');
    expect(el.querySelector<HTMLAnchorElement>('a.mn-primary-button')!.href).toBe('https://cafe.example/');
    lb.close();
    expect(root.childElementCount).toBe(0);
  });

  it('moves focus in and keeps it there: Tab and Shift+Tab go round', () => {
    const { el } = details();
    const root = document.createElement('div');
    const outside = document.createElement('button');
    document.body.append(outside, root);
    outside.focus();
    openLightbox(root, el);
    const all = tabbables(el);
    expect(all.length).toBeGreaterThan(1);
    expect(document.activeElement).toBe(el.querySelector('.mn-details-close'));
    const tab = (shiftKey = false) =>
      document.activeElement!.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true }),
      );
    expect(tab(true)).toBe(false); // first → last
    expect(document.activeElement).toBe(all[all.length - 1]);
    expect(tab()).toBe(false); // last → first
    expect(document.activeElement).toBe(all[0]);
    // Focus put outside (a click elsewhere) comes back.
    outside.focus();
    expect(el.contains(document.activeElement)).toBe(true);
  });

  it('closes through the close button when the backdrop is clicked', () => {
    let closes = 0;
    const { el } = details(() => closes++);
    const root = document.createElement('div');
    document.body.append(root);
    const lb = openLightbox(root, el);
    el.click();
    expect(closes).toBe(0);
    lb.el.click();
    expect(closes).toBe(1);
  });
});

describe('the lightbox’s code, loaded on demand', () => {
  // The failures these tests cause are logged as warnings: kept out of the test's output.
  beforeEach(() => void vi.spyOn(console, 'warn').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it('says when it cannot be loaded, and the next show asks for it again instead of keeping the failure', async () => {
    const { LightboxLink } = await import('../on-demand');
    const real = await import('./lightbox');
    const root = document.createElement('div');
    document.body.append(root);
    let asked = 0;
    let failures = 0;
    // Offline the first time (the chunk's request fails), there the second.
    const code = () =>
      ++asked === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve(real);
    const link = new LightboxLink(
      () => root,
      () => failures++,
      code,
    );
    link.show(details().el);
    await vi.waitFor(() => expect(failures).toBe(1), WAIT);
    expect(root.querySelector('.mn-lightbox')).toBeNull();
    link.show(details().el);
    await vi.waitFor(() => expect(root.querySelector('.mn-lightbox')).not.toBeNull(), WAIT);
    expect(asked).toBe(2);
    expect(failures).toBe(1);
    link.close();
    expect(root.querySelector('.mn-lightbox')).toBeNull();
  });

  it('says nothing of a failure once the location is closed (the lightbox no longer asked for)', async () => {
    const { LightboxLink } = await import('../on-demand');
    let failures = 0;
    const link = new LightboxLink(
      () => document.body,
      () => failures++,
      () => Promise.reject(new TypeError('offline')),
    );
    link.show(details().el);
    link.close();
    await new Promise((r) => setTimeout(r, 0));
    expect(failures).toBe(0);
  });

  it('notes the failure in the details shown instead, after the title, with a Try again button', async () => {
    const { noteLightboxFailed } = await import('./open-details');
    const { ENGLISH } = await import('../i18n/messages');
    const { el } = details();
    let retried = 0;
    noteLightboxFailed(el, ENGLISH, () => retried++);
    const note = el.querySelector<HTMLElement>('[role="alert"]')!;
    expect(note.previousElementSibling!.classList.contains('mn-details-title')).toBe(true);
    expect(note.textContent).toBe('The large view could not be loaded. Check your connection and try again. Try again');
    note.querySelector('button')!.click();
    expect(retried).toBe(1);
  });
});
