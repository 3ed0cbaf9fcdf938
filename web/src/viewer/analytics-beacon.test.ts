// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BeaconBatch, startBeacon } from './analytics-beacon';

const id = 'abcdefghijklmnopqrst';

describe('analytics beacon batch', () => {
  it('sends the view once, counts opens per location, and sends nothing when nothing happened since', () => {
    const b = new BeaconBatch(id);
    b.record('ready', { mapId: id, layer: 'f', locations: 3 });
    b.record('locationOpened', { mapId: id, id: 'a', title: 'A', layer: 'f' });
    b.record('locationOpened', { mapId: id, id: 'a', title: 'A', layer: 'f' });
    b.record('routeRequested', { mapId: id });
    expect(b.take()).toEqual({ m: id, v: 1, o: { a: 2 }, s: [], f: 0, r: 1 });
    expect(b.take()).toBeNull();
    b.record('locationOpened', { mapId: id, id: 'b', title: 'B', layer: 'f' });
    expect(b.take()).toEqual({ m: id, v: 0, o: { b: 1 }, s: [], f: 0, r: 0 });
  });

  it('counts a typed query once, as the query settled on, with whether it found anything', () => {
    const b = new BeaconBatch(id);
    for (const [query, count] of [
      ['c', 9],
      ['co', 4],
      ['cof', 1],
      ['coff', 0],
    ] as const)
      b.record('filtersChanged', { mapId: id, query, values: {}, count });
    b.record('filtersChanged', { mapId: id, query: '', values: {}, count: 10 });
    b.record('filtersChanged', { mapId: id, query: 'tea', values: {}, count: 2 });
    expect(b.take()?.s).toEqual([
      ['coff', false],
      ['tea', true],
    ]);
  });

  it('counts filter uses when filter values change, not when only the query does', () => {
    const b = new BeaconBatch(id);
    b.record('filtersChanged', { mapId: id, query: 'x', values: { g: [] }, count: 1 });
    b.record('filtersChanged', { mapId: id, query: 'x', values: { g: ['food'] }, count: 1 });
    b.record('filtersChanged', { mapId: id, query: 'x', values: { g: [] }, count: 1 });
    expect(b.take()?.f).toBe(2);
  });
});

describe('startBeacon', () => {
  afterEach(() => vi.restoreAllMocks());

  it('passes events on and sends one text beacon to the origin when the page is hidden', () => {
    const sent: Array<[string, unknown]> = [];
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, body: unknown) => (sent.push([url, body]), true),
    });
    const next = vi.fn();
    const { sink, stop } = startBeacon(id, 'https://maps.example', next);
    sink('ready', { mapId: id, layer: 'f', locations: 1 });
    expect(next).toHaveBeenCalledWith('ready', { mapId: id, layer: 'f', locations: 1 });
    expect(sent).toEqual([]);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toEqual([
      ['https://maps.example/api/beacon', JSON.stringify({ m: id, v: 1, o: {}, s: [], f: 0, r: 0 })],
    ]);
    stop();
    expect(sent).toHaveLength(1);
  });
});
