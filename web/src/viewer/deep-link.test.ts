import { describe, expect, it } from 'vitest';
import { readLocationParam, replaceLocationParam, withLocationParam } from './deep-link';

describe('deep links', () => {
  it('reads the location parameter', () => {
    expect(readLocationParam('https://x.example/m/abc?location=a101')).toBe('a101');
    expect(readLocationParam('https://x.example/m/abc?location=')).toBeNull();
    expect(readLocationParam('not a url')).toBeNull();
  });

  it('sets and removes the parameter, keeping the rest of the URL', () => {
    expect(withLocationParam('https://x.example/p?a=1#h', 'b2')).toBe('https://x.example/p?a=1&location=b2#h');
    expect(withLocationParam('https://x.example/p?location=b2&a=1', null)).toBe('https://x.example/p?a=1');
  });

  it('replaces the history entry instead of pushing one', () => {
    const calls: string[] = [];
    const win = {
      location: { href: 'https://x.example/m/1' } as Location,
      history: { state: null, replaceState: (_s: unknown, _t: string, url: string) => calls.push(url), pushState: () => calls.push('push') } as unknown as History,
    };
    replaceLocationParam('a1', win);
    expect(calls).toEqual(['https://x.example/m/1?location=a1']);
  });
});
