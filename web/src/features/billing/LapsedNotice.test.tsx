import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MapSummary } from '@mapnest/shared/maps';
import { renderRoutes, signedIn, isolateEachTest } from '../../app/testing.fixtures';
import { call } from '../../lib/api';
import { aMap, NO_SLOTS, routeCalls } from '../maps/maps.fixtures';
import { lapsedText } from './LapsedNotice';

vi.mock('../../lib/api', () => ({ call: vi.fn() }));
const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;

isolateEachTest(mockCall);

const UNTIL = '2026-12-06T12:00:00.000Z';
/** A map that went back to test, published (visitors see it until UNTIL) unless said otherwise. */
const lapsed = (n: number, from: 1 | 3 = 1, fields: Partial<MapSummary> = {}) =>
  aMap({
    id: `map0000000000000000${n}`,
    title: `Venue ${n}`,
    lapsedFrom: from,
    activeUntil: UNTIL,
    published: true,
    publication: 'published',
    publishedVersion: 3,
    ...fields,
  });
const neverPublished = { published: false, publication: 'never', publishedVersion: null } as const;

describe('maps that went back to test', () => {
  it('says how many and brings them all back with one click', async () => {
    let maps: MapSummary[] = [lapsed(1), lapsed(2, 3), aMap({ id: 'map00000000000000009', title: 'Fresh' })];
    const calls = routeCalls(mockCall, {
      listMaps: () => maps,
      getSlots: () => NO_SLOTS,
      restoreLapsedMaps: () => {
        maps = maps.map((m) => (m.lapsedFrom ? { ...m, state: m.lapsedFrom, lapsedFrom: null, activeUntil: null } : m));
        return { restored: 2, remaining: 0 };
      },
    });
    renderRoutes('/maps', { session: signedIn });
    const notice = await screen.findByRole('region', { name: 'Maps back in test' });
    expect(notice.textContent).toContain(
      '2 maps went back to test when your slots ran out. They stay public until Dec 6, 2026.',
    );
    fireEvent.click(within(notice).getByRole('button', { name: 'Bring them back' }));
    expect(await within(notice).findByText('2 maps are back.')).toBeTruthy();
    expect(calls.callsTo('restoreLapsedMaps')).toEqual([null]);
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'Venue 2' })).getByText('Pro')).toBeTruthy());
    expect(within(notice).queryByRole('button', { name: 'Bring them back' })).toBeNull();
  });

  it('says how many still need a slot, with a link to the plans', async () => {
    routeCalls(mockCall, {
      listMaps: () => [lapsed(1), lapsed(2), lapsed(3)],
      getSlots: () => NO_SLOTS,
      restoreLapsedMaps: () => ({ restored: 1, remaining: 2 }),
    });
    renderRoutes('/maps', { session: signedIn });
    const notice = await screen.findByRole('region', { name: 'Maps back in test' });
    expect(notice.textContent).toContain('3 maps went back to test');
    fireEvent.click(within(notice).getByRole('button', { name: 'Bring them back' }));
    const result = await within(notice).findByText(/still need a free slot/);
    expect(result.textContent).toBe('1 map is back. 2 maps still need a free slot. Buy 2 slots');
    expect(within(result).getByRole('link', { name: 'Buy 2 slots' }).getAttribute('href')).toBe('/maps#subscribe');
  });

  it('says that a map never published is public nowhere, and offers to bring it (not them) back', async () => {
    routeCalls(mockCall, {
      listMaps: () => [lapsed(1, 1, neverPublished)],
      getSlots: () => NO_SLOTS,
      restoreLapsedMaps: () => ({ restored: 1, remaining: 0 }),
    });
    renderRoutes('/maps', { session: signedIn });
    const notice = await screen.findByRole('region', { name: 'Maps back in test' });
    expect(notice.textContent).toContain(
      '1 map went back to test when your slots ran out. It was never published, so nothing of it is public.',
    );
    expect(notice.textContent).not.toMatch(/visible|stays public/);
    expect(within(notice).queryByRole('button', { name: 'Bring them back' })).toBeNull();
    fireEvent.click(within(notice).getByRole('button', { name: 'Bring it back' }));
    expect(await within(notice).findByText('1 map is back.')).toBeTruthy();
  });

  it('tells apart the maps visitors see from those they do not', () => {
    const offline = { published: false, publication: 'offline', publishedVersion: null } as const;
    const expired = { published: false, activeUntil: '2026-11-01T12:00:00.000Z' };
    const shown = lapsed(1);
    const later = lapsed(2, 1, { activeUntil: '2026-12-09T12:00:00.000Z' });
    expect(lapsedText([shown])).toBe(
      '1 map went back to test when your slots ran out. It stays public until Dec 6, 2026.',
    );
    expect(lapsedText([shown, later])).toBe(
      '2 maps went back to test when your slots ran out. They stay public until Dec 9, 2026 at the latest.',
    );
    expect(lapsedText([lapsed(1, 1, neverPublished), lapsed(2, 1, neverPublished)])).toBe(
      '2 maps went back to test when your slots ran out. They were never published, so nothing of them is public.',
    );
    expect(lapsedText([lapsed(1, 1, offline)])).toBe(
      '1 map went back to test when your slots ran out. It is not published, so nothing of it is public.',
    );
    expect(lapsedText([lapsed(1, 1, expired)])).toBe(
      '1 map went back to test when your slots ran out. It is not public now.',
    );
    expect(lapsedText([shown, lapsed(2, 1, neverPublished), lapsed(3, 1, offline)])).toBe(
      '3 maps went back to test when your slots ran out. 1 of them stays public until Dec 6, 2026; the other 2 are not public.',
    );
  });

  it('is not shown when no map lapsed', async () => {
    routeCalls(mockCall, { listMaps: () => [aMap()], getSlots: () => NO_SLOTS });
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Riverside Mall' });
    expect(screen.queryByRole('region', { name: 'Maps back in test' })).toBeNull();
  });

  it('shows a new user without maps or plan how to use a purchase code', async () => {
    routeCalls(mockCall, { listMaps: () => [], getSlots: () => NO_SLOTS });
    renderRoutes('/maps', { session: signedIn });
    const empty = await screen.findByRole('region', { name: 'Create your first map' });
    expect(empty.textContent).toContain(
      'Have an Envato purchase code? Create a map, then choose Register license in its menu',
    );
  });

  it('leaves the purchase code hint out for a subscriber', async () => {
    routeCalls(mockCall, { listMaps: () => [], getSlots: () => NO_SLOTS });
    renderRoutes('/maps', { session: { ...signedIn, plans: [{ plan: 'basic', quantity: 1, cancelAt: null }] } });
    const empty = await screen.findByRole('region', { name: 'Create your first map' });
    expect(empty.textContent).not.toContain('purchase code');
  });
});
