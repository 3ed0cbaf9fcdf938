/**
 * The add tool without a pointer: Enter or Space on the focused map adds a location at the centre of the view, and
 * the map says what its keys do and what a key press did.
 */
// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { EditorCanvas } from './canvas';
import { ADDED_AT_CENTRE, CANVAS_KEYS_HELP, CENTRE_OFF_MAP } from './canvas-keyboard';
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
  const status = () => host.querySelector('[role="status"]')!.textContent;
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
});
