import { describe, expect, it, vi } from 'vitest';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import type { ScreenPoint } from '../../../map-core/coords';
import { NetworkLayer, type NetworkHost } from './network-layer';

/** A floor plan 1000 × 500 px drawn at the top left of the page, one screen pixel a plan pixel. */
function host(): NetworkHost & { keys: ((centre: ScreenPoint) => void) | null } {
  const element = document.createElement('div');
  document.body.append(element);
  const h = {
    element,
    keys: null as ((centre: ScreenPoint) => void) | null,
    layer: () => 'layer-1',
    toScreen: ([x, y]: readonly number[]) => ({ x: x! * 1000, y: y! * 500 }),
    toMap: ({ x, y }: ScreenPoint): [number, number] => [x / 1000, y / 500],
    aspect: () => 2,
    onViewChange: () => () => {},
    placeByKeys: (place: ((centre: ScreenPoint) => void) | null) => (h.keys = place),
  };
  return h;
}

const callbacks = () => ({
  onAddEdge: vi.fn(() => true),
  onMoveNode: vi.fn(),
  onSelect: vi.fn(),
  onOffMap: vi.fn(),
  announce: vi.fn(),
});

const click = (layer: Element, x: number, y: number) =>
  layer.dispatchEvent(new PointerEvent('pointerdown', { button: 0, clientX: x, clientY: y, bubbles: true }));

describe('drawing a path', () => {
  it('places no point off the floor plan, and says so; just past its edge, the point goes on the edge', () => {
    const h = host();
    const cb = callbacks();
    const layer = new NetworkLayer(h, blankDocument(), cb);
    layer.setMode('draw');
    const svg = h.element.querySelector('svg')!;
    click(svg, 500, 250);
    // Below the plan, well past the snap of 8 px: refused, the path goes on from its last point.
    click(svg, 500, 700);
    expect(cb.onOffMap).toHaveBeenCalledTimes(1);
    expect(cb.onOffMap).toHaveBeenLastCalledWith(false);
    expect(cb.onAddEdge).not.toHaveBeenCalled();
    // 5 px below its edge, within the snap: on the edge.
    click(svg, 500, 505);
    expect(cb.onAddEdge).toHaveBeenCalledWith('layer-1', [0.5, 0.5], [0.5, 1]);
    expect(cb.onOffMap).toHaveBeenCalledTimes(1);
    // Clicks are seen where they land: only the keyboard's presses are said.
    expect(cb.announce).not.toHaveBeenCalled();
    layer.destroy();
  });
});

describe('drawing a path by the keyboard', () => {
  /** A floor with one path, (0.1, 0.5) to (0.3, 0.5), and a scale of 10 cm a pixel. */
  function corridor(): MapDocument {
    const doc = blankDocument({ mapWidth: 1000, mapHeight: 500 });
    doc.settings.wayfinding.metresPerPixel = 0.1;
    doc.routes = [
      {
        id: 'path-1',
        layer: 'layer-1',
        points: [
          [0.1, 0.5],
          [0.3, 0.5],
        ],
        closed: false,
        connector: false,
        weight: 1,
        inaccessible: false,
      },
    ];
    return doc;
  }

  it('takes Enter at the centre of the view only in draw mode, and gives the keys back', () => {
    const h = host();
    const layer = new NetworkLayer(h, blankDocument(), callbacks());
    expect(h.keys).toBeNull();
    layer.setMode('draw');
    expect(h.keys).toBeTypeOf('function');
    layer.setMode('select');
    expect(h.keys).toBeNull();
    layer.setMode('draw');
    layer.destroy();
    expect(h.keys).toBeNull();
  });

  it('places points at the centre as a click there would, joins a node nearby, and says each step', () => {
    const h = host();
    const cb = callbacks();
    const layer = new NetworkLayer(h, corridor(), cb);
    layer.setMode('draw');
    const enter = (x: number, y: number) => h.keys!({ x, y });
    // 3 px from the path's end: the path starts from that node.
    enter(303, 250);
    expect(cb.announce).toHaveBeenLastCalledWith(
      'Path started from a node at X 0.3, Y 0.5. Move the map with the arrow keys and press Enter for the next point; ' +
        'Escape ends the path.',
    );
    // Enter again without moving places nothing.
    enter(303, 250);
    expect(cb.onAddEdge).not.toHaveBeenCalled();
    expect(cb.announce).toHaveBeenLastCalledWith(
      'That is point 1, just placed: move the map with the arrow keys to where the next point goes.',
    );
    // 140 px on: an edge of 14 m.
    enter(440, 250);
    expect(cb.onAddEdge).toHaveBeenLastCalledWith('layer-1', [0.3, 0.5], [0.44, 0.5]);
    expect(cb.announce).toHaveBeenLastCalledWith('Point 2 placed at X 0.44, Y 0.5: an edge of 14 m from point 1.');
    // Back onto the path's first node, 4 px off: joined to it; 34 m said to 5 m, as directions say it.
    enter(104, 250);
    expect(cb.onAddEdge).toHaveBeenLastCalledWith('layer-1', [0.44, 0.5], [0.1, 0.5]);
    expect(cb.announce).toHaveBeenLastCalledWith(
      'Point 3 joined to the node at X 0.1, Y 0.5: an edge of 35 m from point 2.',
    );
    // Off the plan: nothing placed, and the key's words are asked for.
    enter(500, 900);
    expect(cb.onOffMap).toHaveBeenLastCalledWith(true);
    expect(cb.onAddEdge).toHaveBeenCalledTimes(2);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(cb.announce).toHaveBeenLastCalledWith(
      'Path ended with 3 points. To make its end a lift, stairs or another floor connector, choose Select, then its ' +
        'node under “Select a node”.',
    );
    // The next Enter starts a new path.
    enter(600, 100);
    expect(cb.announce).toHaveBeenLastCalledWith(expect.stringMatching(/^Path started at X 0.6, Y 0.2\./));
    layer.destroy();
  });

  it('says nothing more when the edge is refused (the notice says why), and the path goes on from its last point', () => {
    const h = host();
    const cb = callbacks();
    cb.onAddEdge.mockReturnValueOnce(false);
    const layer = new NetworkLayer(h, blankDocument(), cb);
    layer.setMode('draw');
    h.keys!({ x: 100, y: 100 });
    cb.announce.mockClear();
    h.keys!({ x: 200, y: 100 });
    expect(cb.announce).not.toHaveBeenCalled();
    h.keys!({ x: 300, y: 100 });
    expect(cb.onAddEdge).toHaveBeenLastCalledWith('layer-1', [0.1, 0.2], [0.3, 0.2]);
    expect(cb.announce).toHaveBeenLastCalledWith('Point 2 placed at X 0.3, Y 0.2: an edge from point 1.');
    layer.destroy();
  });
});
