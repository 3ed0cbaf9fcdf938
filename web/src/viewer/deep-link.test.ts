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
      history: {
        state: null,
        replaceState: (_s: unknown, _t: string, url: string) => calls.push(url),
        pushState: () => calls.push('push'),
      } as unknown as History,
    };
    replaceLocationParam('a1', win);
    expect(calls).toEqual(['https://x.example/m/1?location=a1']);
  });
});

describe('directions deep links', () => {
  it('reads from, to, a fixed start and step-free', async () => {
    const { readDirectionsParams } = await import('./deep-link');
    const none = { from: null, to: null, fixedFrom: null, stepFree: false };
    expect(readDirectionsParams('https://x.example/m/demo?from=a&to=%20b%20&fixedfrom=k')).toEqual({
      from: 'a',
      to: 'b',
      fixedFrom: 'k',
      stepFree: false,
    });
    expect(readDirectionsParams('https://x.example/m/demo?to=')).toEqual(none);
    expect(readDirectionsParams('not a url')).toEqual(none);
    for (const yes of ['stepfree=1', 'stepfree', 'stepfree=true', 'stepfree=YES'])
      expect(readDirectionsParams(`https://x.example/m/demo?${yes}`).stepFree, yes).toBe(true);
    for (const no of ['stepfree=0', 'stepfree=no', 'stepFree=1', ''])
      expect(readDirectionsParams(`https://x.example/m/demo?${no}`).stepFree, no).toBe(false);
  });

  it('writes the route into the address bar, keeping the rest', async () => {
    const { replaceDirectionsParams } = await import('./deep-link');
    const win = {
      location: { href: 'https://x.example/m/demo?location=a#h' },
      history: { state: null, replaceState: (_s: unknown, _t: string, url: string) => (win.location.href = url) },
    };
    replaceDirectionsParams('a', 'b', false, win as unknown as Window);
    expect(win.location.href).toBe('https://x.example/m/demo?location=a&from=a&to=b#h');
    replaceDirectionsParams('a', 'b', true, win as unknown as Window);
    expect(win.location.href).toBe('https://x.example/m/demo?location=a&from=a&to=b&stepfree=1#h');
    replaceDirectionsParams('b', 'a', false, win as unknown as Window);
    expect(win.location.href).toBe('https://x.example/m/demo?location=a&from=b&to=a#h');
    // A kiosk's start over takes the route out, keeping the embed's own step-free choice.
    replaceDirectionsParams(null, null, true, win as unknown as Window);
    expect(win.location.href).toBe('https://x.example/m/demo?location=a&stepfree=1#h');
  });
});

describe('kiosk embeds', () => {
  it('reads ?kiosk= as on, off, or not said', async () => {
    const { readKioskParam } = await import('./deep-link');
    for (const yes of ['kiosk=1', 'kiosk', 'kiosk=true', 'kiosk=YES'])
      expect(readKioskParam(`https://x.example/m/demo?${yes}`), yes).toBe(true);
    for (const no of ['kiosk=0', 'kiosk=no', 'kiosk=false'])
      expect(readKioskParam(`https://x.example/m/demo?${no}`), no).toBe(false);
    expect(readKioskParam('https://x.example/m/demo?location=a')).toBeUndefined();
    expect(readKioskParam('not a url')).toBeUndefined();
  });
});
