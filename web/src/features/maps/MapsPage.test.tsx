import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { CallError } from '@mapnest/shared/errors';
import type { MapSummary } from '@mapnest/shared/maps';
import { sessionAtom } from '../../state/session';
import { renderRoutes, signedIn, signedOut, isolateEachTest } from '../../app/testing.fixtures';
import { call } from '../../lib/api';
import { aMap, anEntry, deferred, leftForCheckout, NO_SLOTS, routeCalls, slotError } from './maps.fixtures';
import { shortDate } from './map-format';
import { readPendingCheckout } from '../billing/checkout-pending';
import { verifiedArrival, VERIFIED_MESSAGE } from '../auth/pending-signup';

vi.mock('../../lib/api', () => ({ call: vi.fn() }));
const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;

const DAY = 24 * 60 * 60 * 1000;
const mall = aMap();
const campus = aMap({
  id: 'map00000000000000002',
  title: 'Campus Map',
  state: 1,
  activeUntil: null,
  metrics: { layerCount: 1, locationCount: 1 },
  previewUrl: '/files/user-1/campus.png',
});

isolateEachTest(mockCall);

const card = (title: string) => screen.getByRole('article', { name: title });
const openMenu = (title: string) =>
  fireEvent.click(within(card(title)).getByRole('button', { name: `More actions for ${title}` }));
const pick = (item: string) => fireEvent.click(screen.getByRole('menuitem', { name: item }));

/** On /maps, renames Riverside Mall to `title` from its card's menu. */
async function renameMallTo(title: string): Promise<void> {
  renderRoutes('/maps', { session: signedIn });
  await screen.findByRole('article', { name: 'Riverside Mall' });
  openMenu('Riverside Mall');
  pick('Rename');
  const field = screen.getByRole('textbox', { name: 'Map title' });
  fireEvent.change(field, { target: { value: title } });
  fireEvent.submit(field.closest('form')!);
}

