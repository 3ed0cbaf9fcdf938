import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentFromBuiltin, type BuiltinMap, type BuiltinRegion } from './builtin-maps';
import { buildModel } from '../../viewer/viewer-model';
import { newFloorId } from './panels/layer-file';
import { floorPlanStart } from './starting-points';

vi.mock('./files-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./files-api')>()),
  imageSize: async () => ({ width: 1200, height: 900 }),
  uploadFile: async () => ({ fileUrl: '/files/user-1/abc-ground-floor.svg' }),
}));

vi.mock('./panels/plan-images/pdf-pages', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./panels/plan-images/pdf-pages')>()),
  // PDF.js draws in a browser (test/editor/pdf-floor-plans.test.ts): here, a page is an image of its name.
  pdfImages: async (file: File) =>
    [null, 'Level 2'].map((floor, i) => ({
      image: new File(['png'], `${file.name.replace('.pdf', '')} page ${i + 1}.png`, { type: 'image/png' }),
      floor,
      // The second page's plan numbers its rooms.
      rooms: i === 1 ? [201, 202, 203].map((n, k) => ({ text: String(n), coord: [0.2 + k * 0.3, 0.5] as const })) : [],
    })),
}));

afterEach(() => vi.unstubAllGlobals());

describe('a new map from a PDF', () => {
  it('takes the PDF, and makes a floor of each page, in order, named after the level its title names', async () => {
    vi.stubGlobal('confirm', () => false);
    const pdf = new File(['%PDF-1.4'], 'Harbour Point.pdf', { type: 'application/pdf' });
    expect(floorPlanStart.missing!([pdf])).toBeNull();
    const doc = (await floorPlanStart.build([pdf]))!;
    expect(doc.layers.map((l) => [l.id, l.name])).toEqual([
      ['layer-1', 'Floor 1'],
      ['layer-2', 'Level 2'],
    ]);
    expect(doc.settings).toMatchObject({ mapWidth: 1200, mapHeight: 900 });
    expect(doc.locations).toEqual([]);
  });

  it('adds a location at each room’s number its plan shows, when the author says so', async () => {
    const asked: string[] = [];
    vi.stubGlobal('confirm', (question: string) => asked.push(question) > 0);
    const doc = (await floorPlanStart.build([new File(['%PDF-1.4'], 'plans.pdf', { type: 'application/pdf' })]))!;
    expect(asked).toEqual([
      'The plan shows 3 room numbers with no location yet (201, 202, 203). Add a location at each, titled by its number, to give each room its details?',
    ]);
    expect(doc.locations).toEqual([
      { id: '201', title: '201', coord: [0.2, 0.5], layer: 'layer-2', type: 'dot' },
      { id: '202', title: '202', coord: [0.5, 0.5], layer: 'layer-2', type: 'dot' },
      { id: '203', title: '203', coord: [0.8, 0.5], layer: 'layer-2', type: 'dot' },
    ]);
  });

  it('takes a plan per floor picked together, in their names’ order, and names the one that cannot be used', async () => {
    const plan = (name: string) => new File(['<svg/>'], name, { type: 'image/svg+xml' });
    const doc = (await floorPlanStart.build([plan('Level 10.svg'), plan('Level 2.svg'), plan('Ground floor.svg')]))!;
    expect(doc.layers.map((l) => [l.id, l.name])).toEqual([
      ['layer-1', 'Ground floor'],
      ['layer-2', 'Level 2'],
      ['layer-3', 'Level 10'],
    ]);
    const gif = new File(['GIF89a'], 'Level 3.gif', { type: 'image/gif' });
    expect(floorPlanStart.missing!([plan('Level 1.svg'), gif])).toBe(
      '“Level 3.gif”: Only SVG, PNG, JPG or WEBP images are allowed',
    );
    expect(floorPlanStart.missing!([])).toBe('Choose a floor plan (an image or a PDF).');
  });

  it('refuses a PDF over 100 MB before reading it', () => {
    const big = { name: 'scan.pdf', type: 'application/pdf', size: 101 * 1024 * 1024 } as File;
    expect(floorPlanStart.missing!([big])).toBe(
      '“scan.pdf” is over 100 MB. Export the plan as an SVG or PNG image instead.',
    );
  });
});

describe('a new map’s first floor', () => {
  it('is layer-1 from an uploaded plan, whatever the file is named, so the next one added is layer-2', async () => {
    const file = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'ground-floor.svg', { type: 'image/svg+xml' });
    const doc = (await floorPlanStart.build([file]))!;
    expect(doc.layers.map((l) => [l.id, l.name])).toEqual([['layer-1', 'Ground floor']]);
    expect(newFloorId(doc.layers)).toBe('layer-2');
  });

  it('is layer-1 on a built-in map too', () => {
    const map = {
      id: 'europe',
      name: 'Europe',
      file: '/builtin/europe.svg',
      width: 1000,
      height: 800,
      extent: [-25, 34, 45, 72],
    };
    const doc = documentFromBuiltin(map as unknown as BuiltinMap, null);
    expect(doc.layers[0]!.id).toBe('layer-1');
  });

  it('gives its regions no style of their own, so a region in a group is tinted in the group’s colour', () => {
    const map = { id: 'fr', name: 'France', file: '/builtin/france.svg', width: 1200, height: 1181, extent: [] };
    const regions = [
      { id: 'FR-BRE', name: 'Brittany', coord: [0.2, 0.3] },
      { id: 'FR-NOR', name: 'Normandy', coord: [0.3, 0.2] },
    ];
    const doc = documentFromBuiltin(map as unknown as BuiltinMap, regions as unknown as BuiltinRegion[]);
    doc.groups = [{ id: 'coast', name: 'Coast', color: '#dc2626' }];
    doc.locations[0]!.groups = ['coast'];
    const [brittany, normandy] = buildModel(doc).locations;
    expect(brittany!.region).toMatchObject({ fill: expect.stringContaining('#dc2626') });
    // Without a group, the map's own paint (and the viewer's hover and open colours).
    expect(normandy!.region.fill).toBeNull();
  });
});
