// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { beaconSchema } from '@mapnest/shared/analytics';
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

  it('keeps a busy visit’s beacon within the server’s limits: 20 locations, 20 opens each, 50 opens in all', () => {
    const b = new BeaconBatch(id);
    for (let i = 0; i < 30; i++) b.record('locationOpened', { mapId: id, id: 'a', title: 'A', layer: 'f' });
    for (let i = 0; i < 30; i++) b.record('locationOpened', { mapId: id, id: 'b', title: 'B', layer: 'f' });
    for (let i = 0; i < 40; i++) b.record('locationOpened', { mapId: id, id: `l${i}`, title: 'L', layer: 'f' });
    const beacon = b.take()!;
    expect(beacon.o.a).toBe(20);
    expect(beacon.o.b).toBe(20);
    expect(Object.values(beacon.o).reduce((s, n) => s + n, 0)).toBe(50);
    expect(Object.keys(beacon.o)).toHaveLength(12);
    const wide = new BeaconBatch(id);
    for (let i = 0; i < 40; i++) wide.record('locationOpened', { mapId: id, id: `l${i}`, title: 'L', layer: 'f' });
    expect(Object.keys(wide.take()!.o)).toHaveLength(20);
    expect(beaconSchema.safeParse(beacon).success).toBe(true);
    b.record('locationOpened', { mapId: id, id: 'a', title: 'A', layer: 'f' });
    expect(b.take()!.o).toEqual({ a: 1 });
  });

  it('lists the routes asked for with whether one was found, leaving out ends that are not location ids', () => {
    const b = new BeaconBatch(id);
    b.record('routeRequested', { mapId: id, from: 'entrance', to: 'lift-a', stepFree: true, found: true });
    b.record('routeRequested', { mapId: id, from: 'cafe', to: 'roof', stepFree: false, found: false });
    b.record('routeRequested', { mapId: id, from: 'a>b', to: 'roof', stepFree: false, found: true });
    const beacon = b.take()!;
    expect(beacon.r).toBe(3);
    expect(beacon.p).toEqual([
      ['entrance', 'lift-a', true],
      ['cafe', 'roof', false],
    ]);
    expect(beaconSchema.safeParse(beacon).success).toBe(true);
    for (let i = 0; i < 30; i++) b.record('routeRequested', { mapId: id, from: 'a', to: `b${i}`, found: true });
    expect(b.take()!.p).toHaveLength(20);
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

  it('sends on pagehide alone (a page left while still visible), and only once when the tab is hidden too', () => {
    const sent: unknown[] = [];
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (_u: string, b: unknown) => sent.push(b) > 0,
    });
    const { sink, stop } = startBeacon(id, 'https://maps.example');
    sink('ready', { mapId: id, layer: 'f', locations: 1 });
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(1);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sent).toHaveLength(1);
    stop();
  });
});
