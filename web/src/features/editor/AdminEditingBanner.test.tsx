import { act, cleanup, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserMatch } from '@mapnest/shared/accounts';
import { CallError } from '@mapnest/shared/errors';
import { call } from '../../lib/api';
import { signedIn, TEST_USER } from '../../app/testing.fixtures';
import { sessionAtom, type Session } from '../../state/session';
import { deferred } from '../maps/maps.fixtures';
import { AdminEditingBanner } from './AdminEditingBanner';

vi.mock('../../lib/api', () => ({ call: vi.fn() }));
const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;

const ANA: UserMatch = { uid: 'user-ana', email: 'ana@example.com', name: 'Ana Ruiz' };
const anasMap = { uid: ANA.uid, author: ANA.uid };
const admin: Session = { ...signedIn, admin: true };
const REAL = 'as an administrator: what you change is changed for real.';

let lookups: { query: string; answer: ReturnType<typeof deferred<UserMatch[]>> }[];

beforeEach(() => {
  lookups = [];
  mockCall.mockReset();
  mockCall.mockImplementation((name: string, data: { query: string }) => {
    if (name !== 'findUsers') throw new Error(`unexpected call ${name}`);
    const answer = deferred<UserMatch[]>();
    lookups.push({ query: data.query, answer });
    return answer.promise;
  });
});
afterEach(cleanup);

/**
 * What the banner says to a screen reader: its words without the short lines a phone shows instead (aria-hidden).
 */
function said(status: HTMLElement): string {
  const copy = status.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent ?? '';
}

function renderBanner(session: Session, map = anasMap) {
  const store = createStore();
  store.set(sessionAtom, session);
  return render(
    <Provider store={store}>
      <AdminEditingBanner map={map} />
    </Provider>,
  );
}

describe('the editor, opened by an administrator in another user’s map', () => {
  it('says politely whose map it is and that changes are real, once the owner is looked up', async () => {
    renderBanner(admin);
    // The polite region is there before its words, so a screen reader says them when they arrive.
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    expect(lookups.map((l) => l.query)).toEqual([ANA.uid]);
    await act(async () => lookups[0]!.answer.resolve([ANA]));
    expect(said(status)).toBe(`You are editing Ana Ruiz’s map (ana@example.com) ${REAL}`);
    // A phone shows two short lines instead, for the eye only.
    const short = [...status.querySelectorAll('[aria-hidden="true"]')].map((l) => l.textContent);
    expect(short).toEqual(['Editing Ana Ruiz’s map (ana@example.com)', 'As an administrator: changes are real.']);
  });

  it('names the owner by address when they have no name, and by user id when the lookup fails', async () => {
    renderBanner(admin);
    await act(async () => lookups[0]!.answer.resolve([{ ...ANA, name: null }]));
    expect(said(screen.getByRole('status'))).toBe(`You are editing the map of ana@example.com ${REAL}`);
    cleanup();
    renderBanner(admin);
    await act(async () => lookups[1]!.answer.reject(new CallError('unavailable', 'Down.')));
    expect(said(screen.getByRole('status'))).toBe(`You are editing another user’s map (user id user-ana) ${REAL}`);
  });

  it('also shows while viewing the app as someone else than the map’s owner', async () => {
    renderBanner({ ...admin, isUserSimulated: true, userId: 'user-bo' });
    await act(async () => lookups[0]!.answer.resolve([ANA]));
    expect(said(screen.getByRole('status'))).toContain('Ana Ruiz’s map');
  });
});

describe('the editor without that banner', () => {
  it('is the owner’s own, also an administrator’s own map', () => {
    renderBanner(signedIn, { uid: TEST_USER.uid, author: TEST_USER.uid });
    renderBanner(admin, { uid: TEST_USER.uid, author: TEST_USER.uid });
    expect(screen.queryAllByRole('status')).toEqual([]);
    expect(lookups).toEqual([]);
  });

  it('is an administrator viewing as the owner, by id or by address (the View-as banner says it)', async () => {
    renderBanner({ ...admin, isUserSimulated: true, userId: ANA.uid });
    expect(screen.queryByRole('status')).toBeNull();
    expect(lookups).toEqual([]);
    renderBanner({ ...admin, isUserSimulated: true, userId: 'ANA@example.com' });
    await act(async () => lookups[0]!.answer.resolve([ANA]));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
