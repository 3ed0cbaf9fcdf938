import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CallError } from '@mapnest/shared/errors';
import type { MapSummary, SlotCounters } from '@mapnest/shared/maps';
import { renderRoutes, signedIn, isolateEachTest } from '../../app/testing.fixtures';
import { call } from '../../lib/api';
import { aMap, deferred, NO_SLOTS, routeCalls, slotError } from './maps.fixtures';
import { MapStateControls, MapStateMenu } from './MapStateControls';

vi.mock('../../lib/api', () => ({ call: vi.fn() }));
const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;

isolateEachTest(mockCall);

/** Free slots of both plans as far as the list knows: a refusal then means another tab took them meanwhile. */
const FREE_SLOTS = { ...NO_SLOTS, basicCapacity: 5, proCapacity: 5 };

const testMap = aMap();
const liveMap = aMap({ id: 'map00000000000000002', title: 'Campus Map', state: 1, activeUntil: null });
const proMap = aMap({ id: 'map00000000000000003', title: 'Airport', state: 3, activeUntil: null });
const card = (title: string) => screen.getByRole('article', { name: title });
const stateButtons = (title: string) =>
  within(within(card(title)).getByRole('group', { name: `State of ${title}` }))
    .getAllByRole('button')
    .map((b) => b.textContent);

/** A server that applies state changes to its list. */
function server(
  maps: MapSummary[],
  refuse: Partial<Record<number, 'basic' | 'pro'>> = {},
  slots: SlotCounters = FREE_SLOTS,
) {
  let list = maps;
  return routeCalls(mockCall, {
    listMaps: () => list,
    getSlots: () => slots,
    setMapState: (data) => {
      const { id, state } = data as { id: string; state: 0 | 1 | 3 };
      const slot = refuse[state];
      if (slot) throw slotError(slot, slot === 'basic' ? 0 : 2);
      const updated = {
        ...list.find((m) => m.id === id)!,
        state,
        activeUntil: state === 0 ? new Date(Date.now() + 7 * 86_400_000).toISOString() : null,
      };
      list = list.map((m) => (m.id === id ? updated : m));
      return updated;
    },
  });
}

