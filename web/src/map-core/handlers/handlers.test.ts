import { describe, expect, it } from 'vitest';
import { keyAction } from './keyboard-pan-zoom';
import { wheelDeltaPixels, wheelGoesToPage, wheelZoomFactor } from './wheel-zoom';

describe('wheel zoom', () => {
  it('zooms ×1.6 per mouse notch, in both directions symmetrically', () => {
    expect(wheelZoomFactor(-100, false)).toBeCloseTo(1.6, 1);
    expect(wheelZoomFactor(-100, false) * wheelZoomFactor(100, false)).toBeCloseTo(1);
  });

  it('leaves to the page a plain wheel the map cannot follow, unless a wheel gesture of the map is under way', () => {
    const plain = { ctrlKey: false, metaKey: false };
    const widest = { canZoomIn: () => true, canZoomOut: () => false };
    const closest = { canZoomIn: () => false, canZoomOut: () => true };
    const between = { canZoomIn: () => true, canZoomOut: () => true };
    // Down (zoom out) at the widest view, up (zoom in) at the closest: the page scrolls.
    expect(wheelGoesToPage(100, plain, widest, false)).toBe(true);
    expect(wheelGoesToPage(-100, plain, closest, false)).toBe(true);
    // The map can follow: it zooms.
    expect(wheelGoesToPage(-100, plain, widest, false)).toBe(false);
    expect(wheelGoesToPage(100, plain, between, false)).toBe(false);
    // A gesture that zoomed the map out to its widest keeps its momentum on the map.
    expect(wheelGoesToPage(100, plain, widest, true)).toBe(false);
    // A pinch (Ctrl) or Cmd+wheel is never the page's (the browser would zoom the page).
    expect(wheelGoesToPage(100, { ctrlKey: true, metaKey: false }, widest, false)).toBe(false);
    expect(wheelGoesToPage(100, { ctrlKey: false, metaKey: true }, widest, false)).toBe(false);
  });

  it('reads line and page deltas as pixels and Shift+wheel from the x axis', () => {
    expect(wheelDeltaPixels({ deltaX: 0, deltaY: 3, deltaMode: 1, shiftKey: false })).toBe(48);
    expect(wheelDeltaPixels({ deltaX: -100, deltaY: 0, deltaMode: 0, shiftKey: true })).toBe(-100);
    expect(wheelDeltaPixels({ deltaX: -100, deltaY: 0, deltaMode: 0, shiftKey: false })).toBe(0);
  });
});

describe('keyboard', () => {
  it('pans with arrows (further with Shift), zooms with + and −, resets with 0', () => {
    expect(keyAction('ArrowLeft', false)).toEqual({ pan: [80, 0] });
    expect(keyAction('ArrowDown', true)).toEqual({ pan: [0, -240] });
    expect(keyAction('+', false)).toEqual({ zoom: 'in' });
    expect(keyAction('-', false)).toEqual({ zoom: 'out' });
    expect(keyAction('0', false)).toEqual({ reset: true });
    expect(keyAction('a', false)).toBeNull();
  });
});
