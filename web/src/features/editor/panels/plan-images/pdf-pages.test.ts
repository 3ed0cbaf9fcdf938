import { describe, expect, it } from 'vitest';
import {
  floorTitle,
  freshRooms,
  isPdf,
  oneColour,
  pageFileName,
  pageScale,
  pdfProblem,
  roomLabels,
  roomLocations,
} from './pdf-pages';
import { PLAN_PIXELS } from './fitted-image';

describe('PDF floor plans', () => {
  it('knows a PDF by its type or, where a browser gives none, its name', () => {
    expect(isPdf({ type: 'application/pdf', name: 'plans' })).toBe(true);
    expect(isPdf({ type: '', name: 'Level 2.PDF' })).toBe(true);
    expect(isPdf({ type: 'image/png', name: 'plan.png' })).toBe(false);
  });

  it('names a page’s image after the PDF, with its page number when there are several', () => {
    expect(pageFileName('Harbour Point.pdf', 1, 1)).toBe('Harbour Point.png');
    expect(pageFileName('Harbour Point.pdf', 2, 3)).toBe('Harbour Point page 2.png');
    expect(pageFileName('.pdf', 1, 1)).toBe('plan.png');
  });

  it('draws a page at PLAN_PIXELS on its longer side, upright or sideways', () => {
    // A4 landscape, 842×595 points.
    expect(842 * pageScale(842, 595)).toBeCloseTo(PLAN_PIXELS);
    expect(842 * pageScale(595, 842)).toBeCloseTo(PLAN_PIXELS);
    expect(1190 * pageScale(1190, 842, 2000)).toBeCloseTo(2000);
  });

  it('names a page’s floor after the level its title names, in the largest type on the page', () => {
    const text = (...items: [string, number][]) => items.map(([str, height]) => ({ str, height }));
    expect(floorTitle(text(['LEVEL 2 - GENERAL ARRANGEMENT', 40], ['Scale 1:200', 9]))).toBe('Level 2');
    expect(floorTitle(text(['See level 3 for services', 9], ['GROUND FLOOR PLAN', 36]))).toBe('Ground floor');
    expect(floorTitle(text(['Lower  Ground', 20]))).toBe('Lower ground');
    expect(floorTitle(text(['3rd Floor', 20]))).toBe('3rd floor');
    expect(floorTitle(text(['Basement B2 car park', 24]))).toBe('Basement');
    expect(floorTitle(text(['LEVEL 12A', 24]))).toBe('Level 12A');
    expect(floorTitle(text(['Level-3', 24]))).toBe('Level-3');
    // A plan's words that name no level.
    expect(floorTitle(text(['FLOOR PLAN', 40], ['Floor finishes: carpet', 9], ['Room 101', 12]))).toBeNull();
    expect(floorTitle([])).toBeNull();
  });

  it('finds the rooms’ numbers a plan writes, in the size most of them share, each with a point just above it', () => {
    // A page 1000×500 points: PDF's y goes up, the map's down.
    const toPage = (x: number, y: number) => [x / 1000, 1 - y / 500] as const;
    const text = (str: string, x: number, y: number, height = 10, width = 20) => ({
      str,
      transform: [height, 0, 0, height, x, y],
      width,
      height,
    });
    const labels = roomLabels(
      [
        text('LEVEL 2 – GENERAL ARRANGEMENT', 40, 460, 24, 400),
        text('101', 90, 245),
        text('102', 290, 245),
        text('G-03', 490, 245),
        text(' L2.15A ', 690, 245),
        // The sheet's number and the date in the title block, in other sizes; a word that is no number.
        text('A-101', 900, 30, 18),
        text('2024', 900, 10, 6),
        text('Kitchen', 90, 300),
        // A plan's dimensions: written more than once, or turned along a wall.
        text('3600', 100, 200),
        text('3600', 300, 200),
        { ...text('2400', 40, 100), transform: [0, 10, -10, 0, 40, 100] },
      ],
      toPage,
    );
    // Each just above its number (a dot over it would hide it): 1.6 times its size over where it is written.
    const above = 1 - (245 + 16) / 500;
    expect(labels).toEqual([
      { text: '101', coord: [0.1, above] },
      { text: '102', coord: [0.3, above] },
      { text: 'G-03', coord: [0.5, above] },
      { text: 'L2.15A', coord: [0.7, above] },
    ]);
    // Two numbers are a drawing's references, not a plan's rooms.
    expect(roomLabels([text('101', 90, 245), text('102', 290, 245)], toPage)).toEqual([]);
  });

  it('makes a location of each room’s number, with an id of its own', () => {
    const taken = new Set(['101']);
    const rooms = [
      { text: '101', coord: [0.1, 0.5] as const },
      { text: '101', coord: [0.3, 0.5] as const },
      { text: 'G.03', coord: [0.5, 0.5] as const },
    ];
    expect(roomLocations([{ layer: 'ground', rooms }], taken)).toEqual([
      { id: '101-2', title: '101', coord: [0.1, 0.5], layer: 'ground', type: 'dot' },
      { id: '101-3', title: '101', coord: [0.3, 0.5], layer: 'ground', type: 'dot' },
      { id: 'G-03', title: 'G.03', coord: [0.5, 0.5], layer: 'ground', type: 'dot' },
    ]);
    expect(taken).toEqual(new Set(['101', '101-2', '101-3', 'G-03']));
  });

  it('offers, for a floor’s plan replaced by its next version, only the rooms no location of that floor has yet', () => {
    const rooms = ['101', '102', 'G.03', '104'].map((text) => ({ text, coord: [0.5, 0.5] as const }));
    const locations = [
      { id: '101', layer: 'ground' },
      { id: 'cafe', title: '102', layer: 'ground' },
      { id: 'G-03', layer: null },
      { id: '104', layer: 'upper' },
    ];
    expect(freshRooms(locations, 'ground', rooms).map((r) => r.text)).toEqual(['104']);
    // A new floor has no location yet.
    expect(freshRooms(locations, null, rooms)).toEqual(rooms);
  });

  it('calls a page blank when it is its paper’s colour throughout, give or take a scan’s uneven paper', () => {
    const pixels = (...rgba: number[][]) => new Uint8ClampedArray(rgba.flat());
    const white = [255, 255, 255, 255];
    expect(oneColour(pixels(white, white, white), white)).toBe(true);
    expect(oneColour(pixels([236, 235, 233, 255], [231, 234, 236, 255]), [233, 234, 235, 255])).toBe(true);
    // A faint grey hairline, or a line of a pale colour.
    expect(oneColour(pixels(white, [240, 240, 240, 255], white), white)).toBe(false);
    expect(oneColour(pixels(white, [255, 255, 200, 255]), white)).toBe(false);
  });

  it('refuses, before opening it, a file named .pdf with no PDF inside', async () => {
    const pdf = new File(['%PDF-1.7\n%âãÏÓ\n1 0 obj'], 'plans.pdf', { type: 'application/pdf' });
    expect(await pdfProblem(pdf)).toBeNull();
    const page = new File(['<!doctype html><title>Not found</title>'], 'plans.pdf', { type: 'application/pdf' });
    expect(await pdfProblem(page)).toBe(
      '“plans.pdf” could not be read as a PDF. Export the plan as an SVG or PNG image instead.',
    );
  });
});
