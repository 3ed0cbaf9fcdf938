/**
 * The add tool without a pointer: Enter or Space on the focused map adds a location at the centre of the view, and
 * the map says what its keys do and what a key press did.
 */
// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { EditorCanvas } from './canvas';
import { ADDED_AT_CENTRE, CANVAS_KEYS_HELP, CENTRE_OFF_MAP, DRAW_KEYS_HELP } from './canvas-keyboard';
import { stubBrowser } from './canvas.fixtures';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

function mount() {
  stubBrowser();
  const host = document.createElement('div');
  document.body.append(host);
  const onAdd = vi.fn();
  const canvas = new EditorCanvas(host, blankDocument({ mapWidth: 800, mapHeight: 600 }), {
    onSelect: () => undefined,
    isSelected: () => false,
    onAdd,
    onMove: () => undefined,
  });
  const viewport = host.querySelector<HTMLElement>('.mn-viewport')!;
  const press = (key: string, init: KeyboardEventInit = {}) =>
    viewport.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
  const status = () => host.querySelector('.mn-sr-only[role="status"]')!.textContent;
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  return { canvas, viewport, onAdd, press, status, frame };
}

describe('the editor canvas from the keyboard', () => {
  it('adds a location at the centre of the view on Enter or Space with the add tool, and says so', async () => {
    const { canvas, viewport, onAdd, press, status, frame } = mount();
    vi.spyOn(canvas, 'centre').mockReturnValue([0.4, 0.6]);
    // The select tool leaves Enter alone.
    expect(press('Enter')).toBe(true);
    expect(onAdd).not.toHaveBeenCalled();
    canvas.setTool('add');
    expect(press('Enter')).toBe(false);
    expect(onAdd).toHaveBeenLastCalledWith([0.4, 0.6]);
    await frame();
    expect(status()).toBe(ADDED_AT_CENTRE);
    press(' ');
    expect(onAdd).toHaveBeenCalledTimes(2);
    // A key held down adds once, and chords are other commands' keys.
    press('Enter', { repeat: true });
    press('Enter', { ctrlKey: true });
    expect(onAdd).toHaveBeenCalledTimes(2);
    // The map names its keys to a screen reader.
    expect(document.getElementById(viewport.getAttribute('aria-describedby')!)?.textContent).toBe(CANVAS_KEYS_HELP);
    canvas.destroy();
  });

  it('adds nothing when the centre of the view is off the map, and says what to do', async () => {
    const { canvas, onAdd, press, status, frame } = mount();
    vi.spyOn(canvas, 'centre').mockReturnValue([1.3, 0.5]);
    canvas.setTool('add');
    press('Enter');
    expect(onAdd).not.toHaveBeenCalled();
    await frame();
    expect(status()).toBe(CENTRE_OFF_MAP);
    canvas.destroy();
  });

  it('places a path point at the centre instead while paths are drawn, with the cross, and says so in its name', () => {
    const { canvas, viewport, onAdd, press } = mount();
    const description = () => document.getElementById(viewport.getAttribute('aria-describedby')!)?.textContent;
    const place = vi.fn();
    canvas.setTool('add');
    canvas.networkHost().placeByKeys(place);
    expect(viewport.getAttribute('aria-label')).toBe(
      'Map, drawing paths: click the map or press Enter to place a point',
    );
    expect(description()).toBe(DRAW_KEYS_HELP);
    expect(press('Enter')).toBe(false);
    // The centre of the view, in screen pixels: the stand-in lays nothing out.
    expect(place).toHaveBeenCalledWith({ x: 0, y: 0 });
    expect(onAdd).not.toHaveBeenCalled();
    // The add tool's cross marks the place under the select tool too.
    canvas.setTool('select');
    expect(viewport.classList.contains('mn-edit-adding')).toBe(true);
    press(' ');
    expect(place).toHaveBeenCalledTimes(2);
    // Keys given back: Enter is the select tool's again (nothing), and the map names the add tool's.
    canvas.networkHost().placeByKeys(null);
    expect(press('Enter')).toBe(true);
    expect(place).toHaveBeenCalledTimes(2);
    expect(viewport.classList.contains('mn-edit-adding')).toBe(false);
    expect(viewport.getAttribute('aria-label')).toMatch(/^Map: click a location to select it/);
    expect(description()).toBe(CANVAS_KEYS_HELP);
    canvas.destroy();
  });
});
