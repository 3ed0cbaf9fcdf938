// @vitest-environment jsdom
/**
 * Which SVG element a location stands for on its floor (ADR 061): its `shape`, else the element with its own id, on
 * its own floor; on every floor for a location with no floor. Floor plans drawn per floor reuse ids (`lift`).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { buildModel } from '../viewer-model';
import { bindRegions, floorShapes, loadLayer, type LoadedLayer } from './base-layer';
import { shapeCentres } from './shape-centres';

/** Floor `n`: a lift (at `liftX`), stairs and a room of its own, the lift and stairs with the same ids on each. */
const drawing = (n: number, liftX: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="500">
  <defs><rect id="pattern-cell" width="1" height="1"/></defs>
  <rect id="lift" x="${liftX}" y="100" width="100" height="100"/>
  <rect id="stairs" x="500" y="300" width="50" height="50"/>
  <rect id="m${n}01" x="0" y="0" width="50" height="50"/>
</svg>`;

function office(): MapDocument {
  const doc = blankDocument({ mapWidth: 1000, mapHeight: 500, layerId: 'f1', layerName: 'Floor 1', file: 'f1.svg' });
  doc.layers.push({ id: 'f2', name: 'Floor 2', file: 'f2.svg' });
  doc.locations = [
    { id: 'lift', title: 'Lift 1', layer: 'f1' },
    { id: 'lift-2', title: 'Lift 2', layer: 'f2', shape: 'lift' },
    // On every floor: the stairs of each.
    { id: 'stairs', title: 'Stairs' },
    { id: 'm101', title: 'Meeting 1.01', layer: 'f1' },
  ];
  return doc;
}

/** The floors as the stage loads them, from their drawings (fetched, sanitised, inlined). */
async function floors(doc: MapDocument, drawn: Record<string, string> = {}): Promise<LoadedLayer[]> {
  const files: Record<string, string> = { 'f1.svg': drawing(1, 100), 'f2.svg': drawing(2, 700), ...drawn };
  vi.stubGlobal('fetch', async (url: string) => new Response(files[url] ?? '', { status: files[url] ? 200 : 404 }));
  const model = buildModel(doc);
  return Promise.all(doc.layers.map((l) => loadLayer(l, model.image, (u) => u, undefined, model.locations)));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const boundOn = (floor: LoadedLayer) =>
  Object.fromEntries(
    [...floor.el.querySelectorAll('[data-mn-loc]')].map((el) => [el.id, el.getAttribute('data-mn-loc')]),
  );

describe('binding locations to the shapes of their floors', () => {
  it('binds each floor’s lift to its own floor’s location, by its shape or its id', async () => {
    const doc = office();
    const model = buildModel(doc);
    expect(model.locations.map((l) => l.shape)).toEqual(['lift', 'lift', 'stairs', 'm101']);
    const [one, two] = await floors(doc);
    bindRegions(one!, model.locations);
    bindRegions(two!, model.locations);
    expect(boundOn(one!)).toEqual({ lift: '0', stairs: '2', m101: '3' });
    expect(boundOn(two!)).toEqual({ lift: '1', stairs: '2' });
    expect([...two!.regions.keys()].sort()).toEqual([1, 2]);
    expect(two!.regions.get(1)!.classList.contains('mn-region')).toBe(true);
  });

  it('keeps a location with no floor on the shape with its own id, whatever its shape says', async () => {
    const doc = office();
    // Refused by the document check; an embed reading such a document binds it as it always did.
    doc.locations[2] = { id: 'stairs', shape: 'lift' };
    const model = buildModel(doc);
    const [one] = await floors(doc);
    bindRegions(one!, model.locations);
    expect(boundOn(one!)).toMatchObject({ lift: '0', stairs: '2' });
  });

  it('lists a floor’s shapes, which a location of that floor can stand for', async () => {
    const [one] = await floors(office());
    expect(floorShapes(one!)).toEqual([{ id: 'lift' }, { id: 'stairs' }, { id: 'm101' }]);
  });

  it('names a floor’s shapes as Illustrator and Inkscape name them, through the cleaning of the drawing', async () => {
    // Illustrator writes a layer "105" as id="_x31_05" data-name="105"; before 2017, as the id alone.
    const illustrator = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="1000" height="500">
      <g id="_x31_05" data-name="105" data-note="kept out"><rect width="50" height="50"/></g>
      <rect id="_x31_06" x="60" width="50" height="50"/>
      <rect id="Shop_A" data-name="Shop A" x="120" width="50" height="50"/>
      <rect id="kiosk" aria-label="Juice kiosk" x="180" width="50" height="50"/>
      <rect id="wc" data-name="wc" x="240" width="50" height="50"/>
      <rect id="rect1234" inkscape:label="Kiosk 3" x="300" width="50" height="50"/>
    </svg>`;
    const [one] = await floors(office(), { 'f1.svg': illustrator });
    expect(floorShapes(one!)).toEqual([
      { id: '_x31_05', name: '105' },
      { id: '_x31_06', name: '106' },
      { id: 'Shop_A', name: 'Shop A' },
      { id: 'kiosk', name: 'Juice kiosk' },
      { id: 'wc' },
      // Inkscape keeps an object's name in its label (its id stays "rect1234").
      { id: 'rect1234', name: 'Kiosk 3' },
    ]);
    // The cleaning keeps the layer's name, and no other data- attribute.
    expect(one!.el.querySelector('[data-note]')).toBeNull();
  });

  it('measures each location’s shape on its own floor, where its marker goes', async () => {
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const n = (name: string) => parseFloat(this.getAttribute(name) ?? '0');
      const [x, y, w, h] = this.localName === 'svg' ? [0, 0, 1000, 500] : [n('x'), n('y'), n('width'), n('height')];
      return { left: x, top: y, right: x + w, bottom: y + h, x, y, width: w, height: h } as DOMRect;
    });
    const doc = office();
    const loaded = await floors(doc);
    const centres = await shapeCentres(doc.layers, doc.locations, { width: 1000, height: 500 }, (f) =>
      Promise.resolve(loaded.find((l) => l.id === f.id)!),
    );
    expect(centres.get('lift')).toEqual([0.15, 0.3]);
    expect(centres.get('lift-2')).toEqual([0.75, 0.3]);
    expect(centres.get('stairs')).toEqual([0.525, 0.65]);
  });
});
