// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blankDocument, type Location } from '@mapnest/shared/map-document';
import { buildModel } from '../../viewer/viewer-model';
import { CanvasRooms } from './canvas/canvas-overlays';
import { locationsFromRegions, measureRegionsIn } from './recognise-svg';

const map = { width: 1200, height: 800 };

/** jsdom lays nothing out: boxes from the attributes, as a browser would measure these simple drawings. */
function box(el: Element): { left: number; top: number; right: number; bottom: number } {
  const n = (name: string) => parseFloat(el.getAttribute(name) ?? '0');
  switch (el.localName) {
    case 'svg':
      return { left: 0, top: 0, right: n('width'), bottom: n('height') };
    case 'rect':
      return { left: n('x'), top: n('y'), right: n('x') + n('width'), bottom: n('y') + n('height') };
    case 'line':
      return { left: n('x1'), top: n('y1'), right: n('x2'), bottom: n('y2') };
    case 'text':
      return { left: n('x') - 30, top: n('y') - 14, right: n('x') + 30, bottom: n('y') + 4 };
    default: {
      const parts = Array.from(el.children, box).filter((b) => b.right > b.left || b.bottom > b.top);
      if (!parts.length) return { left: 0, top: 0, right: 0, bottom: 0 };
      return {
        left: Math.min(...parts.map((b) => b.left)),
        top: Math.min(...parts.map((b) => b.top)),
        right: Math.max(...parts.map((b) => b.right)),
        bottom: Math.max(...parts.map((b) => b.bottom)),
      };
    }
  }
}

