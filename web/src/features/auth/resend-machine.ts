/**
 * The 'Resend' button of the email gate: disabled while sending; on success the confirmation replaces
 * the button; on failure its message shows and the button can be pressed again.
 */
import { MESSAGES } from '@mapnest/shared/errors';
import { resendMessage, type AuthErrorCategory } from './auth-errors';

export interface ResendState {
  status: 'idle' | 'sending' | 'sent' | 'error';
  message: string | null;
}

export type ResendEvent = { type: 'send' } | { type: 'sent' } | { type: 'failed'; category: AuthErrorCategory };

export const initialResend: ResendState = { status: 'idle', message: null };

export function resendReducer(state: ResendState, event: ResendEvent): ResendState {
  switch (event.type) {
    case 'send':
      return state.status === 'idle' || state.status === 'error' ? { status: 'sending', message: null } : state;
    case 'sent':
      return state.status === 'sending' ? { status: 'sent', message: MESSAGES.resendSent } : state;
    case 'failed':
      return state.status === 'sending' ? { status: 'error', message: resendMessage(event.category) } : state;
  }
}

/** The button is hidden once the email is on its way. */
export const resendVisible = (state: ResendState) => state.status !== 'sent';
export const resendDisabled = (state: ResendState) => state.status === 'sending';
