import { cleanup, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { signedIn } from '../../app/testing.fixtures';
import { sessionAtom, type Session } from '../../state/session';
import { storeViewAs } from '../auth/view-as';
import { ProfileTab } from './ProfileTab';

afterEach(() => {
  cleanup();
  storeViewAs('');
});

function renderProfile(session: Session) {
  const store = createStore();
  store.set(sessionAtom, session);
  return render(
    <Provider store={store}>
      <MemoryRouter>
        <ProfileTab />
      </MemoryRouter>
    </Provider>,
  );
}

const OWN = /^This is your own profile/;

describe('the Profile tab', () => {
  it('says first, while viewing as a user, that the profile is the administrator’s own, not theirs', () => {
    storeViewAs('user-ana', 'ana@example.com');
    const { container } = renderProfile({ ...signedIn, admin: true, isUserSimulated: true, userId: 'user-ana' });
    const note = screen.getByText(OWN);
    expect(note.textContent).toBe(
      'This is your own profile, not ana@example.com’s: the name, email address and avatar here are yours, and changing them changes your account, not theirs.',
    );
    expect(container.querySelector('.settings-section')!.firstElementChild).toBe(note);
  });

  it('says nothing of it to anyone viewing their own account', () => {
    renderProfile({ ...signedIn, admin: true });
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeTruthy();
    expect(screen.queryByText(OWN)).toBeNull();
  });
});
