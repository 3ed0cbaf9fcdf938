import type { FormEvent } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const reauthenticate = vi.fn<(email: string, password: string) => Promise<void>>();
const refreshSession = vi.fn(async () => {});
vi.mock('../auth/session-bootstrap', () => ({
  loadAuthService: async () => ({ reauthenticate }),
  refreshSession: () => refreshSession(),
}));

// After a module reset: the unit project shares one module cache per worker, and a copy another file loaded
// before would keep the real module instead of the one mocked above.
vi.resetModules();
const { submitPasswordReauth } = await import('./reauth');

function run(overrides: Partial<Parameters<typeof submitPasswordReauth>[1]> = {}) {
  const events: unknown[] = [];
  const then = vi.fn(async () => {});
  const missing = vi.fn();
  const form = { preventDefault: vi.fn() } as unknown as FormEvent<HTMLFormElement>;
  const done = submitPasswordReauth(form, {
    busy: false,
    email: 'ada@example.com',
    password: 'secret-1',
    dispatch: (e) => events.push(e),
    missing,
    then,
    ...overrides,
  });
  return { done, events, then, missing, form };
}

describe('submitPasswordReauth', () => {
  beforeEach(() => {
    reauthenticate.mockReset();
    refreshSession.mockClear();
  });

  it('re-authenticates, refreshes the session, reports success and redoes the change', async () => {
    reauthenticate.mockResolvedValue();
    const r = run();
    await r.done;
    expect(r.form.preventDefault).toHaveBeenCalled();
    expect(reauthenticate).toHaveBeenCalledWith('ada@example.com', 'secret-1');
    expect(refreshSession).toHaveBeenCalled();
    expect(r.events).toEqual([{ type: 'reauthStarted' }, { type: 'reauthSucceeded' }]);
    expect(r.then).toHaveBeenCalledTimes(1);
  });

  it('reports a wrong password by category and does not redo the change', async () => {
    reauthenticate.mockRejectedValue(
      Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }),
    );
    const r = run();
    await r.done;
    expect(r.events).toEqual([{ type: 'reauthStarted' }, { type: 'reauthFailed', category: 'invalid-credentials' }]);
    expect(r.then).not.toHaveBeenCalled();
  });

  it('asks the dialog to word a missing password or email, and does nothing while busy', async () => {
    const noPassword = run({ password: '' });
    await noPassword.done;
    expect(noPassword.missing).toHaveBeenCalledWith('password');
    const noEmail = run({ email: null });
    await noEmail.done;
    expect(noEmail.missing).toHaveBeenCalledWith('email');
    const busy = run({ busy: true });
    await busy.done;
    for (const r of [noPassword, noEmail, busy]) {
      expect(r.events).toEqual([]);
      expect(r.then).not.toHaveBeenCalled();
    }
    expect(busy.missing).not.toHaveBeenCalled();
    expect(reauthenticate).not.toHaveBeenCalled();
  });
});
