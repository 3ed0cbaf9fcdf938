/**
 * The editor's map honours a request for less motion as the viewer does: zooms, fits and flings jump to where they
 * end rather than glide there.
 */
// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { EditorCanvas } from './canvas';
import { stubBrowser } from './canvas.fixtures';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function canvasWith(reduce: boolean): EditorCanvas {
  stubBrowser();
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    addEventListener() {},
    removeEventListener() {},
  }));
  const host = document.createElement('div');
  document.body.append(host);
  return new EditorCanvas(host, blankDocument({ mapWidth: 800, mapHeight: 600 }), {} as never);
}

/** The camera's own flag, read through the canvas's stage. */
const reducedMotion = (canvas: EditorCanvas) =>
  (canvas as unknown as { stage: { view: { reducedMotion: boolean } } }).stage.view.reducedMotion;

describe('the editor canvas and reduced motion', () => {
  it('moves the camera without animation when the system asks for less motion', () => {
    const canvas = canvasWith(true);
    expect(reducedMotion(canvas)).toBe(true);
    canvas.destroy();
  });

  it('keeps its eased moves otherwise', () => {
    const canvas = canvasWith(false);
    expect(reducedMotion(canvas)).toBe(false);
    canvas.destroy();
  });
});