beforeEach(() => {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const b = box(this);
    return { ...b, x: b.left, y: b.top, width: b.right - b.left, height: b.bottom - b.top } as DOMRect;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

function drawn(markup: string): SVGSVGElement {
  document.body.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">${markup}</svg>`;
  return document.querySelector('svg')!;
}

const measured = (markup: string) =>
  Object.fromEntries(measureRegionsIn(drawn(markup), map).map(({ el: _el, box: _box, ...r }) => [r.id, r]));

describe('measuring an SVG’s rooms', () => {
  it('names each room after the text drawn in it, else its aria-label, <title> or data-name, else nothing', () => {
    const rooms = measured(`
      <rect id="corridor" x="40" y="360" width="1120" height="80"/>
      <g id="rooms">
        <rect id="m201" x="40" y="40" width="260" height="320"/>
        <text x="170" y="200">Meeting 2.01</text>
        <rect id="wc-acc-g" x="300" y="40" width="140" height="160"/>
        <text x="370" y="120"><tspan>Accessible</tspan><tspan>WC</tspan></text>
      </g>
      <g id="cafe"><rect x="440" y="440" width="300" height="300"/><text x="900" y="100">Harbour Café</text></g>
      <rect id="lift" x="560" y="240" width="80" height="120"/><text x="600" y="305">Lift</text>
      <rect id="hr" x="800" y="440" width="200" height="200" aria-label="People team"/><text x="900" y="540">HR</text>
      <rect id="it" x="1000" y="440" width="150" height="200"><title>IT desk</title></rect>
      <rect id="post" x="800" y="40" width="200" height="200" data-name="Post room"/>`);
    expect(rooms['m201']!.name).toBe('Meeting 2.01');
    expect(rooms['wc-acc-g']!.name).toBe('Accessible WC');
    // A text inside the room's own group names it wherever it is drawn.
    expect(rooms['cafe']!.name).toBe('Harbour Café');
    // A label over a small room inside a bigger one names the small one.
    expect(rooms['lift']!.name).toBe('Lift');
    expect(rooms['corridor']!.name).toBe('');
    expect(rooms['hr']!.name).toBe('People team');
    expect(rooms['it']!.name).toBe('IT desk');
    expect(rooms['post']!.name).toBe('Post room');
    const { locations } = locationsFromRegions(measureRegionsIn(document.querySelector('svg')!, map), map, new Set());
    expect(Object.fromEntries(locations.map((l) => [l.id, l.title]))).toEqual({
      corridor: 'Corridor',
      m201: 'Meeting 2.01',
      'wc-acc-g': 'Accessible WC',
      cafe: 'Harbour Café',
      lift: 'Lift',
      hr: 'People team',
      it: 'IT desk',
      post: 'Post room',
    });
  });

  it('reads a label drawn as one <text> per line as one name, without the unit number under it', () => {
    const rooms = measured(`
      <rect id="g01" x="320" y="220" width="130" height="110"/>
      <text class="label" x="385" y="270">Urban</text>
      <text class="label" x="385" y="288">Thread</text>
      <text class="unitno" x="385" y="310">G01</text>
      <rect id="g02" x="450" y="220" width="130" height="110"/>
      <text class="label" x="515" y="279">Voltage</text>
      <text class="unitno" x="515" y="301">G02</text>
      <rect id="g03" x="580" y="220" width="130" height="110"/>
      <text class="label" x="645" y="240">Top note</text>
      <text class="label" x="645" y="300">Far below</text>`);
    expect(rooms['g01']!.name).toBe('Urban Thread');
    expect(rooms['g02']!.name).toBe('Voltage');
    // Two texts in one room a few lines apart are not one label: the first names it.
    expect(rooms['g03']!.name).toBe('Top note');
  });

  it('does not take a group of text labels, a text or a line for a room', () => {
    const svg = drawn(`
      <g id="MLOC"><rect id="g101" x="20" y="20" width="200" height="240"/></g>
      <g id="labels"><text x="120" y="140">G101</text><text x="320" y="140">G102</text></g>
      <text id="title-text" x="600" y="700">Ground floor</text>
      <line id="rail" x1="20" y1="500" x2="900" y2="520"/>`);
    const regions = measureRegionsIn(svg, map);
    expect(regions.find((r) => r.id === 'g101')!.name).toBe('G101');
    const { locations, skipped } = locationsFromRegions(regions, map, new Set());
    expect(locations.map((l) => [l.id, l.title])).toEqual([['g101', 'G101']]);
    expect(skipped).toEqual([
      { id: 'MLOC', reason: 'it is a group of rooms, not a room' },
      { id: 'labels', reason: 'it draws no area of its own (only text or lines), so it is not a room' },
      { id: 'title-text', reason: 'it draws no area of its own (only text or lines), so it is not a room' },
      { id: 'rail', reason: 'it draws no area of its own (only text or lines), so it is not a room' },
    ]);
  });
});

describe('the editor canvas’s rooms of the floor in view', () => {
  /** Floor 2 of an office whose floors all have a lift, stairs and a corridor, drawn with the same ids. */
  const FLOOR_2 = `
    <rect id="corridor" x="40" y="360" width="1120" height="80"/>
    <rect id="m201" x="40" y="40" width="260" height="320"/><text x="170" y="200">Meeting 2.01</text>
    <rect id="lift" x="560" y="240" width="80" height="120"/><text x="600" y="305">Lift</text>
    <rect id="stairs" x="1040" y="440" width="120" height="120"/><text x="1100" y="505">Stairs</text>`;

  function floor2Rooms(locations: Location[], floors = ['floor-1', 'floor-2']) {
    const doc = blankDocument({ mapWidth: 1200, mapHeight: 800, layerId: floors[0] });
    for (const id of floors.slice(1)) doc.layers.push({ id, name: `Floor ${id.slice(-1)}`, file: '' });
    doc.layers[0]!.name = 'Floor 1';
    doc.locations = locations;
    document.body.innerHTML = `<div class="mn-map"><div class="mn-layer"><svg xmlns="http://www.w3.org/2000/svg"
      class="mn-layer-svg" width="1200" height="800">${FLOOR_2}</svg></div></div>`;
    const seen: (readonly Location[])[] = [];
    const rooms = new CanvasRooms((free) => seen.push(free));
    rooms.measure(document.querySelector<HTMLElement>('.mn-map')!, buildModel(doc), doc, floors.at(-1)!);
    return { free: seen.at(-1) ?? [], rooms };
  }

  it('offers the rooms whose ids locations on another floor have, each under an id of its own naming its shape', () => {
    const floor1 = (id: string): Location => ({ id, title: id, layer: 'floor-1', type: 'hidden' });
    const { free, rooms } = floor2Rooms([floor1('corridor'), floor1('lift'), floor1('lift-2'), floor1('stairs')]);
    expect(free.map((l) => [l.id, l.shape, l.title, l.layer])).toEqual([
      ['corridor-2', 'corridor', 'Corridor', 'floor-2'],
      ['m201', undefined, 'Meeting 2.01', 'floor-2'],
      // lift-2 is taken too: ids are unique across the map.
      ['lift-3', 'lift', 'Lift', 'floor-2'],
      ['stairs-2', 'stairs', 'Stairs', 'floor-2'],
    ]);
    // Floor 1's locations do not stand for floor 2's shapes with their ids.
    expect(rooms.get('lift')).toMatchObject({ linked: null, free: { id: 'lift-3', shape: 'lift' } });
  });

  it('links a room to the location of its floor that names it as its shape', () => {
    const { free, rooms } = floor2Rooms([
      { id: 'lift', layer: 'floor-1', type: 'hidden' },
      { id: 'lift-2', layer: 'floor-2', shape: 'lift', type: 'hidden' },
      { id: 'stairs', type: 'hidden' },
    ]);
    expect(free.map((l) => l.id)).toEqual(['corridor', 'm201']);
    expect(rooms.get('lift')).toMatchObject({ linked: { id: 'lift-2' }, free: null });
    // A location on every floor stands for the shape with its id on each.
    expect(rooms.get('stairs')).toMatchObject({ linked: { id: 'stairs' }, free: null });
  });

  it('puts a room’s location on its floor even on a map of one floor, so floors added later do not share it', () => {
    const { free } = floor2Rooms([], ['floor-2']);
    expect(free.map((l) => l.layer)).toEqual(['floor-2', 'floor-2', 'floor-2', 'floor-2']);
  });
});
