import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SlotCounters } from '@mapnest/shared/maps';
import { signedIn, isolateEachTest } from '../../app/testing.fixtures';
import { call } from '../../lib/api';
import { sessionAtom } from '../../state/session';
import { disposeHarnesses, renderEditorPart } from '../editor/editor.fixtures';
import { NO_SLOTS, routeCalls, slotError } from '../maps/maps.fixtures';
import { EditorMapState } from './EditorMapState';

vi.mock('../../lib/api', () => ({ call: vi.fn() }));
const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;

isolateEachTest(mockCall);
afterEach(() => disposeHarnesses());

function renderState(slots: SlotCounters, setMapState: (data: unknown) => unknown = () => null) {
  const calls = routeCalls(mockCall, { getSlots: () => slots, setMapState });
  const app = createStore();
  app.set(sessionAtom, signedIn);
  renderEditorPart(
    <MemoryRouter initialEntries={['/maps/map00000000000000001']}>
      <EditorMapState />
    </MemoryRouter>,
    { app, map: { title: 'Riverside Mall', state: 0, activeUntil: '2030-05-13T12:00:00.000Z' } },
  );
  return calls;
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
        'Go live needs a free Basic slot (0 of 0 used). You have no Basic subscription slots. Subscribe to Basic, or register a license for this map: it keeps this map live on Basic for 6 months.',
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
      description: /^Go live needs a free Basic slot/,
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
});