describe('maps list', () => {
  it('invites a user without maps to create the first one', async () => {
    const calls = routeCalls(mockCall, { listMaps: () => [], getSlots: () => NO_SLOTS, listSubscriptions: () => [] });
    renderRoutes('/maps', { session: signedIn });
    expect(await screen.findByRole('heading', { name: 'Create your first map' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a map' }).getAttribute('href')).toBe('/maps/new');
    // The 7 days run from the map's creation, not from its publication.
    expect(screen.getByText(/Test maps are free/).textContent).toContain(
      'once published, visitors see one until 7 days after it was created.',
    );
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.getByRole('region', { name: 'Map slots' }).textContent).toContain('0 of 2 used');
    expect(calls.unexpected).toEqual([]);
  });

  it('welcomes a new account arriving from its verification, once: a reload of the page says nothing', async () => {
    routeCalls(mockCall, { listMaps: () => [], getSlots: () => NO_SLOTS, listSubscriptions: () => [] });
    const { router, unmount } = renderRoutes('/', { session: signedIn });
    await act(() => router.navigate(verifiedArrival.to, verifiedArrival.options));
    expect((await screen.findByRole('status')).textContent).toContain(VERIFIED_MESSAGE);
    await screen.findByRole('heading', { name: 'Create your first map' });
    // The arrival leaves the history entry: the same entry rendered again (a reload) has no welcome.
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location.pathname).toBe('/maps');
    unmount();
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('heading', { name: 'Create your first map' });
    expect(screen.queryByText(VERIFIED_MESSAGE)).toBeNull();
  });

  it('shows each map as a card with preview, state, edit time and counts', async () => {
    const made = new Date(Date.now() - 9 * DAY).toISOString();
    const expired = aMap({
      id: 'map00000000000000003',
      title: 'Old Plan',
      created: made,
      edited: made,
      activeUntil: new Date(Date.now() - 2 * DAY).toISOString(),
      published: false,
    });
    routeCalls(mockCall, {
      listMaps: () => [mall, campus, expired],
      getSlots: () => ({ ...NO_SLOTS, testMaps: 2, basicUsed: 1, basicCapacity: 3 }),
    });
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Riverside Mall' });

    const first = card('Riverside Mall');
    expect(within(first).getByRole('link', { name: 'Riverside Mall' }).getAttribute('href')).toBe(`/maps/${mall.id}`);
    expect(within(first).getByText(/^Test · 5 days left/)).toBeTruthy();
    expect(within(first).getByText(`Expires ${shortDate(mall.activeUntil)}`)).toBeTruthy();
    expect(within(first).getByText('3 hours ago').parentElement!.textContent).toBe('Edited 3 hours ago');
    expect(within(first).getByText('2 layers · 14 locations')).toBeTruthy();
    // A map not changed since it was made says when it was made, not that it was edited.
    expect(card('Old Plan').querySelector('.map-card__meta')!.textContent).toMatch(/^Created (last week|9 days ago)$/);
    expect(within(card('Campus Map')).getByText('Live')).toBeTruthy();
    expect(within(card('Campus Map')).getByText('1 layer · 1 location')).toBeTruthy();
    expect(within(card('Old Plan')).getByText('Expired')).toBeTruthy();

    const slots = screen.getByRole('region', { name: 'Map slots' });
    expect(slots.textContent).toContain('2 of 2 used');
    expect(slots.textContent).toContain('Basic slots1 of 3 used');
    expect(within(slots).getByRole('link', { name: 'Buy map slots' }).getAttribute('href')).toBe('/maps#subscribe');
  });

  it('tells an administrator that their Professional maps need no slot, where "2 of 0 used" had a meter', async () => {
    const demo = aMap({ id: 'map00000000000000005', title: 'Demo Mall', state: 3, activeUntil: null });
    routeCalls(mockCall, {
      listMaps: () => [demo, { ...demo, id: 'map00000000000000006', title: 'Demo Campus' }],
      getSlots: () => ({ ...NO_SLOTS, proUsed: 2 }),
    });
    renderRoutes('/maps', { session: { ...signedIn, admin: true } });
    await screen.findByRole('article', { name: 'Demo Mall' });
    const slots = screen.getByRole('region', { name: 'Map slots' });
    expect(slots.textContent).toContain(
      'Professional slots2 Professional mapsSet by an administrator (no slot needed).',
    );
    expect(slots.textContent).not.toContain('of 0 used');
    expect(slots.querySelectorAll('.slot__meter')).toHaveLength(0);
  });

  it('tells a customer how many maps are over their slots, beside a full meter', async () => {
    routeCalls(mockCall, {
      listMaps: () => [campus],
      getSlots: () => ({ ...NO_SLOTS, basicUsed: 3, basicCapacity: 2 }),
    });
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Campus Map' });
    const slots = screen.getByRole('region', { name: 'Map slots' });
    expect(slots.textContent).toContain('Basic slots3 of 2 used, 1 over');
    expect(slots.textContent).toContain('One map holds Basic without a slot');
    expect(slots.querySelector('.slot__meter.is-full')).not.toBeNull();
  });

  it('reads each card’s state as words, without stray punctuation', async () => {
    routeCalls(mockCall, { listMaps: () => [mall, campus], getSlots: () => NO_SLOTS });
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Riverside Mall' });
    // What a screen reader reads of the badge: its text without what is hidden from it.
    const spoken = (title: string) => {
      const badge = card(title).querySelector('.map-badge')!.cloneNode(true) as HTMLElement;
      badge.querySelectorAll('[aria-hidden="true"]').forEach((n) => n.remove());
      return badge.textContent;
    };
    expect(spoken('Riverside Mall')).toMatch(/^Test, 5 days left\. A free test map, /);
    expect(spoken('Campus Map')).toBe('Live. Live on a Basic slot.');
    for (const title of ['Riverside Mall', 'Campus Map']) expect(spoken(title)).not.toMatch(/·|^\.|\s\./);
  });

  it('shows no payment spinner beside a failed load of the maps, and the confirmation once they load', async () => {
    leftForCheckout({ quantity: 3 });
    onTestFinished(() => sessionStorage.clear());
    let fail = true;
    routeCalls(mockCall, {
      listMaps: () => {
        if (fail) throw new CallError('unavailable', 'unavailable');
        return [mall];
      },
      getSlots: () => NO_SLOTS,
      listSubscriptions: () => [],
    });
    renderRoutes('/maps?checkout=cs_test_1', { session: signedIn });
    await screen.findByText(/Could not load your maps/);
    // The confirmation goes on checking, out of sight.
    expect(document.querySelector('.checkout-return')).toBeNull();
    expect(readPendingCheckout('user-1')).not.toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('article', { name: 'Riverside Mall' });
    expect(document.querySelector('.checkout-return .spinner')).not.toBeNull();
    expect(screen.queryByText(/Could not load your maps/)).toBeNull();
  });

  it('logs a failed read of the maps or the slots as an error, but not a refused session, which is no fault of the app', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    onTestFinished(() => logged.mockRestore());
    let code: 'unauthenticated' | 'internal' = 'unauthenticated';
    routeCalls(mockCall, {
      listMaps: () => {
        throw new CallError(code, code === 'internal' ? 'Internal error' : 'Unauthenticated');
      },
      getSlots: () => {
        throw new CallError(code, code === 'internal' ? 'Internal error' : 'Unauthenticated');
      },
      listSubscriptions: () => [],
    });
    renderRoutes('/maps', { session: signedIn });
    await screen.findByText(/Could not load your maps/);
    await waitFor(() => expect(mockCall.mock.calls.filter((c) => c[0] === 'getSlots').length).toBeGreaterThan(0));
    const places = () => logged.mock.calls.map((c) => String(c[0]));
    expect(places().filter((p) => p.startsWith('[maps:'))).toEqual([]);
    code = 'internal';
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(places()).toContain('[maps:load]'));
  });

  it('opens a map’s analytics page from its card’s menu', async () => {
    routeCalls(mockCall, {
      listMaps: () => [campus],
      getSlots: () => NO_SLOTS,
      getMap: () => ({ map: campus, documentUrl: '/files/doc.json', history: [] }),
    });
    const { router } = renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Campus Map' });
    openMenu('Campus Map');
    pick('Analytics');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/maps/${campus.id}/analytics`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeTruthy();
    expect(screen.getByText(/Analytics come with the Professional plan/)).toBeTruthy();
  });

  it('shows an upload’s thumbnail, then the original, then a placeholder', async () => {
    routeCalls(mockCall, { listMaps: () => [campus], getSlots: () => NO_SLOTS });
    renderRoutes('/maps', { session: signedIn });
    const media = (await screen.findByRole('article', { name: 'Campus Map' })).querySelector('.map-card__media')!;
    const img = () => media.querySelector('img');
    expect(img()!.getAttribute('src')).toBe('/files/user-1/campus.png/.thumb-256.jpg');
    fireEvent.error(img()!);
    expect(img()!.getAttribute('src')).toBe('/files/user-1/campus.png');
    fireEvent.error(img()!);
    expect(img()).toBeNull();
    expect(media.querySelector('.map-thumb__art')).toBeTruthy();
  });

  it('filters by title and focuses the search on "/"', async () => {
    routeCalls(mockCall, { listMaps: () => [mall, campus], getSlots: () => NO_SLOTS });
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Campus Map' });
    const search = screen.getByRole('searchbox', { name: 'Search maps' });
    // The shortcut is registered by an effect that may run after the first list is shown: press until it answers.
    await waitFor(() => {
      fireEvent.keyDown(document.body, { key: '/' });
      expect(document.activeElement).toBe(search);
    });
    fireEvent.change(search, { target: { value: 'campus' } });
    expect(screen.queryByRole('article', { name: 'Riverside Mall' })).toBeNull();
    expect(screen.getByText('1 of 2 maps')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'zoo' } });
    expect(screen.getByText('No maps match “zoo”.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all maps' }));
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('mirrors the loaded maps into the session store', async () => {
    routeCalls(mockCall, { listMaps: () => [mall], getSlots: () => NO_SLOTS });
    const { store } = renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Riverside Mall' });
    const session = store.get(sessionAtom);
    expect(session.mapsLoaded).toBe(true);
    expect(session.maps.map((m) => m.title)).toEqual(['Riverside Mall']);
  });

  it('explains a failed load and tries again on request', async () => {
    let fail = true;
    routeCalls(mockCall, {
      listMaps: () => {
        if (fail) throw new CallError('unavailable', 'unavailable');
        return [mall];
      },
      getSlots: () => NO_SLOTS,
    });
    renderRoutes('/maps', { session: signedIn });
    expect((await screen.findByText(/Could not load your maps/)).textContent).toContain(
      'The server is unavailable right now.',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Riverside Mall' })).toBeTruthy();
  });

  it('renames a map inline', async () => {
    const calls = routeCalls(mockCall, {
      listMaps: () => [mall],
      getSlots: () => NO_SLOTS,
      renameMap: (data) => ({ ...mall, title: (data as { title: string }).title }),
    });
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Riverside Mall' });
    openMenu('Riverside Mall');
    pick('Rename');
    const field = screen.getByRole('textbox', { name: 'Map title' });
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.submit(field.closest('form')!);
    expect(await screen.findByText('A title is required')).toBeTruthy();
    expect(calls.callsTo('renameMap')).toEqual([]);
    fireEvent.change(field, { target: { value: '  Riverside Mall West ' } });
    fireEvent.submit(field.closest('form')!);
    const renamed = await screen.findByRole('link', { name: 'Riverside Mall West' });
    expect(calls.callsTo('renameMap')).toEqual([{ id: mall.id, title: 'Riverside Mall West', replaces: mall.title }]);
    await waitFor(() => expect(document.activeElement).toBe(renamed));
  });

  it('keeps a title changed elsewhere since the list showed it, shows that title and says so', async () => {
    const message =
      'This map was renamed elsewhere (another tab or device) to “Riverside Mall 2027”, so it was not renamed. Rename it again to replace that title.';
    routeCalls(mockCall, {
      listMaps: () => [mall],
      getSlots: () => NO_SLOTS,
      renameMap: () => {
        throw new CallError('aborted', message, { map: { ...mall, title: 'Riverside Mall 2027' } });
      },
    });
    await renameMallTo('Riverside Mall West');
    expect(await screen.findByText(message)).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Riverside Mall 2027' })).toBeTruthy();
  });

  it('says a title is too long as it is typed when renaming, keeps it whole, and renames nothing', async () => {
    const calls = routeCalls(mockCall, { listMaps: () => [mall], getSlots: () => NO_SLOTS });
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Riverside Mall' });
    openMenu('Riverside Mall');
    pick('Rename');
    const field = screen.getByRole('textbox', { name: 'Map title' }) as HTMLInputElement;
    // A maxLength would cut the paste in a browser, unseen (the test DOM does not apply it).
    expect(field.maxLength).toBe(-1);
    const error = () => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
    // The server's limit and message (MAP_TITLE_MAX, mapTitleSchema): 100 characters are a title, 101 are not.
    fireEvent.change(field, { target: { value: 'R'.repeat(100) } });
    expect(field.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(field, { target: { value: 'R'.repeat(101) } });
    expect(error()).toBe('A title has at most 100 characters');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const long = 'Riverside Mall '.repeat(10);
    fireEvent.change(field, { target: { value: long } });
    expect(error()).toBe('A title has at most 100 characters');
    expect(field.value).toBe(long);
    fireEvent.submit(field.closest('form')!);
    fireEvent.click(screen.getByRole('button', { name: 'Save Map title' }));
    await act(async () => undefined);
    expect(screen.getByText('A title has at most 100 characters')).toBeTruthy();
    expect(field.value).toBe(long);
    expect(calls.callsTo('renameMap')).toEqual([]);
    // Back within the limit, the message goes as it is typed; a field emptied to be retyped is told only when saved.
    fireEvent.change(field, { target: { value: long.slice(0, 100) } });
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('A title has at most 100 characters')).toBeNull();
    fireEvent.change(field, { target: { value: '' } });
    expect(screen.queryByText('A title is required')).toBeNull();
  });

  it('shows the new title and no failure when the answer to a rename is lost after the server renamed', async () => {
    let maps: MapSummary[] = [mall];
    const calls = routeCalls(mockCall, {
      listMaps: () => maps,
      getSlots: () => NO_SLOTS,
      renameMap: (data) => {
        maps = [{ ...mall, title: (data as { title: string }).title }];
        throw new CallError('unavailable', 'unavailable');
      },
    });
    await renameMallTo(' Riverside Mall West ');
    expect(await screen.findByRole('link', { name: 'Riverside Mall West' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Map title' })).toBeNull();
    expect(screen.queryByText(/cannot be reached/)).toBeNull();
    expect(calls.callsTo('renameMap')).toHaveLength(1);
  });

  it('says a rename is not confirmed, not that it failed, when its answer and the list are both lost', async () => {
    let listFails = false;
    routeCalls(mockCall, {
      listMaps: () => {
        if (listFails) throw new CallError('unavailable', 'unavailable');
        return [mall];
      },
      getSlots: () => NO_SLOTS,
      renameMap: () => {
        listFails = true;
        throw new CallError('deadline-exceeded', 'deadline-exceeded');
      },
    });
    await renameMallTo('Riverside Mall West');
    expect(await screen.findByText(/Could not confirm/)).toHaveProperty(
      'textContent',
      'Could not confirm that “Riverside Mall” was renamed. Check your connection, then reload the list to see its title before renaming it again.',
    );
    expect(screen.queryByText(/took too long/)).toBeNull();
  });

  it('duplicates a map and shows the copy', async () => {
    let maps: MapSummary[] = [mall];
    const copy = aMap({ id: 'map00000000000000009', title: '[D] Riverside Mall' });
    const calls = routeCalls(mockCall, {
      listMaps: () => maps,
      getSlots: () => NO_SLOTS,
      duplicateMap: () => {
        maps = [mall, copy];
        return copy.id;
      },
    });
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Riverside Mall' });
    openMenu('Riverside Mall');
    pick('Duplicate');
    expect(await screen.findByRole('article', { name: '[D] Riverside Mall' })).toBeTruthy();
    expect(calls.callsTo('duplicateMap')).toEqual([{ id: mall.id }]);
    expect(screen.getByRole('status').textContent).toContain('Duplicated “Riverside Mall” as “[D] Riverside Mall”.');
  });

  it('explains in words when there is no slot for a copy, with a way to buy slots', async () => {
    routeCalls(mockCall, {
      listMaps: () => [mall, campus],
      getSlots: () => ({ ...NO_SLOTS, testMaps: 2 }),
      duplicateMap: () => {
        throw slotError('test');
      },
    });
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Riverside Mall' });
    openMenu('Riverside Mall');
    pick('Duplicate');
    const alert = await screen.findByText(/Could not duplicate/);
    expect(alert.textContent).toContain('You already have 2 test maps, the most an account can hold.');
    expect(alert.textContent).not.toContain('(Plans: #subscribe)');
    expect(within(alert).getByRole('link', { name: 'See plans and buy slots' }).getAttribute('href')).toBe(
      '/maps#subscribe',
    );
  });

  it('deletes a map only after confirmation', async () => {
    const answer = deferred<null>();
    const calls = routeCalls(mockCall, {
      listMaps: () => [mall, campus],
      getSlots: () => NO_SLOTS,
      deleteMap: () => answer.promise,
    });
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Campus Map' });

    openMenu('Campus Map');
    pick('Delete');
    let dialog = screen.getByRole('dialog', { name: 'Delete this map?' });
    expect(dialog.textContent).toContain('“Campus Map” and all its versions will be deleted');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.callsTo('deleteMap')).toEqual([]);

    openMenu('Campus Map');
    pick('Delete');
    dialog = screen.getByRole('dialog', { name: 'Delete this map?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete map' }));
    expect(calls.callsTo('deleteMap')).toEqual([campus.id]);
    // Still listed until the server confirms.
    expect(card('Campus Map')).toBeTruthy();
    await act(async () => answer.resolve(null));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Campus Map' })).toBeNull());
    expect(screen.getByRole('status').textContent).toContain('Deleted “Campus Map”.');
  });

  it('keeps a map whose deletion fails and says why in the dialog', async () => {
    routeCalls(mockCall, {
      listMaps: () => [mall],
      getSlots: () => NO_SLOTS,
      deleteMap: () => {
        throw new CallError('unavailable', 'unavailable');
      },
    });
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Riverside Mall' });
    openMenu('Riverside Mall');
    pick('Delete');
    fireEvent.click(screen.getByRole('button', { name: 'Delete map' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this map?' });
    expect((await within(dialog).findByRole('alert')).textContent).toContain('The server is unavailable right now.');
    expect(card('Riverside Mall')).toBeTruthy();
  });

  it('opens the version history and restores a version', async () => {
    let version = 3;
    const calls = routeCalls(mockCall, {
      listMaps: () => [mall],
      getSlots: () => NO_SLOTS,
      getMap: () => ({
        map: { ...mall, version },
        history: [anEntry(1), anEntry(2), anEntry(3)].concat(
          version === 4 ? [anEntry(4, { kind: 'restore', restoredFrom: 'v00000001' })] : [],
        ),
        documentUrl: '/doc',
      }),
      restoreMapHistory: () => {
        version = 4;
        return { version: 4, edited: new Date().toISOString(), metrics: { layerCount: 1, locationCount: 1 } };
      },
    });
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Riverside Mall' });
    fireEvent.click(within(card('Riverside Mall')).getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Version history' });
    const first = await within(dialog).findByRole('listitem', { name: /^Version 1/ });
    fireEvent.click(within(first).getByRole('button', { name: 'Restore' }));
    // Restore asks first and goes into the draft (ADR 018).
    fireEvent.click(await screen.findByRole('button', { name: 'Restore into the draft' }));
    expect(await within(dialog).findByText('Restored version 1 as version 4.')).toBeTruthy();
    expect(calls.callsTo('restoreMapHistory')).toEqual([
      // The version the dialog compared against: one saved elsewhere since is refused, not replaced unseen.
      { mapId: mall.id, historyMapId: 'v00000001', restoreId: expect.any(String), expectedVersion: 3 },
    ]);
    await waitFor(() => expect(calls.callsTo('getMap')).toHaveLength(2));
    expect(within(within(dialog).getByRole('listitem', { name: /^Version 4/ })).getByText('Current')).toBeTruthy();
  });

  it('sends a signed-out visitor to /login with the path', async () => {
    const { router } = renderRoutes('/maps', { session: signedOut });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fmaps');
  });
});
