/**
 * The Security tab's password reset button: idle, loading, then sent ('Email sent', disabled, shown
 * 300 ms after the request succeeds) or error ('Something went wrong.').
 */
import { RESET_SENT_DELAY_MS } from '@mapnest/shared/constants';
import { MESSAGES } from '@mapnest/shared/errors';

export type PasswordResetState = { status: 'idle' | 'loading' | 'sent' | 'error' };
export type PasswordResetEvent = { type: 'request' } | { type: 'sent' } | { type: 'failed' };

export const initialPasswordReset: PasswordResetState = { status: 'idle' };

export function passwordResetReducer(state: PasswordResetState, event: PasswordResetEvent): PasswordResetState {
  switch (event.type) {
    case 'request':
      return state.status === 'idle' || state.status === 'error' ? { status: 'loading' } : state;
    case 'sent':
      return state.status === 'loading' ? { status: 'sent' } : state;
    case 'failed':
      return state.status === 'loading' ? { status: 'error' } : state;
  }
}

export const passwordResetLabel = (state: PasswordResetState) =>
  state.status === 'sent' ? 'Email sent' : state.status === 'loading' ? 'Sending...' : 'Send password reset email';
export const passwordResetDisabled = (state: PasswordResetState) =>
  state.status === 'loading' || state.status === 'sent';
export const passwordResetError = (state: PasswordResetState) =>
  state.status === 'error' ? MESSAGES.resetFailed : null;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs one request through the machine: 'sent' follows the success after 300 ms. */
export async function runPasswordReset(
  send: () => Promise<void>,
  dispatch: (event: PasswordResetEvent) => void,
  log: (message: string, error: unknown) => void = console.error,
  delay: (ms: number) => Promise<void> = wait,
): Promise<void> {
  dispatch({ type: 'request' });
  try {
    await send();
  } catch (err) {
    log('Password reset email failed', err);
    dispatch({ type: 'failed' });
    return;
  }
  await delay(RESET_SENT_DELAY_MS);
  dispatch({ type: 'sent' });
}
