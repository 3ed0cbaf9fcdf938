/** The settings dialog's tabs with the keyboard: the arrow keys move from the focused tab, however fast they come. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../app/testing.fixtures';
import { sessionAtom } from '../../state/session';
import SettingsDialog from './SettingsDialog';

const call = vi.hoisted(() => vi.fn(() => new Promise(() => {})));
vi.mock('../../lib/api', () => ({ call }));
afterEach(cleanup);

describe('SettingsDialog', () => {
  it('moves from the focused tab when arrow keys come before the open tab changes', () => {
    const store = createStore();
    store.set(sessionAtom, signedIn);
    const onTab = vi.fn();
    render(
      <Provider store={store}>
        <MemoryRouter>
          <SettingsDialog open tab="Profile" onTab={onTab} onClose={() => {}} />
        </MemoryRouter>
      </Provider>,
    );
    screen.getByRole('tab', { name: 'Profile' }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(onTab.mock.calls).toEqual([['Security'], ['Plan']]);
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Plan' }));
  });
});
