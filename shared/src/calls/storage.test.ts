import { describe, expect, it } from 'vitest';
import { largeVenueDocument, REAL_TEXT_MAX, storeLocatorDocument } from '../document/large-maps.fixtures';
import { MAP_LIMITS, strictMapDocument } from '../document/map-document';
import {
  DOCUMENT_MAX_BYTES,
  documentSizeProblem,
  formatBytes,
  quotaExceededMessage,
  STORAGE_QUOTA,
  storageQuotaOf,
  utf8Length,
} from './storage';

/** UTF-8 bytes of well-formed text, counted another way than utf8Length: each %XX of its URI encoding is a byte. */
const encodedBytes = (text: string) => encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, '.').length;
const bytesOf = (value: unknown) => encodedBytes(JSON.stringify(value));

describe('document limits (ADR 027)', () => {
  const venue = largeVenueDocument();
  const locator = storeLocatorDocument();

  it('let the largest real maps through with 4x to spare', () => {
    for (const doc of [venue, locator]) {
      expect(strictMapDocument.safeParse(doc).success).toBe(true);
      expect(documentSizeProblem(JSON.stringify(doc))).toBeNull();
    }
    const largest = Math.max(bytesOf(venue), bytesOf(locator));
    expect(largest).toBeGreaterThan(7_000_000);
    expect(DOCUMENT_MAX_BYTES).toBeGreaterThanOrEqual(4 * largest);
    expect(MAP_LIMITS.descLength).toBeGreaterThanOrEqual(4 * REAL_TEXT_MAX.desc);
    expect(MAP_LIMITS.aboutLength).toBeGreaterThanOrEqual(4 * REAL_TEXT_MAX.about);
    expect(MAP_LIMITS.titleLength).toBeGreaterThanOrEqual(4 * REAL_TEXT_MAX.title);
    expect(MAP_LIMITS.fieldValueLength).toBeGreaterThanOrEqual(4 * REAL_TEXT_MAX.fieldValue);
    expect(MAP_LIMITS.contactLength).toBeGreaterThanOrEqual(4 * REAL_TEXT_MAX.hours);
  });

  it('refuse the amplification map: 2,500 descriptions of 20,000 characters, 50 MB', () => {
    const doc = { ...largeVenueDocument(0), locations: [] as unknown[] };
    doc.locations = Array.from({ length: 2_500 }, (_, i) => ({
      id: `l${i}`,
      desc: 'x'.repeat(20_000),
      coord: [0.5, 0.5],
    }));
    const json = JSON.stringify(doc);
    expect(json.length).toBeGreaterThan(50_000_000);
    expect(documentSizeProblem(json)).toMatch(/^This map is 50\.\d MB as saved data; a map can hold at most 32 MB/);
    const parsed = strictMapDocument.safeParse(doc);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]).toMatchObject({
      path: ['locations', 0, 'desc'],
      message: `Must be at most ${MAP_LIMITS.descLength} characters`,
    });
  });

  it('count bytes, not characters, at the edge of the limit', () => {
    const under = 'a'.repeat(DOCUMENT_MAX_BYTES - 2);
    expect(documentSizeProblem(`"${under}"`)).toBeNull();
    // One character past the limit in bytes: 'é' is 2 bytes in UTF-8.
    expect(documentSizeProblem(`"${under.slice(1)}é"`)).toMatch(/at most 32 MB/);
    // 11 million characters of 3 bytes each: under the limit counted in characters, 33 MB in bytes.
    expect(documentSizeProblem('€'.repeat(11_000_000))).toMatch(/^This map is 33 MB as saved data/);
    expect(documentSizeProblem('€'.repeat(10_000_000))).toBeNull();
  });

  it('measure UTF-8 bytes, a lone surrogate as the 3 bytes of its replacement character', () => {
    for (const text of ['', 'ascii', 'é', '€', '😀', 'x😀é€ and more'])
      expect(utf8Length(text)).toBe(encodedBytes(text));
    expect([utf8Length('a\ud800b'), utf8Length('\udc00'), utf8Length('x😀é€\ud83d')]).toEqual([5, 3, 13]);
  });
});

describe('storage quotas', () => {
  it('grow with the slots an account holds', () => {
    expect(storageQuotaOf({ basicCapacity: 0, proCapacity: 0 })).toBe(STORAGE_QUOTA.free);
    expect(storageQuotaOf({ basicCapacity: 2, proCapacity: 1 })).toBe(250_000_000 + 2_000_000_000 + 2_000_000_000);
    expect(storageQuotaOf({ basicCapacity: -1, proCapacity: 0 })).toBe(STORAGE_QUOTA.free);
  });

  it('hold the largest real map with its versions on a Basic slot', () => {
    const versions = 50;
    expect(STORAGE_QUOTA.perBasicSlot).toBeGreaterThanOrEqual(versions * bytesOf(largeVenueDocument()));
  });

  it('say what the account stores, what the write needs and what to do', () => {
    expect(quotaExceededMessage({ needed: 7_825_919, used: 245_000_000, quota: 250_000_000 })).toBe(
      'Your account stores 245 MB of its 250 MB storage, and this needs 7.8 MB more, so nothing was saved. ' +
        'Delete versions you no longer need (History), maps or files you no longer use, or add map slots: each ' +
        'Basic slot adds 1 GB, each Professional slot 2 GB.',
    );
    expect([formatBytes(999), formatBytes(1_500), formatBytes(32_000_000), formatBytes(2_000_000_000)]).toEqual([
      '999 bytes',
      '1.5 KB',
      '32 MB',
      '2 GB',
    ]);
  });
});
