import { describe, expect, it } from 'vitest';
import {
  initialResend,
  resendDisabled,
  resendReducer,
  resendVisible,
  type ResendEvent,
  type ResendState,
} from './resend-machine';

const run = (...events: ResendEvent[]): ResendState => events.reduce(resendReducer, initialResend);

describe('resend machine', () => {
  it('disables the button while sending', () => {
    const s = run({ type: 'send' });
    expect(s.status).toBe('sending');
    expect(resendDisabled(s)).toBe(true);
    expect(resendVisible(s)).toBe(true);
  });

  it('shows the confirmation and hides the button once sent', () => {
    const s = run({ type: 'send' }, { type: 'sent' });
    expect(s).toEqual({ status: 'sent', message: 'Verification email sent, please check your inbox and spam folder.' });
    expect(resendVisible(s)).toBe(false);
  });

  it('says to try later when Cognito limits the sends, and lets the user try again', () => {
    const s = run({ type: 'send' }, { type: 'failed', category: 'try-later' });
    expect(s).toEqual({ status: 'error', message: 'Too many attempts. Try again later.' });
    expect(resendDisabled(s)).toBe(false);
    expect(resendReducer(s, { type: 'send' })).toEqual({ status: 'sending', message: null });
  });

  it('asks the user to contact us for any other failure', () => {
    expect(run({ type: 'send' }, { type: 'failed', category: 'unknown' }).message).toBe(
      'Unknown error. Please contact us.',
    );
  });

  it('ignores a second press while sending and any press after sending', () => {
    const sending = run({ type: 'send' });
    expect(resendReducer(sending, { type: 'send' })).toBe(sending);
    const sent = resendReducer(sending, { type: 'sent' });
    expect(resendReducer(sent, { type: 'send' })).toBe(sent);
  });

  it('ignores results that arrive when nothing is being sent', () => {
    expect(run({ type: 'sent' })).toEqual(initialResend);
    expect(run({ type: 'failed', category: 'unknown' })).toEqual(initialResend);
  });
});
