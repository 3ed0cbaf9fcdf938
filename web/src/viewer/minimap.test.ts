// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { MapView } from '../map-core/map-view';
import { viewportCentre } from '../map-core/transform';
import { ENGLISH } from './i18n/messages';
import { Minimap, minimapSize, visibleRect, type MinimapHost } from './minimap';
import type { ViewerModel } from './viewer-model';

const image = { width: 1000, height: 500 };
const viewport = { width: 400, height: 200 };

function setup(narrow = false) {
  const view = new MapView({ image, limits: { minZoom: 1, maxZoom: 8 }, reducedMotion: true });
  view.setViewport(viewport);
  const root = document.createElement('div');
  const corner = document.createElement('div');
  corner.hidden = true;
  root.append(corner);
  document.body.append(root);
  const model = {
    text: ENGLISH,
    layers: [
      { id: 'g', name: 'Ground', file: 'g.svg' },
      { id: 'u', name: 'Upper', file: 'u.png' },
    ],
  } as unknown as ViewerModel;
  let layer = 'g';
  const host: MinimapHost = {
    model,
    view,
    root,
    layer: () => layer,
    reducedMotion: true,
    resolveUrl: (u) => `https://files.example/${u}`,
  };
  const minimap = new Minimap(host, corner, narrow);
  return { view, root, corner, minimap, setLayer: (id: string) => (layer = id) };
}

const frameOf = (m: Minimap) => m.el.querySelector<HTMLElement>('.mn-minimap-frame')!.style;
const pointer = (type: string, x: number, y: number) =>
  Object.assign(new MouseEvent(type, { clientX: x, clientY: y, button: 0, bubbles: true }), { pointerId: 1 });

afterEach(() => document.body.replaceChildren());

describe('the minimap’s geometry', () => {
  it('keeps the image’s proportions with its longer side 160 px', () => {
    expect(minimapSize(image)).toEqual({ width: 160, height: 80 });
    expect(minimapSize({ width: 300, height: 600 })).toEqual({ width: 80, height: 160 });
  });

  it('frames the part of the image in view, clipped to the image', () => {
    expect(visibleRect({ scale: 1, x: -100, y: -50 }, viewport, image)).toEqual({
      x: 100,
      y: 50,
      width: 400,
      height: 200,
    });
    expect(visibleRect({ scale: 0.4, x: 0, y: 0 }, viewport, image)).toEqual({ x: 0, y: 0, width: 1000, height: 500 });
    expect(visibleRect({ scale: 1, x: 0, y: 0 }, null, image)).toBeNull();
  });
});

describe('the minimap', () => {
  it('draws the floor’s image in its corner, named and described for screen readers, and follows the floor', () => {
    const { root, corner, minimap, setLayer } = setup();
    expect(corner.hidden).toBe(false);
    expect(corner.contains(minimap.el)).toBe(true);
    expect(root.querySelector('style')!.textContent).toContain('.mn-minimap');
    const img = minimap.el.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('https://files.example/g.svg');
    expect(minimap.el.tabIndex).toBe(0);
    expect(minimap.el.getAttribute('aria-label')).toBe('Overview map');
    const hint = document.getElementById(minimap.el.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toMatch(/Arrow keys/);
    setLayer('u');
    minimap.layerShown('u');
    expect(img.getAttribute('src')).toBe('https://files.example/u.png');
    expect(minimap.el.classList.contains('mn-minimap-narrow')).toBe(false);
    minimap.destroy();
    expect(root.querySelector('style, .mn-minimap')).toBeNull();
  });

  it('moves its frame as the view moves', () => {
    const { view, minimap } = setup();
    // Fitted: the whole image is in view.
    expect(frameOf(minimap)).toMatchObject({ left: '0px', top: '0px', width: '160px', height: '80px' });
    view.zoomBy(4, undefined, false);
    const f = frameOf(minimap);
    expect(parseFloat(f.width)).toBeCloseTo(40);
    expect(parseFloat(f.left)).toBeCloseTo(60);
  });

  it('centres the view where it is clicked, and follows a drag', () => {
    const { view, minimap } = setup();
    view.zoomBy(4, undefined, false);
    minimap.el.getBoundingClientRect = () => ({ left: 10, top: 20, width: 160, height: 80 }) as DOMRect;
    // 0.16 minimap px per image px: (10 + 40, 20 + 20) is image point (250, 125).
    minimap.el.dispatchEvent(pointer('pointerdown', 50, 40));
    const c = viewportCentre(view.transform, viewport);
    expect(c.x).toBeCloseTo(250);
    expect(c.y).toBeCloseTo(125);
    minimap.el.dispatchEvent(pointer('pointermove', 10 + 112, 20 + 48));
    expect(viewportCentre(view.transform, viewport).x).toBeCloseTo(700);
    minimap.el.dispatchEvent(pointer('pointerup', 10 + 112, 20 + 48));
    minimap.el.dispatchEvent(pointer('pointermove', 10 + 20, 20 + 48));
    expect(viewportCentre(view.transform, viewport).x).toBeCloseTo(700);
  });

  it('pans the view with its arrow keys, the frame moving the way the arrow points', () => {
    const { view, minimap } = setup();
    view.zoomBy(4, undefined, false);
    const before = viewportCentre(view.transform, viewport);
    const seen: string[] = [];
    document.body.addEventListener('keydown', (e) => seen.push(e.key));
    minimap.el.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }));
    minimap.el.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }));
    const after = viewportCentre(view.transform, viewport);
    expect(after.x).toBeGreaterThan(before.x);
    expect(after.y).toBeGreaterThan(before.y);
    // The map's own arrow keys do not move it a second time.
    expect(seen).toEqual([]);
  });

  it('is marked to show on narrow viewers only when the map asks', () => {
    expect(setup(true).minimap.el.classList.contains('mn-minimap-narrow')).toBe(true);
  });
});
