/**
 * A press on the editor canvas selects what it lands on, judged against the selection as set: the selection the
 * canvas draws arrives only after the panels render, and a quick click after another must not be lost.
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

describe('EditorCanvas selection on a press', () => {
  it('judges a press against the selection as set, not as last drawn (a click may still be rendering)', () => {
    stubBrowser();
    const host = document.createElement('div');
    document.body.append(host);
    const doc = blankDocument({ mapWidth: 800, mapHeight: 600 });
    doc.locations.push({ id: 'shop-b', title: 'Shop B', coord: [0.5, 0.5] } as (typeof doc.locations)[number]);
    let selection: ReadonlySet<string> = new Set(['shop-b']);
    const onSelect = vi.fn((id: string | null) => {
      selection = new Set(id ? [id] : []);
    });
    const canvas = new EditorCanvas(host, doc, {
      onSelect,
      isSelected: (id) => selection.has(id),
      onAdd: () => undefined,
      onMove: () => undefined,
    });
    // Shop B was selected and drawn so; a click on the background then cleared the selection, which the canvas
    // has not been given yet when the next press lands on Shop B's room.
    canvas.setSelection(new Set(['shop-b']));
    selection = new Set();
    const map = host.querySelector<HTMLElement>('.mn-map')!;
    map.setPointerCapture = () => undefined; // jsdom has no pointer capture
    const region = document.createElement('div');
    region.setAttribute('data-mn-loc', '0');
    host.querySelector('.mn-pane')!.append(region);
    region.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, button: 0 }));
    expect(onSelect).toHaveBeenCalledWith('shop-b', false);
    canvas.destroy();
    host.remove();
  });
});
