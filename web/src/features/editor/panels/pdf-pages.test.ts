import { describe, expect, it } from 'vitest';
import { floorTitle, isPdf, pageFileName, pageScale, pdfProblem, PLAN_PIXELS } from './pdf-pages';

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

  it('refuses, before opening it, a file named .pdf with no PDF inside', async () => {
    const pdf = new File(['%PDF-1.7\n%âãÏÓ\n1 0 obj'], 'plans.pdf', { type: 'application/pdf' });
    expect(await pdfProblem(pdf)).toBeNull();
    const page = new File(['<!doctype html><title>Not found</title>'], 'plans.pdf', { type: 'application/pdf' });
    expect(await pdfProblem(page)).toBe(
      '“plans.pdf” could not be read as a PDF. Export the plan as an SVG or PNG image instead.',
    );
  });
});
