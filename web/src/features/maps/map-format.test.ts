import { describe, expect, it } from 'vitest';
import {
  countsLabel,
  exactTime,
  matchesSearch,
  previewSources,
  relativeTime,
  shortDate,
  stateBadge,
  stateText,
  testDaysLeft,
} from './map-format';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2030-05-10T12:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

describe('stateBadge', () => {
  it('shows the days a test map has left, rounded up', () => {
    expect(stateBadge({ state: 0, activeUntil: at(6 * DAY + 1000) }, now).label).toBe('Test · 7 days left');
    expect(stateBadge({ state: 0, activeUntil: at(60_000) }, now).label).toBe('Test · 1 day left');
    expect(stateBadge({ state: 0, activeUntil: at(60_000) }, now).description).toContain(
      `public for 1 day more, until ${shortDate(at(60_000))}`,
    );
  });

  it('says that a test map never published, or unpublished, is public nowhere', () => {
    const until = shortDate(at(2 * DAY));
    const never = stateBadge({ state: 0, activeUntil: at(2 * DAY), publication: 'never' }, now);
    expect(never.label).toBe('Test · 2 days left');
    expect(never.description).toBe(
      `A free test map, never published: nothing of it is public. Published, it would be public until ${until}; go live to keep it public longer.`,
    );
    expect(never.description).not.toContain('stays public');
    expect(stateBadge({ state: 0, activeUntil: at(2 * DAY), publication: 'offline' }, now).description).toContain(
      'A free test map, unpublished: nothing of it is public.',
    );
    // Published (with changes in its draft or not): visitors see it until its days are over.
    for (const publication of ['published', 'changes'] as const)
      expect(stateBadge({ state: 0, activeUntil: at(2 * DAY), publication }, now).description).toBe(
        `A free test map: its embed stays public for 2 days more, until ${until}. Go live to keep it public.`,
      );
    // Expired and never published: there is no expiry notice either, only "not found".
    const expired = stateBadge({ state: 0, activeUntil: at(-1), publication: 'never' }, now);
    expect(expired.label).toBe('Expired');
    expect(expired.description).not.toContain('expiry notice');
    expect(expired.description).toContain('never published, so nothing of it is public');
  });

  it('says in one line when a test map expires', () => {
    expect(stateText({ state: 0, activeUntil: '2030-05-13T12:00:00.000Z' }, now)).toBe('Test · expires May 13, 2030');
    expect(stateText({ state: 0, activeUntil: at(-1) }, now)).toBe('Expired');
    expect(stateText({ state: 3, activeUntil: null }, now)).toBe('Pro');
  });

  it('never shows more than 7 days, even for a map created after the page read the clock', () => {
    expect(testDaysLeft(at(7 * DAY + 5 * 60_000), now)).toBe(7);
  });

  it('marks a test map whose 7 days are over as expired', () => {
    const badge = stateBadge({ state: 0, activeUntil: at(-1) }, now);
    expect(badge).toMatchObject({ label: 'Expired', tone: 'expired' });
    expect(testDaysLeft(at(0), now)).toBe(0);
  });

  it('says which slot a live map is on, not that it is published (publishing is apart: a live map may have none)', () => {
    const descriptions = [1, 3].map((state) => stateBadge({ state: state as 1, activeUntil: null }, now).description);
    expect(descriptions).toEqual(['Live on a Basic slot.', 'Live on a Professional slot.']);
    const licensed = stateBadge({ state: 1, activeUntil: null, licenseEndsAt: '2030-05-13T12:00:00.000Z' }, now);
    expect(licensed.description).toBe('Live on Basic with a registered marketplace license.');
  });

  it('names the other states', () => {
    expect([1, 3, 2, 9].map((state) => stateBadge({ state: state as 1, activeUntil: null }, now).label)).toEqual([
      'Live',
      'Pro',
      'Demo',
      'Admin',
    ]);
  });

  it('says until when a licensed map is live', () => {
    expect(stateBadge({ state: 1, activeUntil: null, licenseEndsAt: '2030-11-10T12:00:00.000Z' }, now).label).toBe(
      'Licensed until Nov 10, 2030',
    );
    expect(shortDate('2030-11-10T12:00:00.000Z')).toBe('Nov 10, 2030');
  });
});

describe('relativeTime', () => {
  it('reads recent times in words', () => {
    expect(relativeTime(at(-10_000), now)).toBe('just now');
    expect(relativeTime(at(-5 * 60_000), now)).toBe('5 minutes ago');
    expect(relativeTime(at(-3 * 60 * 60_000), now)).toBe('3 hours ago');
    expect(relativeTime(at(-DAY - 1000), now)).toBe('yesterday');
    expect(relativeTime(at(-400 * DAY), now)).toBe('last year');
  });

  it('treats a time slightly in the future as just now and bad input as empty', () => {
    expect(relativeTime(at(30_000), now)).toBe('just now');
    expect(relativeTime('not a date', now)).toBe('');
  });
});

describe('countsLabel', () => {
  it('uses singular and plural forms', () => {
    expect(countsLabel({ layerCount: 1, locationCount: 1 })).toBe('1 layer · 1 location');
    expect(countsLabel({ layerCount: 0, locationCount: 20000 })).toBe('0 layers · 20,000 locations');
  });
});

describe('previewSources', () => {
  const origin = 'https://app.example.com';
  it('tries an upload’s 256 px thumbnail before the file itself', () => {
    expect(previewSources('/files/u1/plan.png', origin)).toEqual([
      '/files/u1/plan.png/.thumb-256.jpg',
      '/files/u1/plan.png',
    ]);
    expect(previewSources('https://app.example.com/files/u1/a.jpg', origin)).toEqual([
      'https://app.example.com/files/u1/a.jpg/.thumb-256.jpg',
      'https://app.example.com/files/u1/a.jpg',
    ]);
  });

  it('uses other web images as they are', () => {
    expect(previewSources('https://cdn.example.org/files/map.svg', origin)).toEqual([
      'https://cdn.example.org/files/map.svg',
    ]);
    expect(previewSources('/img/retail.svg', origin)).toEqual(['/img/retail.svg']);
  });

  it('gives nothing (the placeholder) for no file or a non-web address', () => {
    expect(previewSources(null, origin)).toEqual([]);
    expect(previewSources('', origin)).toEqual([]);
    expect(previewSources('javascript:alert(1)', origin)).toEqual([]);
    expect(previewSources('data:image/svg+xml,<svg/>', origin)).toEqual([]);
  });
});

describe('matchesSearch', () => {
  const map = { id: 'abc123', title: 'Café Zürich Mall' };
  it('matches titles without regard to case or accents', () => {
    expect(matchesSearch(map, 'cafe zur')).toBe(true);
    expect(matchesSearch(map, '  MALL ')).toBe(true);
    expect(matchesSearch(map, 'airport')).toBe(false);
    expect(matchesSearch(map, '')).toBe(true);
  });

  it('matches a whole map id', () => {
    expect(matchesSearch(map, 'ABC123')).toBe(true);
    expect(matchesSearch(map, 'abc')).toBe(false);
  });
});

describe('exactTime', () => {
  it('gives the second, so two versions saved within one minute are told apart', () => {
    const a = exactTime('2026-12-03T06:55:04.000Z');
    const b = exactTime('2026-12-03T06:55:41.000Z');
    expect(a).not.toBe(b);
    expect(a).toMatch(/\d:\d\d:04\b/);
    expect(exactTime('not a date')).toBe('');
  });
});
