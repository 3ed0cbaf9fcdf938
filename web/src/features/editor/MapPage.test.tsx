/**
 * /maps/{id} when the map cannot be loaded for a reason that may pass: the page says why in words (never a bare
 * code such as "internal"), without blaming a connection the browser says works, and offers Try again and the way
 * back to the maps list.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallError } from '@mapnest/shared/errors';
import { blankDocument } from '@mapnest/shared/map-document';
import { SIGNED_OUT_SESSION, sessionAtom } from '../../state/session';
import { renderRoutes, signedIn, isolateEachTest } from '../../app/testing.fixtures';
import { call } from '../../lib/api';
import { aMap, NO_SLOTS, routeCalls } from '../maps/maps.fixtures';
import { stubBrowser } from './canvas/canvas.fixtures';

vi.mock('../../lib/api', () => ({ call: vi.fn() }));
const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;

isolateEachTest(mockCall);
afterEach(() => vi.restoreAllMocks());

/** The client's error for a request that reached nothing (a rejected fetch: no answer, no status). */
const unreachable = () => new CallError('internal', 'internal', 'Failed to fetch');

describe('a map that could not be opened', () => {
  it('says the service could not be reached, and Try again loads it again', async () => {
    const failures = [unreachable(), new CallError('unavailable', 'unavailable', undefined, { answeredWith: 503 })];
    const calls = routeCalls(mockCall, {
      getMap: () => {
        throw failures.shift();
      },
    });
    renderRoutes('/maps/map00000000000000001', { session: signedIn });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading').textContent).toBe('The map could not be opened');
    expect(alert.textContent).toContain(
      'Mapnest could not be reached. Check your connection, or try again in a moment.',
    );
    expect(alert.textContent).not.toContain('internal');
    expect(within(alert).getByRole('link', { name: 'Back to maps' }).getAttribute('href')).toBe('/maps');

    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    // The server answered this time, with a 503: it is not the visitor's connection.
    expect((await screen.findByText(/unavailable right now/)).textContent).toBe(
      'The server is unavailable right now. Try again in a moment.',
    );
    expect(calls.unexpected).toEqual([]);
    expect(mockCall.mock.calls.filter(([name]) => name === 'getMap')).toHaveLength(2);
  });

  it('offers no Try again for a refusal that would only be refused again, but the way back', async () => {
    routeCalls(mockCall, {
      getMap: () => {
        throw new CallError('permission-denied', 'permission-denied', undefined, { answeredWith: 403 });
      },
    });
    renderRoutes('/maps/map00000000000000001', { session: signedIn });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You do not have permission to do that.');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(within(alert).getByRole('link', { name: 'Back to maps' })).toBeTruthy();
  });

  it('tells a signed-in author a map not found is none of theirs, not that it is unpublished', async () => {
    routeCalls(mockCall, {
      getMap: () => {
        throw new CallError('not-found', 'Map not found.', undefined, { answeredWith: 404 });
      },
    });
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 404 }));
    renderRoutes('/maps/map00000000000000001', { session: signedIn });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading').textContent).toBe('Map not found');
    expect(alert.textContent).toContain(
      'None of your maps has this address (it may have been deleted), and no published map has it either.',
    );
    expect(within(alert).getByRole('link', { name: 'Back to maps' })).toBeTruthy();
    vi.unstubAllGlobals();
  });

  it('says "offline" only when the browser is', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    routeCalls(mockCall, {
      getMap: () => {
        throw unreachable();
      },
    });
    renderRoutes('/maps/map00000000000000001', { session: signedIn });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You are offline. Check your connection and try again.',
    );
  });
});

describe('an editor whose session ends in another tab', () => {
  it('stays, says it is signed out with the way to log in, and is not opened again when the same person is back', async () => {
    const doc = blankDocument();
    doc.locations = [{ id: 'gate', title: 'Gate', coord: [0.5, 0.5] }];
    const calls = routeCalls(mockCall, {
      getMap: () => ({ map: aMap({ version: 3 }), history: [], documentUrl: 'https://files.test/doc.json' }),
      getSlots: () => NO_SLOTS,
    });
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(doc), { status: 200 }));
    stubBrowser();
    try {
      const { store } = renderRoutes('/maps/map00000000000000001', { session: signedIn });
      // The editor's code loads on demand: the first page of a test file waits for it.
      await vi.waitFor(() => expect(document.querySelector('.editor')).not.toBeNull(), { timeout: 20_000 });
      const editor = document.querySelector('.editor');

      // A Log out in another tab: the session is signed out here too.
      act(() => store.set(sessionAtom, { ...SIGNED_OUT_SESSION, init: true }));
      const banner = await screen.findByText(/You are signed out\./);
      expect(banner.textContent).toBe(
        'You are signed out. Your changes are kept in this browser; sign in again to save them.',
      );
      const login = screen.getByRole('link', { name: 'Log in (opens a new tab)' });
      expect(login.getAttribute('href')).toBe('/login');
      expect(login.getAttribute('target')).toBe('_blank');
      expect(document.querySelector('.editor')).toBe(editor);
      expect(screen.queryByText('Map not found')).toBeNull();

      // Another account signed in there: still this editor, saying so.
      const other = { ...signedIn, user: { ...signedIn.user!, uid: 'someone-else', email: 'bo@example.com' } };
      act(() => store.set(sessionAtom, { ...other, userId: 'someone-else' }));
      expect((await screen.findByText(/another account/)).textContent).toBe(
        'This browser is now signed in to another account (bo@example.com). Your changes to this map are kept in this browser; sign in again as its author to save them.',
      );
      expect(document.querySelector('.editor')).toBe(editor);

      // Signed in again as the same person: the same editor, not loaded again.
      act(() => store.set(sessionAtom, signedIn));
      await vi.waitFor(() => expect(screen.queryByText(/You are signed out\.|another account/)).toBeNull());
      expect(document.querySelector('.editor')).toBe(editor);
      expect(calls.callsTo('getMap')).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
