import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { LOCKOUT_MAX_MS, lockoutMs, passwordLockout } from './lockout';

const require = createRequire(import.meta.url);
const { NotAuthorizedError } = require('cognito-local/lib/errors') as {
  NotAuthorizedError: new (message?: string) => Error;
};

/** A pool with one account whose password is 'Right-1', on a clock the test moves. */
function pool() {
  let clock = 1_000_000;
  const guard = passwordLockout(() => clock);
  const signIn = (password: string, username = 'ana@example.com') =>
    guard(
      'InitiateAuth',
      { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: username, PASSWORD: password } },
      async () => {
        if (password !== 'Right-1') throw new NotAuthorizedError('Incorrect username or password.');
        return { AuthenticationResult: { IdToken: 'id' } };
      },
    ).then(
      () => 'signed in',
      (e: Error) => e.message,
    );
  return { signIn, guard, wait: (ms: number) => (clock += ms) };
}

describe('the lockout after failed password sign-ins', () => {
  it('locks out after five failures, the right password too, for 1 s, then doubles it', async () => {
    const p = pool();
    for (let i = 0; i < 5; i++) expect(await p.signIn('Wrong-1')).toBe('Incorrect username or password.');
    expect(await p.signIn('Right-1')).toBe('Password attempts exceeded');
    p.wait(999);
    expect(await p.signIn('Right-1')).toBe('Password attempts exceeded');
    p.wait(1);
    // Sixth failure: 2 s; attempts while locked count for nothing.
    expect(await p.signIn('Wrong-1')).toBe('Incorrect username or password.');
    p.wait(1999);
    expect(await p.signIn('Wrong-1')).toBe('Password attempts exceeded');
    p.wait(1);
    expect(await p.signIn('Right-1')).toBe('signed in');
    // A sign-in that succeeds starts the count again.
    for (let i = 0; i < 4; i++) expect(await p.signIn('Wrong-1')).toBe('Incorrect username or password.');
    expect(await p.signIn('Right-1')).toBe('signed in');
  });

  it('starts again after 15 quiet minutes, and keeps one count per address, unknown ones too', async () => {
    const p = pool();
    // Seven failures, each once the lockout of those before it is over: locked for 4 s now.
    for (let i = 0; i < 7; i++) {
      p.wait(lockoutMs(i));
      expect(await p.signIn('Wrong-1')).toBe('Incorrect username or password.');
    }
    expect(await p.signIn('Wrong-1', 'nobody@example.com')).toBe('Incorrect username or password.');
    expect(await p.signIn('Right-1', 'ANA@example.com ')).toBe('Password attempts exceeded');
    p.wait(15 * 60_000);
    expect(await p.signIn('Right-1')).toBe('signed in');
  });

  it('caps the lockout at about 15 minutes and leaves other actions and flows alone', async () => {
    expect(lockoutMs(4)).toBe(0);
    expect(lockoutMs(5)).toBe(1000);
    expect(lockoutMs(8)).toBe(8000);
    expect(lockoutMs(40)).toBe(LOCKOUT_MAX_MS);
    const p = pool();
    for (let i = 0; i < 5; i++) await p.signIn('Wrong-1');
    const other = await p.guard(
      'InitiateAuth',
      { AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: 'r' } },
      async () => 'refreshed',
    );
    expect(other).toBe('refreshed');
    expect(await p.guard('ForgotPassword', { Username: 'ana@example.com' }, async () => 'sent')).toBe('sent');
  });
});
