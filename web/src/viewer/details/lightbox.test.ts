// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { buildModel } from '../viewer-model';
import { blankDocument } from '@mapnest/shared/map-document';
import { renderDetails } from './details';
import { detailsVariant, placeDetails } from './places';
import { openLightbox, tabbables } from './lightbox';

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
