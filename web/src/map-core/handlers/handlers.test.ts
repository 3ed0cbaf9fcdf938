import { describe, expect, it } from 'vitest';
import { keyAction } from './keyboard-pan-zoom';
import { wheelDeltaPixels, wheelZoomFactor } from './wheel-zoom';

describe('wheel zoom', () => {
  it('zooms ×1.6 per mouse notch, in both directions symmetrically', () => {
    expect(wheelZoomFactor(-100, false)).toBeCloseTo(1.6, 1);
    expect(wheelZoomFactor(-100, false) * wheelZoomFactor(100, false)).toBeCloseTo(1);
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
