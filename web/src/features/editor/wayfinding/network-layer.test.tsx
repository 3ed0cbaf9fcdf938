import { describe, expect, it, vi } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { NetworkLayer, type NetworkHost } from './network-layer';

/** A floor plan 1000 × 500 px drawn at the top left of the page, one screen pixel a plan pixel. */
function host(): NetworkHost {
  const element = document.createElement('div');
  document.body.append(element);
  return {
    element,
    layer: () => 'layer-1',
    toScreen: ([x, y]) => ({ x: x * 1000, y: y * 500 }),
    toMap: ({ x, y }) => [x / 1000, y / 500],
    aspect: () => 2,
    onViewChange: () => () => {},
  };
}

const click = (layer: Element, x: number, y: number) =>
  layer.dispatchEvent(new PointerEvent('pointerdown', { button: 0, clientX: x, clientY: y, bubbles: true }));

describe('drawing a path', () => {
  it('places no point off the floor plan, and says so; just past its edge, the point goes on the edge', () => {
    const h = host();
    const callbacks = { onAddEdge: vi.fn(() => true), onMoveNode: vi.fn(), onSelect: vi.fn(), onOffMap: vi.fn() };
    const layer = new NetworkLayer(h, blankDocument(), callbacks);
    layer.setMode('draw');
    const svg = h.element.querySelector('svg')!;
    click(svg, 500, 250);
    // Below the plan, well past the snap of 8 px: refused, the path goes on from its last point.
    click(svg, 500, 700);
    expect(callbacks.onOffMap).toHaveBeenCalledTimes(1);
    expect(callbacks.onAddEdge).not.toHaveBeenCalled();
    // 5 px below its edge, within the snap: on the edge.
    click(svg, 500, 505);
    expect(callbacks.onAddEdge).toHaveBeenCalledWith('layer-1', [0.5, 0.5], [0.5, 1]);
    expect(callbacks.onOffMap).toHaveBeenCalledTimes(1);
    layer.destroy();
  });
});
