import { afterEach, describe, expect, it, vi } from 'vitest';
import { pointerWords, primaryPointerIsCoarse } from './pointer-words';

afterEach(() => vi.unstubAllGlobals());

describe('pointerWords', () => {
  it('says tap for click on a touch screen, keeping the capital and the ending', () => {
    expect(pointerWords('Click the map to add…', true)).toBe('Tap the map to add…');
    expect(pointerWords('Choose “+ Add” and click the map', true)).toBe('Choose “+ Add” and tap the map');
    expect(pointerWords('Add locations by clicking the map (A)', true)).toBe('Add locations by tapping the map (A)');
    expect(pointerWords('each click draws a path; it clicks, it clicked', true)).toBe(
      'each tap draws a path; it taps, it tapped',
    );
    expect(pointerWords('A double-click zooms in', true)).toBe('A double-tap zooms in');
  });

  it('leaves the words for a mouse, and words that only contain "click", as they are', () => {
    expect(pointerWords('Click the map to add…', false)).toBe('Click the map to add…');
    expect(pointerWords('Clickable regions', true)).toBe('Clickable regions');
  });

  it('asks the media query of the primary pointer when not told', () => {
    const asked: string[] = [];
    vi.stubGlobal('window', {
      matchMedia: (q: string) => (asked.push(q), { matches: q === '(pointer: coarse)' }),
    });
    expect(primaryPointerIsCoarse()).toBe(true);
    expect(pointerWords('Click a node')).toBe('Tap a node');
    expect(asked).toContain('(pointer: coarse)');
  });
});
