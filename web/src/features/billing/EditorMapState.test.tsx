import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MapState, type MapStateValue } from '@mapnest/shared/constants';
import { CallError } from '@mapnest/shared/errors';
import type { MapSummary, SlotCounters } from '@mapnest/shared/maps';
import { signedIn, isolateEachTest } from '../../app/testing.fixtures';
import { call } from '../../lib/api';
import { sessionAtom } from '../../state/session';
import { disposeHarnesses, renderEditorPart } from '../editor/editor.fixtures';
import { aMap, NO_SLOTS, routeCalls, slotError } from '../maps/maps.fixtures';
import { EditorMapState } from './EditorMapState';

vi.mock('../../lib/api', () => ({ call: vi.fn() }));
const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;

isolateEachTest(mockCall);
afterEach(() => disposeHarnesses());

function renderState(
  slots: SlotCounters,
  setMapState: (data: unknown) => unknown = () => null,
  more: Record<string, (data: unknown) => unknown> = {},
  setMap: (map: MapSummary) => void = () => undefined,
) {
  const calls = routeCalls(mockCall, { getSlots: () => slots, setMapState, ...more });
  const app = createStore();
  app.set(sessionAtom, signedIn);
  const h = renderEditorPart(
    <MemoryRouter initialEntries={['/maps/map00000000000000001']}>
      <EditorMapState />
    </MemoryRouter>,
    { app, map: { title: 'Riverside Mall', state: 0, activeUntil: '2030-05-13T12:00:00.000Z' }, setMap },
  );
  return Object.assign(calls, { notices: h.notices });
}

const items = () => screen.getAllByRole('menuitem').map((i) => [i.textContent, i.getAttribute('aria-disabled')]);

describe('the editor’s state menu', () => {
  it('reads the owner’s slots and holds back a move without a free slot as the map card does', async () => {
    const calls = renderState({ ...NO_SLOTS, proUsed: 1, proCapacity: 3 });
    await waitFor(() => expect(calls.callsTo('getSlots')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: /^Map state:/ }));
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Go live' }).getAttribute('aria-disabled')).toBe('true'),
    );
    expect(items()).toEqual([
      ['Test · expires May 13, 2030', 'true'],
      ['Go live', 'true'],
      ['Make Pro', null],
      [
        'Go live needs a Basic slot. You have no Basic subscription slots. Subscribe to Basic, or register a license for this map: it keeps this map live on Basic for 6 months. Or Make Pro: it puts this map live on one of your free Professional slots, with everything Basic has.',
        'true',
      ],
      ['Buy Basic slots', null],
      ['Register license', null],
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Go live' }));
    expect(calls.callsTo('setMapState')).toEqual([]);
  });

  it('ties a held move to the line that says why, for screen readers', async () => {
    const calls = renderState({ ...NO_SLOTS, proUsed: 1, proCapacity: 3 });
    await waitFor(() => expect(calls.callsTo('getSlots')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: /^Map state:/ }));
    const goLive = await screen.findByRole('menuitem', {
      name: 'Go live',
      description: /^Go live needs a Basic slot\./,
    });
    expect(goLive.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('menuitem', { name: 'Make Pro' }).getAttribute('aria-describedby')).toBeNull();
  });

  it('says a refusal when the last slot went meanwhile, and reads the slots again', async () => {
    const calls = renderState({ ...NO_SLOTS, proCapacity: 1 }, () => {
      throw slotError('pro', 1);
    });
    await waitFor(() => expect(calls.callsTo('getSlots')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: /^Map state:/ }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Make Pro' }));
    const alert = await screen.findByText(/Could not make “Riverside Mall” Pro\./);
    expect(alert.textContent).toContain('All your Professional subscription slots are in use.');
    expect(within(alert).getByRole('link', { name: 'Buy Professional slots' })).toBeTruthy();
    await waitFor(() => expect(calls.callsTo('getSlots')).toHaveLength(2));
  });

  describe('when the answer to a move is lost', () => {
    const lost = () => {
      throw new CallError('unavailable', 'unavailable');
    };
    const readAs = (state: MapStateValue) => () => ({
      map: aMap({ id: 'map00000000000000001', title: 'Riverside Mall', state }),
      history: [],
      documentUrl: 'https://example.test/doc.json',
    });
    const goLive = async (calls: ReturnType<typeof renderState>) => {
      await waitFor(() => expect(calls.callsTo('getSlots')).toHaveLength(1));
      fireEvent.click(screen.getByRole('button', { name: /^Map state:/ }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Go live' }));
    };

    it('reads the map again and shows the move made, with no failure said', async () => {
      const setMap = vi.fn<(map: MapSummary) => void>();
      const calls = renderState({ ...NO_SLOTS, basicCapacity: 1 }, lost, { getMap: readAs(MapState.LIVE) }, setMap);
      await goLive(calls);
      await waitFor(() => expect(setMap).toHaveBeenCalledTimes(1));
      expect(setMap.mock.calls[0]![0]).toMatchObject({ id: 'map00000000000000001', state: MapState.LIVE });
      expect(calls.callsTo('getMap')).toEqual([{ id: 'map00000000000000001' }]);
      expect(screen.queryByText(/Could not/)).toBeNull();
      expect(calls.unexpected).toEqual([]);
      // The bar's word changes in silence: the move is said.
      expect(calls.notices).toEqual([{ text: '“Riverside Mall” went live.', kind: 'info' }]);
    });

    it('says the move failed when the map read again is still in test', async () => {
      const calls = renderState({ ...NO_SLOTS, basicCapacity: 1 }, lost, { getMap: readAs(MapState.TEST) });
      await goLive(calls);
      expect((await screen.findByText(/Could not/)).textContent).toMatch(/^Could not (?!confirm)/);
      expect(calls.callsTo('getMap')).toHaveLength(1);
    });

    it('says it could not confirm, never that it failed, when the map cannot be read either', async () => {
      const calls = renderState({ ...NO_SLOTS, basicCapacity: 1 }, lost, { getMap: lost });
      await goLive(calls);
      expect((await screen.findByText(/Could not confirm/)).textContent).toBe(
        'Could not confirm that “Riverside Mall” went live. Check your connection, then look at the map’s state in your maps list before trying again.',
      );
      expect(screen.getByRole('button', { name: /^Map state:/ }).textContent).toMatch(/Test/);
    });

    it('reads nothing again after a refusal: the server said no', async () => {
      const calls = renderState({ ...NO_SLOTS, basicCapacity: 1 }, () => {
        throw slotError('basic', 1);
      });
      await goLive(calls);
      await screen.findByText(/Could not/);
      expect(calls.callsTo('getMap')).toEqual([]);
    });
  });
});
