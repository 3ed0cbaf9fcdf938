import { describe, expect, it } from 'vitest';
import { pageKey, resolveHandle } from './route-handle';

describe('resolveHandle', () => {
  it('lets deeper routes override their parents field by field', () => {
    expect(
      resolveHandle([
        { handle: { title: 'Maps', footer: 'short' } },
        { handle: undefined },
        { handle: { title: 'Map', footer: 'none' } },
        { handle: { hideNav: true } },
      ]),
    ).toEqual({ title: 'Map', footer: 'none', hideNav: true });
  });

  it('ignores undefined fields and non-object handles', () => {
    expect(
      resolveHandle([{ handle: { title: 'Pricing' } }, { handle: { title: undefined } }, { handle: 'x' }]),
    ).toEqual({ title: 'Pricing' });
  });
});

describe('pageKey', () => {
  it('is the first pathname below the root, skipping layout and guard routes', () => {
    expect(
      pageKey([
        { pathname: '/' },
        { pathname: '/' },
        { pathname: '/' },
        { pathname: '/maps/abc' },
        { pathname: '/maps/abc/history' },
      ]),
    ).toBe('/maps/abc');
  });

  it('is the root for the index page', () => {
    expect(pageKey([{ pathname: '/' }, { pathname: '/' }, { pathname: '/' }])).toBe('/');
    expect(pageKey([])).toBe('/');
  });
});
