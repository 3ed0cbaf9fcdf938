import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './next-path';

describe('loginPathFor', () => {
  it('passes the attempted path, encoded, as next', () => {
    expect(loginPathFor('/maps/abc?tab=1#settings')).toBe('/login?next=%2Fmaps%2Fabc%3Ftab%3D1%23settings');
  });

  it('round-trips through safeNextPath', () => {
    const attempted = '/maps/a b?x=1&y=2#settings/Plan';
    expect(safeNextPath(loginPathFor(attempted).split('?')[1] ?? '')).toBe(attempted);
  });
});

describe('safeNextPath', () => {
  it.each([
    ['?next=%2Fmaps%2Fnew', '/maps/new'],
    ['?next=/maps', '/maps'],
  ])('accepts a path on this site (%s)', (search, expected) => {
    expect(safeNextPath(search)).toBe(expected);
  });

  it.each([
    ['no next', ''],
    ['an absolute URL', '?next=https%3A%2F%2Fevil.example'],
    ['a protocol-relative URL', '?next=%2F%2Fevil.example'],
    ['a backslash trick', '?next=%2F%5Cevil.example'],
    ['a javascript: URL', '?next=javascript%3Aalert(1)'],
    ['a relative path', '?next=maps'],
    ['control characters', '?next=%2Fmaps%0A'],
  ])('rejects %s', (_, search) => {
    expect(safeNextPath(search)).toBeNull();
  });
});