describe('map state controls on the maps list', () => {
  it('offers the moves each state allows', async () => {
    server([testMap, liveMap, proMap, aMap({ id: 'map00000000000000004', title: 'Demo', state: 2 })]);
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Airport' });
    expect(stateButtons('Riverside Mall')).toEqual(['Go live', 'Make Pro']);
    expect(stateButtons('Campus Map')).toEqual(['Make Pro', 'Back to test']);
    expect(stateButtons('Airport')).toEqual(['Move to Basic', 'Back to test']);
    expect(within(card('Demo')).queryByRole('group', { name: 'State of Demo' })).toBeNull();
  });

  it('makes a test map live and shows its new state', async () => {
    const answer = deferred<MapSummary>();
    const calls = routeCalls(mockCall, {
      listMaps: () => [testMap],
      getSlots: () => FREE_SLOTS,
      setMapState: () => answer.promise,
    });
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Riverside Mall' });
    const goLive = within(card('Riverside Mall')).getByRole('button', { name: 'Go live' });
    goLive.focus();
    fireEvent.click(goLive);
    expect(calls.callsTo('setMapState')).toEqual([{ id: testMap.id, state: 1 }]);
    expect(within(card('Riverside Mall')).getByRole('button', { name: 'Going live…' })).toBeTruthy();
    expect(
      (within(card('Riverside Mall')).getByRole('button', { name: 'Make Pro' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await act(async () => answer.resolve({ ...testMap, state: 1, activeUntil: null }));
    expect(await within(card('Riverside Mall')).findByText('Live')).toBeTruthy();
    expect(stateButtons('Riverside Mall')).toEqual(['Make Pro', 'Back to test']);
    // Said, and the keyboard stays on the card: Go live is gone, so focus is on the first move it offers now.
    expect(screen.getByRole('status').textContent).toContain('“Riverside Mall” went live.');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Make Pro'));
    // The slots are read again after a change.
    await waitFor(() => expect(calls.callsTo('getSlots').length).toBeGreaterThanOrEqual(2));
  });

  it('keeps focus on the card when the move ends in one render and the map’s new state comes in the next', async () => {
    const answer = deferred<unknown>();
    const onSetState = vi.fn(() => answer.promise);
    const view = (map: MapSummary) => (
      <MemoryRouter>
        <MapStateControls map={map} onSetState={onSetState} slots={FREE_SLOTS} />
      </MemoryRouter>
    );
    const { rerender } = render(view(testMap));
    const goLive = screen.getByRole('button', { name: 'Go live' });
    goLive.focus();
    fireEvent.click(goLive);
    // The move ends while the list has not yet read the map again: Go live is still offered.
    await act(async () => answer.resolve(null));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Go live' }).disabled).toBe(false);
    // Then the live map comes: Go live goes, and focus goes to the first move offered now.
    rerender(view({ ...testMap, state: 1, activeUntil: null }));
    expect(screen.queryByRole('button', { name: 'Go live' })).toBeNull();
    expect(document.activeElement?.textContent).toBe('Make Pro');
  });

  it('disables a move whose plan has no free slot and says why and what to do before any click', async () => {
    const licensed = aMap({ id: 'map00000000000000005', title: 'Licensed', licenseEndsAt: '2027-05-01T00:00:00.000Z' });
    const calls = server([testMap, liveMap, licensed], {}, { ...NO_SLOTS, proUsed: 2, proCapacity: 2 });
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Licensed' });
    const goLive = within(card('Riverside Mall')).getByRole('button', { name: 'Go live' }) as HTMLButtonElement;
    await waitFor(() => expect(goLive.disabled).toBe(true));
    const why = document.getElementById(goLive.getAttribute('aria-describedby')!)!;
    // Both moves of the test map are held back: one note says both.
    expect(why.textContent).toContain(
      'Go live needs a Basic slot and Make Pro a free Professional slot (2 of 2 used). You have no Basic subscription slots. Subscribe to Basic, or register a license for this map: it keeps this map live on Basic for 6 months.',
    );
    expect(
      within(card('Riverside Mall')).getByRole('button', { name: 'Make Pro' }).getAttribute('aria-describedby'),
    ).toBe(goLive.getAttribute('aria-describedby'));
    expect(within(why).getByRole('link', { name: 'Buy slots' }).getAttribute('href')).toBe('/maps#subscribe');
    const pro = within(card('Campus Map')).getByRole('button', { name: 'Make Pro' }) as HTMLButtonElement;
    expect(pro.disabled).toBe(true);
    const proWhy = document.getElementById(pro.getAttribute('aria-describedby')!)!;
    expect(proWhy.textContent).toContain('Make Pro needs a free Professional slot (2 of 2 used).');
    expect(within(proWhy).getByRole('link', { name: 'Buy Professional slots' })).toBeTruthy();
    // Basic's other way, this map's own licence, is one click away.
    fireEvent.click(within(why).getByRole('button', { name: 'Register license' }));
    expect(await screen.findByRole('dialog', { name: /license/i })).toBeTruthy();
    // Back to test takes no slot, and a map on its own licence goes live without one.
    expect(
      (within(card('Campus Map')).getByRole('button', { name: 'Back to test' }) as HTMLButtonElement).disabled,
    ).toBe(false);
    expect((within(card('Licensed')).getByRole('button', { name: 'Go live' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    fireEvent.click(goLive);
    expect(calls.callsTo('setMapState')).toEqual([]);
  });

  it('gives an account with no slots one note per card, not one per move', async () => {
    server([testMap], {}, NO_SLOTS);
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Riverside Mall' });
    const goLive = within(card('Riverside Mall')).getByRole('button', { name: 'Go live' }) as HTMLButtonElement;
    await waitFor(() => expect(goLive.disabled).toBe(true));
    const notes = card('Riverside Mall').querySelectorAll('.map-state__short');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.textContent).toBe(
      'Go live needs a Basic slot and Make Pro a Professional slot. You have no Basic subscription slots. Subscribe to Basic, or register a license for this map: it keeps this map live on Basic for 6 months. Buy slotsRegister license',
    );
  });

  it('names Make Pro as the way live for an owner with free Professional slots only', async () => {
    server([testMap], {}, { ...NO_SLOTS, proUsed: 0, proCapacity: 1 });
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Riverside Mall' });
    const goLive = within(card('Riverside Mall')).getByRole('button', { name: 'Go live' }) as HTMLButtonElement;
    await waitFor(() => expect(goLive.disabled).toBe(true));
    expect(
      (within(card('Riverside Mall')).getByRole('button', { name: 'Make Pro' }) as HTMLButtonElement).disabled,
    ).toBe(false);
    expect(document.getElementById(goLive.getAttribute('aria-describedby')!)!.textContent).toContain(
      'Go live needs a Basic slot. You have no Basic subscription slots. Subscribe to Basic, or register a license for this map: it keeps this map live on Basic for 6 months. Or Make Pro: it puts this map live on one of your free Professional slots, with everything Basic has.',
    );
  });

  it('says which slot is missing when the server refuses, with a link to the plans', async () => {
    server([testMap], { 1: 'basic', 3: 'pro' });
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Riverside Mall' });
    fireEvent.click(within(card('Riverside Mall')).getByRole('button', { name: 'Go live' }));
    const alert = await within(card('Riverside Mall')).findByText(/Could not make “Riverside Mall” live\./);
    // No Basic subscription at all: both ways to go live are named.
    expect(alert.textContent).toContain(
      'You have no Basic subscription slots. Subscribe to Basic, or register a license for this map: it keeps this map live on Basic for 6 months.',
    );
    expect(alert.textContent).not.toContain('#subscribe');
    expect(within(alert).getByRole('link', { name: 'Buy Basic slots' }).getAttribute('href')).toBe('/maps#subscribe');
    expect(within(card('Riverside Mall')).getByText(/^Test · \d days left/)).toBeTruthy();

    fireEvent.click(within(card('Riverside Mall')).getByRole('button', { name: 'Make Pro' }));
    const pro = await within(card('Riverside Mall')).findByText(/Could not make “Riverside Mall” Pro\./);
    expect(pro.textContent).toContain(
      'All your Professional subscription slots are in use. Buy more Professional slots.',
    );
    expect(within(pro).getByRole('link', { name: 'Buy Professional slots' })).toBeTruthy();
  });

  it('opens the subscribe dialog from the missing-slot link', async () => {
    routeCalls(mockCall, {
      listMaps: () => [testMap],
      getSlots: () => FREE_SLOTS,
      listSubscriptions: () => [],
      setMapState: () => {
        throw slotError('basic');
      },
    });
    const { router } = renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Riverside Mall' });
    fireEvent.click(within(card('Riverside Mall')).getByRole('button', { name: 'Go live' }));
    fireEvent.click(await screen.findByRole('link', { name: 'Buy Basic slots' }));
    expect(await screen.findByRole('dialog', { name: 'Pick your plan' })).toBeTruthy();
    expect(router.state.location.hash).toBe('#subscribe');
  });

  it('explains other failures in words', async () => {
    routeCalls(mockCall, {
      listMaps: () => [liveMap],
      getSlots: () => FREE_SLOTS,
      setMapState: () => {
        throw new CallError('unavailable', 'unavailable');
      },
    });
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Campus Map' });
    fireEvent.click(within(card('Campus Map')).getByRole('button', { name: 'Make Pro' }));
    expect((await within(card('Campus Map')).findByText(/Could not make/)).textContent).toBe(
      'Could not make “Campus Map” Pro. The server is unavailable right now. Try again in a moment.',
    );
  });

  it('shows a move the server made as made when its answer is lost, and reads the slots again', async () => {
    let list = [liveMap];
    const calls = routeCalls(mockCall, {
      listMaps: () => list,
      getSlots: () => FREE_SLOTS,
      setMapState: () => {
        list = [{ ...liveMap, state: 3 }];
        throw new CallError('internal', 'internal');
      },
    });
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Campus Map' });
    await waitFor(() => expect(calls.callsTo('getSlots')).toHaveLength(1));
    fireEvent.click(within(card('Campus Map')).getByRole('button', { name: 'Make Pro' }));
    await waitFor(() => expect(stateButtons('Campus Map')).toEqual(['Move to Basic', 'Back to test']));
    expect(within(card('Campus Map')).queryByText(/Could not/)).toBeNull();
    expect(calls.callsTo('setMapState')).toHaveLength(1);
    await waitFor(() => expect(calls.callsTo('getSlots')).toHaveLength(2));
  });

  it('says a move is not confirmed, not that it failed, when its answer and the list are both lost', async () => {
    let listFails = false;
    routeCalls(mockCall, {
      listMaps: () => {
        if (listFails) throw new CallError('unavailable', 'unavailable');
        return [testMap];
      },
      getSlots: () => FREE_SLOTS,
      setMapState: () => {
        listFails = true;
        throw new CallError('unavailable', 'unavailable');
      },
    });
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Riverside Mall' });
    fireEvent.click(within(card('Riverside Mall')).getByRole('button', { name: 'Go live' }));
    expect((await within(card('Riverside Mall')).findByText(/Could not confirm/)).textContent).toBe(
      'Could not confirm that “Riverside Mall” went live. Check your connection, then reload the list to see the map’s state before trying again.',
    );
  });

  it('asks before moving a map back to test, which starts its 7 days', async () => {
    const calls = server([{ ...liveMap, publication: 'published', publishedVersion: liveMap.version }]);
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Campus Map' });
    fireEvent.click(within(card('Campus Map')).getByRole('button', { name: 'Back to test' }));
    let dialog = screen.getByRole('dialog', { name: 'Move this map back to test?' });
    expect(dialog.textContent).toContain('“Campus Map” gives its Basic slot back.');
    expect(dialog.textContent).toContain('stays public for 7 days from now');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it live' }));
    expect(calls.callsTo('setMapState')).toEqual([]);

    fireEvent.click(within(card('Campus Map')).getByRole('button', { name: 'Back to test' }));
    dialog = screen.getByRole('dialog', { name: 'Move this map back to test?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to test' }));
    expect(calls.callsTo('setMapState')).toEqual([{ id: liveMap.id, state: 0 }]);
    expect(await within(card('Campus Map')).findByText(/^Test · 7 days left/)).toBeTruthy();
  });

  it('does not tell the owner of a map never published that it stays public once back in test', async () => {
    server([{ ...liveMap, published: false, publication: 'never', publishedVersion: null }]);
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Campus Map' });
    fireEvent.click(within(card('Campus Map')).getByRole('button', { name: 'Back to test' }));
    const dialog = screen.getByRole('dialog', { name: 'Move this map back to test?' });
    expect(dialog.textContent).toContain(
      '“Campus Map” gives its Basic slot back. It is not published yet, so nothing of it is public.',
    );
    expect(dialog.textContent).not.toContain('stays public');
  });

  it('marks a map that went back to test when slots ran out', async () => {
    routeCalls(mockCall, { listMaps: () => [aMap({ lapsedFrom: 3 })], getSlots: () => FREE_SLOTS });
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Riverside Mall' });
    expect(card('Riverside Mall').className).toContain('is-lapsed');
    expect(
      within(card('Riverside Mall')).getByText('Went back to test when your Professional slots ran out.'),
    ).toBeTruthy();
  });

  it('marks a Professional map that moved to Basic when its slots ran out, with Make Pro to bring it back', async () => {
    routeCalls(mockCall, {
      listMaps: () => [aMap({ state: 1, activeUntil: null, lapsedFrom: 3 })],
      getSlots: () => FREE_SLOTS,
    });
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Riverside Mall' });
    const mall = within(card('Riverside Mall'));
    expect(mall.getByText('Moved to Basic when your Professional slots ran out.')).toBeTruthy();
    expect(mall.queryByText(/Went back to test/)).toBeNull();
    expect(mall.getByRole('button', { name: 'Make Pro' })).toBeTruthy();
  });

  it('shows until when a licensed map is live', async () => {
    server([aMap({ state: 1, activeUntil: null, licenseEndsAt: '2030-11-10T12:00:00.000Z' })]);
    renderRoutes('/maps', { session: signedIn });
    await screen.findByRole('article', { name: 'Riverside Mall' });
    expect(within(card('Riverside Mall')).getByText('Licensed until Nov 10, 2030')).toBeTruthy();
  });
});

describe('map state menu in the editor bar', () => {
  const renderMenu = (map: MapSummary, onSetState: (state: number) => Promise<unknown>, onRegisterLicense = vi.fn()) =>
    render(
      <MemoryRouter initialEntries={[`/maps/${map.id}`]}>
        <MapStateMenu map={map} onSetState={onSetState} onRegisterLicense={onRegisterLicense} />
      </MemoryRouter>,
    );

  it('names the state and offers the moves and licence registration', () => {
    const onRegisterLicense = vi.fn();
    renderMenu(aMap({ activeUntil: '2030-05-13T12:00:00.000Z' }), async () => null, onRegisterLicense);
    const trigger = screen.getByRole('button', { name: 'Map state: Test · expires May 13, 2030' });
    expect(trigger.textContent).toContain('Test');
    fireEvent.click(trigger);
    expect(screen.getAllByRole('menuitem').map((i) => [i.textContent, i.getAttribute('aria-disabled')])).toEqual([
      ['Test · expires May 13, 2030', 'true'],
      ['Go live', null],
      ['Make Pro', null],
      ['Register license', null],
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Register license' }));
    expect(onRegisterLicense).toHaveBeenCalledOnce();
  });

  it('explains a refused move with the missing slot and a link to the plans', async () => {
    const onSetState = vi.fn(async () => {
      throw slotError('pro');
    });
    renderMenu(liveMap, onSetState);
    fireEvent.click(screen.getByRole('button', { name: 'Map state: Live' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Make Pro' }));
    expect(onSetState).toHaveBeenCalledWith(3, '“Campus Map” was made Pro.');
    const alert = await screen.findByText(/Could not make “Campus Map” Pro\./);
    expect(alert.textContent).toContain('All your Professional subscription slots are in use.');
    expect(within(alert).getByRole('link', { name: 'Buy Professional slots' }).getAttribute('href')).toBe(
      '/maps#subscribe',
    );
  });
});
