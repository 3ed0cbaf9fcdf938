// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { linkTargetFor } from './link';

const SITE = 'https://shop.example';

describe('where a location’s link opens', () => {
  it('opens in this window when the map is its page’s own (its /m page, the script-tag embed)', () => {
    expect(linkTargetFor(null, false, 'https://www.macys.com')).toBe('_self');
    expect(linkTargetFor(undefined, false, '/contact')).toBe('_self');
  });

  it('opens a link to another site in a new tab from a framed map, so neither the frame nor the page is replaced', () => {
    expect(linkTargetFor(null, true, 'https://www.macys.com', SITE)).toBe('_blank');
    // The framing page unknown (no ancestorOrigins, no referrer): a new tab, never the frame itself.
    expect(linkTargetFor(null, true, 'https://www.macys.com', null)).toBe('_blank');
    expect(linkTargetFor(null, true, 'not a url ::', SITE)).toBe('_blank');
  });

  it('opens a link to the framing site itself in the whole page, as the site’s own links do', () => {
    expect(linkTargetFor(null, true, `${SITE}/stores/macys`, SITE)).toBe('_top');
  });

  it('keeps the author’s explicit choice, framed or not', () => {
    expect(linkTargetFor('_self', true, 'https://www.macys.com', SITE)).toBe('_self');
    expect(linkTargetFor('_top', true, 'https://www.macys.com', SITE)).toBe('_top');
    expect(linkTargetFor('_blank', false, `${SITE}/x`, SITE)).toBe('_blank');
  });
});
