import { describe, expect, it } from 'vitest';
import {
  canConfirmDelete,
  deleteAccountReducer,
  deletePrecheck,
  initialDeleteAccount,
  type DeleteAccountEvent,
  type DeleteAccountState,
} from './delete-account-machine';

const run = (...events: DeleteAccountEvent[]): DeleteAccountState =>
  events.reduce(deleteAccountReducer, initialDeleteAccount);

describe('delete account machine', () => {
  it('opens in delete with confirm unavailable until something is typed', () => {
    const s = run({ type: 'open' });
    expect(s.type).toBe('delete');
    expect(canConfirmDelete(s)).toBe(false);
    expect(canConfirmDelete(deleteAccountReducer(s, { type: 'input', typed: 'me@example.com' }))).toBe(true);
  });

  it('keeps confirm unavailable while the deletion runs', () => {
    expect(
      canConfirmDelete(run({ type: 'open' }, { type: 'input', typed: 'me@example.com' }, { type: 'requested' })),
    ).toBe(false);
  });

  it('shows the messages for a mismatch, a signed-out user, a user without email and any other failure', () => {
    const pending = run({ type: 'open' }, { type: 'input', typed: 'x' }, { type: 'requested' });
    const fail = (failure: Parameters<typeof deleteAccountReducer>[1] & { type: 'failed' }) =>
      deleteAccountReducer(pending, failure).error;
    expect(fail({ type: 'failed', failure: { kind: 'mismatch' } })).toBe(
      'Entered email does not match your email address.',
    );
    expect(fail({ type: 'failed', failure: { kind: 'notLoggedIn' } })).toBe(
      'You must be logged in order to delete your account.',
    );
    expect(fail({ type: 'failed', failure: { kind: 'noEmail' } })).toBe('Something went wrong. Cannot delete account.');
    expect(fail({ type: 'failed', failure: { kind: 'other' } })).toBe(
      'Something went wrong while deleting account. Please contact us.',
    );
  });

  it('moves to reauthenticate on permission-denied and retries the deletion after success', () => {
    const reauth = run(
      { type: 'open' },
      { type: 'input', typed: 'me@example.com' },
      { type: 'requested' },
      { type: 'failed', failure: { kind: 'reauthenticate' } },
    );
    expect(reauth).toMatchObject({ type: 'reauthenticate', busy: false, error: null, typed: 'me@example.com' });
    const wrong = run(
      { type: 'open' },
      { type: 'requested' },
      { type: 'failed', failure: { kind: 'reauthenticate' } },
      { type: 'reauthStarted' },
      { type: 'reauthFailed', category: 'invalid-credentials' },
    );
    expect(wrong).toMatchObject({ type: 'reauthenticate', error: 'Invalid password', busy: false });
    const retried = deleteAccountReducer(deleteAccountReducer(reauth, { type: 'reauthStarted' }), {
      type: 'reauthSucceeded',
    });
    expect(retried).toMatchObject({ type: 'delete', busy: true, error: null });
    expect(deleteAccountReducer(retried, { type: 'deleted' })).toEqual(initialDeleteAccount);
  });

  it('returns to idle on close and clears typed values only while idle', () => {
    const closed = run({ type: 'open' }, { type: 'input', typed: 'me@example.com' }, { type: 'close' });
    expect(closed).toMatchObject({ type: 'idle', typed: 'me@example.com', error: null });
    expect(deleteAccountReducer(closed, { type: 'clearValues' }).typed).toBe('');
    const open = deleteAccountReducer(closed, { type: 'open' });
    expect(deleteAccountReducer(open, { type: 'clearValues' })).toBe(open);
  });
});

describe('delete precheck', () => {
  it('needs a signed-in user with an email, typed to match (ignoring case and spaces)', () => {
    expect(deletePrecheck('a@b.c', null)).toEqual({ kind: 'notLoggedIn' });
    expect(deletePrecheck('a@b.c', { email: null })).toEqual({ kind: 'noEmail' });
    expect(deletePrecheck('other@b.c', { email: 'a@b.c' })).toEqual({ kind: 'mismatch' });
    expect(deletePrecheck(' A@B.c ', { email: 'a@b.c' })).toBeNull();
  });
});
