/**
 * A press on the editor canvas picks up what it lands on only when that is a marker or a room already selected, judged
 * against the selection as set (the selection the canvas draws arrives only after the panels render, and a quick
 * click after another must not be lost). A room not selected is a place on the map: a drag across it pans, as a
 * finger across a floor plan expects, and never moves the room's anchor point, which is not drawn.
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

/** The canvas over one room, Shop B's; `selection` is the selection as set, which the canvas may not have drawn yet. */
function mount(selected: boolean) {
  stubBrowser();
  const host = document.createElement('div');
  document.body.append(host);
  const doc = blankDocument({ mapWidth: 800, mapHeight: 600 });
  doc.locations.push({ id: 'shop-b', title: 'Shop B', coord: [0.5, 0.5] } as (typeof doc.locations)[number]);
  let selection: ReadonlySet<string> = new Set(selected ? ['shop-b'] : []);
  const onSelect = vi.fn((id: string | null) => {
    selection = new Set(id ? [id] : []);
  });
  const onMove = vi.fn();
  const canvas = new EditorCanvas(host, doc, {
    onSelect,
    isSelected: (id) => selection.has(id),
    onAdd: () => undefined,
    onMove,
  });
  // Drawn the other way round: the press must go by the selection as set.
  canvas.setSelection(new Set(selected ? [] : ['shop-b']));
  const map = host.querySelector<HTMLElement>('.mn-map')!;
  map.setPointerCapture = () => undefined; // jsdom has no pointer capture
  map.releasePointerCapture = () => undefined;
  const region = document.createElement('div');
  region.setAttribute('data-mn-loc', '0');
  host.querySelector('.mn-pane')!.append(region);
  /** A press on the room, dragged 40 px to the right and let go (jsdom has no PointerEvent: mouse events stand in). */
  const drag = () => {
    const at = (type: string, x: number, target: EventTarget) =>
      target.dispatchEvent(new MouseEvent(type, { bubbles: true, button: 0, clientX: x, clientY: 10 }));
    at('pointerdown', 10, region);
    at('pointermove', 30, map);
    at('pointermove', 50, map);
    at('pointerup', 50, map);
  };
  const done = () => (canvas.destroy(), host.remove());
  return { drag, onSelect, onMove, done };
}

describe('EditorCanvas on a press on a room', () => {
  it('picks up a room already selected as set (even if not yet drawn so), and moves it', () => {
    const { drag, onSelect, onMove, done } = mount(true);
    drag();
    expect(onSelect).not.toHaveBeenCalled();
    expect(onMove).toHaveBeenCalledTimes(1);
    done();
  });

  it('leaves a room not selected as set (even if still drawn so) where it is: the press pans, not drags', () => {
    const { drag, onSelect, onMove, done } = mount(false);
    drag();
    expect(onMove).not.toHaveBeenCalled();
    expect(onSelect).not.toHaveBeenCalled();
    done();
  });
});
