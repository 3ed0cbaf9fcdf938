import { describe, expect, it } from 'vitest';
import { isPdf, pageFileName, pageScale, pdfProblem, PLAN_PIXELS } from './pdf-pages';

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

  it('refuses, before opening it, a file named .pdf with no PDF inside', async () => {
    const pdf = new File(['%PDF-1.7\n%âãÏÓ\n1 0 obj'], 'plans.pdf', { type: 'application/pdf' });
    expect(await pdfProblem(pdf)).toBeNull();
    const page = new File(['<!doctype html><title>Not found</title>'], 'plans.pdf', { type: 'application/pdf' });
    expect(await pdfProblem(page)).toBe(
      '“plans.pdf” could not be read as a PDF. Export the plan as an SVG or PNG image instead.',
    );
  });
});
