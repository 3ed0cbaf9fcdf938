import { describe, expect, it } from 'vitest';
import { nearestPage } from './nearest-page';

describe('nearestPage', () => {
  it('suggests the page a typo meant', () => {
    expect(nearestPage('/pricng')).toBe('/pricing');
    expect(nearestPage('/Contcat')).toBe('/contact');
    expect(nearestPage('/case-study/retial')).toBe('/case-study/retail');
    expect(nearestPage('/login/')).toBe(null); // a page already: nothing to suggest
  });

  it('suggests the page an address goes below', () => {
    expect(nearestPage('/maps/abc123/history')).toBe('/maps/abc123');
    expect(nearestPage('/maps/AbC123/history')).toBe('/maps/AbC123');
    expect(nearestPage('/pricing/plans/basic')).toBe('/pricing');
    expect(nearestPage('/case-study/retail/more')).toBe('/case-study/retail');
  });

  it('suggests nothing for an address near no page, or equally near two', () => {
    expect(nearestPage('/wp-admin')).toBe(null);
    expect(nearestPage('/xyz')).toBe(null);
    expect(nearestPage('/signxx')).toBe(null); // /signin and /signup are both two letters away
  });
});
