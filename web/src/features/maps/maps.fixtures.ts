/** Test data and a fake call client for the maps feature's tests (imported by tests only). */
import type { vi } from 'vitest';
import { CallError } from '@mapnest/shared/errors';
import { versionLabel } from '@mapnest/shared/keys';
import type { HistoryEntry, MapSummary } from '@mapnest/shared/maps';
import type { SlotCounters } from './maps-api';
import { rememberPendingCheckout, type PendingCheckout } from '../billing/checkout-pending';

/** Fixtures are dated relative to the test run, so relative times and days left read the same on every run. */
export const NOW = new Date();
const DAY = 24 * 60 * 60 * 1000;

export function aMap(fields: Partial<MapSummary> = {}): MapSummary {
  const created = fields.created ?? new Date(NOW.getTime() - 2 * DAY).toISOString();
  return {
    id: 'map00000000000000001',
    title: 'Riverside Mall',
    uid: 'user-1',
    author: 'user-1',
    created,
    edited: new Date(NOW.getTime() - 3 * 60 * 60 * 1000).toISOString(),
    state: 0,
    metrics: { layerCount: 2, locationCount: 14 },
    subscribed: false,
    version: 3,
    activeUntil: new Date(Date.parse(created) + 7 * DAY).toISOString(),
    published: true,
    previewUrl: null,
    lapsedFrom: null,
    licenseEndsAt: null,
    analyticsZone: 'UTC',
    analyticsZoneChange: null,
    publishedVersion: null,
    publishedAt: null,
    publication: 'never',
    restoreOf: null,
    ...fields,
  };
}

export function anEntry(version: number, fields: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    historyMapId: versionLabel(version),
    mapId: 'map00000000000000001',
    version,
    name: null,
    created: new Date(NOW.getTime() - (10 - version) * 60 * 60 * 1000).toISOString(),
    title: 'Riverside Mall',
    metrics: { layerCount: 1, locationCount: version },
    kind: version === 1 ? 'create' : 'save',
    restoredFrom: null,
    publishedAt: null,
    ...fields,
  };
}

export const NO_SLOTS: SlotCounters = {
  testMaps: 0,
  basicUsed: 0,
  proUsed: 0,
  basicCapacity: 0,
  proCapacity: 0,
  basicGranted: 0,
  proGranted: 0,
  basicSubscribed: 0,
  proSubscribed: 0,
  basicLicensed: 0,
};

export const slotError = (slot: 'test' | 'basic' | 'pro', capacity?: number) =>
  new CallError(
    'resource-exhausted',
    'You already have 2 test maps (Plans: #subscribe).',
    capacity === undefined ? { slot } : { slot, capacity },
  );

type Handler = (data: unknown) => unknown;

/** A promise the test settles by hand, to look at the screen while a call is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Routes calls made through the mocked `call` to per-name handlers; a handler's return value (or promise)
 * is the answer, a thrown error the failure. Unexpected calls fail the test loudly.
 */
export function routeCalls(mock: ReturnType<typeof vi.fn>, handlers: Record<string, Handler>) {
  const unexpected: string[] = [];
  mock.mockImplementation(async (name: string, data: unknown) => {
    const handler = handlers[name];
    if (!handler) {
      unexpected.push(name);
      throw new Error(`unexpected call ${name}(${JSON.stringify(data)})`);
    }
    return handler(data);
  });
  return {
    /** The data of every call made to `name`, in order. */
    callsTo: (name: string) => mock.mock.calls.filter((c) => c[0] === name).map((c) => c[1] as unknown),
    /** Names of calls no handler answered (a test asserts this stays empty). */
    unexpected,
  };
}

/** A checkout this tab left for (user-1, one Basic slot, session `cs_test_1`, just now), with `fields` over it. */
export function leftForCheckout(fields: Partial<PendingCheckout> = {}): void {
  rememberPendingCheckout({
    uid: 'user-1',
    sessionId: 'cs_test_1',
    plan: 'basic',
    quantity: 1,
    quantityBefore: 0,
    startedAt: Date.now(),
    ...fields,
  });
}
