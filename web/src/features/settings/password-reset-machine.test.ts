import { describe, expect, it, vi } from 'vitest';
import {
  initialPasswordReset,
  passwordResetDisabled,
  passwordResetError,
  passwordResetLabel,
  passwordResetReducer,
  runPasswordReset,
  type PasswordResetEvent,
  type PasswordResetState,
} from './password-reset-machine';

describe('password reset machine', () => {
  it("goes idle, loading, sent with 'Email sent' and a disabled button", () => {
    let s: PasswordResetState = initialPasswordReset;
    expect(passwordResetDisabled(s)).toBe(false);
    s = passwordResetReducer(s, { type: 'request' });
    expect(s.status).toBe('loading');
    expect(passwordResetDisabled(s)).toBe(true);
    s = passwordResetReducer(s, { type: 'sent' });
    expect(s.status).toBe('sent');
    expect(passwordResetLabel(s)).toBe('Email sent');
    expect(passwordResetDisabled(s)).toBe(true);
    expect(passwordResetReducer(s, { type: 'request' })).toBe(s);
  });

  it("shows 'Something went wrong.' on failure and allows another try", () => {
    const s = passwordResetReducer(passwordResetReducer(initialPasswordReset, { type: 'request' }), { type: 'failed' });
    expect(passwordResetError(s)).toBe('Something went wrong.');
    expect(passwordResetDisabled(s)).toBe(false);
    expect(passwordResetReducer(s, { type: 'request' }).status).toBe('loading');
  });

  it('reports sent only after the 300 ms delay that follows a successful request', async () => {
    const events: PasswordResetEvent[] = [];
    const delays: number[] = [];
    let sentBeforeDelay = false;
    await runPasswordReset(
      async () => undefined,
      (e) => events.push(e),
      vi.fn(),
      async (ms) => {
        delays.push(ms);
        sentBeforeDelay = events.some((e) => e.type === 'sent');
      },
    );
    expect(delays).toEqual([300]);
    expect(sentBeforeDelay).toBe(false);
    expect(events).toEqual([{ type: 'request' }, { type: 'sent' }]);
  });

  it('logs a failed request and reports it without waiting', async () => {
    const events: PasswordResetEvent[] = [];
    const log = vi.fn();
    const delay = vi.fn(async () => undefined);
    const boom = new Error('LimitExceededException');
    await runPasswordReset(
      async () => Promise.reject(boom),
      (e) => events.push(e),
      log,
      delay,
    );
    expect(events).toEqual([{ type: 'request' }, { type: 'failed' }]);
    expect(log).toHaveBeenCalledWith('Password reset email failed', boom);
    expect(delay).not.toHaveBeenCalled();
  });
});
