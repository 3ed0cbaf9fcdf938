import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { CallError } from '@mapnest/shared/errors';
import { SIGNED_OUT_SESSION, sessionAtom } from '../../../state/session';
import { renderRoutes, signedIn, TEST_USER, isolateEachTest } from '../../../app/testing.fixtures';
import { call } from '../../../lib/api';
import { aMap, deferred, NO_SLOTS, routeCalls, slotError } from '../maps.fixtures';
import { createMapAtom, loadMapsAtom, mapsListAtom } from '../maps-state';

vi.mock('../../../lib/api', () => ({ call: vi.fn() }));
const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;

isolateEachTest(mockCall);

const titleField = () => screen.getByRole('textbox', { name: /^Title/ });
const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create map' }));

describe('new map page', () => {
  it('asks for a title and offers the blank starting point', async () => {
    const calls = routeCalls(mockCall, {});
    renderRoutes('/maps/new', { session: signedIn });
    await screen.findByRole('heading', { name: 'New map' });
    const start = screen.getByRole('group', { name: 'Starting point' });
    expect((within(start).getByRole('radio', { name: /Blank map/ }) as HTMLInputElement).checked).toBe(true);
    create();
    expect(await screen.findByText('A title is required')).toBeTruthy();
    expect(document.activeElement).toBe(titleField());
    expect(calls.callsTo('createMap')).toEqual([]);
  });

  it('creates a blank map and opens it', async () => {
    const answer = deferred<string>();
    const calls = routeCalls(mockCall, {
      createMap: () => answer.promise,
      listMaps: () => [],
      getSlots: () => NO_SLOTS,
    });
    const { router } = renderRoutes('/maps/new', { session: signedIn });
    await screen.findByRole('heading', { name: 'New map' });
    fireEvent.change(titleField(), { target: { value: '  Riverside Mall ' } });
    create();
    expect(screen.getByRole('button', { name: /Creating/ })).toHaveProperty('disabled', true);
    await waitFor(() => expect(calls.callsTo('createMap')).toEqual([{ title: 'Riverside Mall' }]));
    await act(async () => answer.resolve('abcDEF1234567890abcd'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/maps/abcDEF1234567890abcd'));
  });

  it('says the test-map limit is reached as the page opens, before the form is filled', async () => {
    routeCalls(mockCall, { getSlots: () => ({ ...NO_SLOTS, testMaps: 2 }) });
    renderRoutes('/maps/new', { session: signedIn });
    await screen.findByRole('heading', { name: 'New map' });
    const note = await screen.findByText(/You already have 2 test maps/);
    expect(within(note.closest('[role=status],[role=alert]')!).getByRole('link', { name: /buy slots/ })).toBeTruthy();
    expect((titleField() as HTMLInputElement).value).toBe('');
  });

  it('tells an administrator of no test-map limit, which they do not have', async () => {
    const calls = routeCalls(mockCall, { getSlots: () => ({ ...NO_SLOTS, testMaps: 2 }) });
    renderRoutes('/maps/new', { session: { ...signedIn, admin: true } });
    await screen.findByRole('heading', { name: 'New map' });
    await waitFor(() => expect(calls.callsTo('getSlots')).toHaveLength(1));
    await act(async () => undefined);
    expect(screen.queryByText(/You already have 2 test maps/)).toBeNull();
  });

  it('explains a slot refusal with a link to buy slots and keeps the form', async () => {
    routeCalls(mockCall, {
      createMap: () => {
        throw slotError('test');
      },
    });
    const { router } = renderRoutes('/maps/new', { session: signedIn });
    await screen.findByRole('heading', { name: 'New map' });
    fireEvent.change(titleField(), { target: { value: 'Third map' } });
    create();
    const alert = await screen.findByText(/Could not create the map\./);
    expect(alert.textContent).toContain('You already have 2 test maps');
    expect(within(alert).getByRole('link', { name: 'See plans and buy slots' }).getAttribute('href')).toBe(
      '/maps#subscribe',
    );
    expect((titleField() as HTMLInputElement).value).toBe('Third map');
    expect(router.state.location.pathname).toBe('/maps/new');
  });

  it('shows other failures in words', async () => {
    routeCalls(mockCall, {
      createMap: () => {
        throw new CallError('invalid-argument', 'title: A title has at most 100 characters');
      },
    });
    renderRoutes('/maps/new', { session: signedIn });
    await screen.findByRole('heading', { name: 'New map' });
    fireEvent.change(titleField(), { target: { value: 'x' } });
    create();
    expect((await screen.findByText(/Could not create the map\./)).textContent).toContain(
      'A title has at most 100 characters',
    );
  });
});

describe('maps state', () => {
  it('refuses to create a map without a signed-in user', async () => {
    const calls = routeCalls(mockCall, {});
    const store = createStore();
    store.set(sessionAtom, { ...SIGNED_OUT_SESSION, init: true });
    await expect(store.set(createMapAtom, { title: 'Nope' })).rejects.toThrow('Unauthenticated');
    expect(calls.callsTo('createMap')).toEqual([]);
  });

  it('drops a list that arrives after the user signed out', async () => {
    const answer = deferred<unknown>();
    routeCalls(mockCall, { listMaps: () => answer.promise });
    const store = createStore();
    store.set(sessionAtom, { ...SIGNED_OUT_SESSION, init: true, user: TEST_USER, userId: TEST_USER.uid });
    const loading = store.set(loadMapsAtom);
    store.set(sessionAtom, { ...SIGNED_OUT_SESSION, init: true });
    answer.resolve([aMap()]);
    await loading;
    expect(store.get(mapsListAtom).maps).toEqual([]);
    expect(store.get(sessionAtom).maps).toEqual([]);
  });

  it('reads as not loaded for another user than the one it was loaded for', async () => {
    routeCalls(mockCall, { listMaps: () => [aMap()] });
    const store = createStore();
    store.set(sessionAtom, { ...SIGNED_OUT_SESSION, init: true, user: TEST_USER, userId: TEST_USER.uid });
    await store.set(loadMapsAtom);
    expect(store.get(mapsListAtom).status).toBe('ready');
    store.set(sessionAtom, (s) => ({ ...s, userId: 'someone-else', isUserSimulated: true }));
    expect(store.get(mapsListAtom)).toMatchObject({ status: 'idle', maps: [] });
  });
});
