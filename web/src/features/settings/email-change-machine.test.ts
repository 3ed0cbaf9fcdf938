import { describe, expect, it } from 'vitest';
import {
  emailChangeReducer,
  initialEmailChange,
  submission,
  type EmailChangeEvent,
  type EmailChangeState,
} from './email-change-machine';

const run = (...events: EmailChangeEvent[]): EmailChangeState => events.reduce(emailChangeReducer, initialEmailChange);
const password = { withPassword: true, withGoogle: false };

describe('email change machine', () => {
  it('opens in updateEmail when Edit is pressed', () => {
    expect(run({ type: 'edit' })).toMatchObject({ type: 'updateEmail', newEmail: '', error: null, busy: false });
  });

  it('moves to verifyEmail once verification has been requested', () => {
    const s = run(
      { type: 'edit' },
      { type: 'input', newEmail: 'new@example.com' },
      { type: 'requested' },
      { type: 'verificationSent' },
    );
    expect(s).toMatchObject({ type: 'verifyEmail', newEmail: 'new@example.com', busy: false, error: null });
  });

  it('shows the messages for an address in use, an invalid address and anything else', () => {
    const pending = run({ type: 'edit' }, { type: 'input', newEmail: 'taken@example.com' }, { type: 'requested' });
    expect(
      emailChangeReducer(pending, { type: 'failed', category: 'email-already-in-use', methods: password }),
    ).toMatchObject({ type: 'updateEmail', error: 'Email already in use', busy: false });
    expect(emailChangeReducer(pending, { type: 'failed', category: 'invalid-emai', methods: password }).error).toBe(
      'Invalid email address',
    );
    expect(emailChangeReducer(pending, { type: 'failed', category: 'unknown', methods: password }).error).toBe(
      'Unknown error.',
    );
  });

  it("asks to re-authenticate with the user's sign-in methods and retries the change after success", () => {
    const pending = run({ type: 'edit' }, { type: 'input', newEmail: 'new@example.com' }, { type: 'requested' });
    const reauth = emailChangeReducer(pending, {
      type: 'failed',
      category: 'reauthenticate',
      methods: { withPassword: false, withGoogle: true },
    });
    expect(reauth).toMatchObject({
      type: 'reauthenticate',
      withGoogle: true,
      withPassword: false,
      newEmail: 'new@example.com',
      busy: false,
    });
    const retried = run(
      { type: 'edit' },
      { type: 'input', newEmail: 'new@example.com' },
      { type: 'requested' },
      { type: 'failed', category: 'reauthenticate', methods: password },
      { type: 'passwordInput', password: 'pw' },
      { type: 'reauthStarted' },
      { type: 'reauthSucceeded' },
    );
    expect(retried).toMatchObject({ type: 'updateEmail', busy: true, newEmail: 'new@example.com', password: '' });
    expect(emailChangeReducer(retried, { type: 'verificationSent' }).type).toBe('verifyEmail');
  });

  it('shows the re-authentication messages and stays in reauthenticate', () => {
    const reauth = run(
      { type: 'edit' },
      { type: 'requested' },
      { type: 'failed', category: 'reauthenticate', methods: password },
      { type: 'reauthStarted' },
    );
    expect(emailChangeReducer(reauth, { type: 'reauthFailed', category: 'invalid-credentials' })).toMatchObject({
      type: 'reauthenticate',
      error: 'Invalid password',
      busy: false,
    });
    expect(emailChangeReducer(reauth, { type: 'reauthFailed', category: 'try-later' }).error).toBe(
      'Too many attempts. Try again later.',
    );
    expect(emailChangeReducer(reauth, { type: 'reauthFailed', category: 'unknown' }).error).toBe('Unknown error.');
  });

  it('returns to idle on close with the error cleared, keeping the typed values until clearValues', () => {
    const failed = run(
      { type: 'edit' },
      { type: 'input', newEmail: 'x@y' },
      { type: 'requested' },
      { type: 'failed', category: 'unknown', methods: password },
    );
    const closed = emailChangeReducer(failed, { type: 'close' });
    expect(closed).toMatchObject({ type: 'idle', error: null, newEmail: 'x@y' });
    expect(emailChangeReducer(closed, { type: 'clearValues' })).toMatchObject({ newEmail: '', password: '' });
  });

  it('does not clear values of a dialog opened again within the delay', () => {
    const reopened = run(
      { type: 'edit' },
      { type: 'close' },
      { type: 'edit' },
      { type: 'input', newEmail: 'typing@now' },
    );
    expect(emailChangeReducer(reopened, { type: 'clearValues' }).newEmail).toBe('typing@now');
  });

  it('ignores late answers after the dialog was closed', () => {
    const closed = run({ type: 'edit' }, { type: 'requested' }, { type: 'close' });
    expect(emailChangeReducer(closed, { type: 'verificationSent' })).toBe(closed);
    expect(emailChangeReducer(closed, { type: 'failed', category: 'unknown', methods: password })).toBe(closed);
  });
});

describe('email change submission', () => {
  it("refuses text without an @ between non-space parts with 'Not a valid email address'", () => {
    for (const bad of ['', 'plain', '@example.com', 'a@', 'a b@c']) {
      expect(submission(bad, 'me@example.com')).toEqual({ kind: 'invalid', message: 'Not a valid email address' });
    }
  });
  it('treats the current address (any case) as no change', () => {
    expect(submission(' ME@example.com ', 'me@example.com')).toEqual({ kind: 'unchanged' });
  });
  it('requests a loose but valid new address', () => {
    expect(submission('new@example', 'me@example.com')).toEqual({ kind: 'request' });
  });
});
