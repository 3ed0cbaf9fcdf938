/**
 * The email change dialog: idle, then updateEmail (Edit pressed); a valid entry requests verification
 * and moves to verifyEmail ('Check Your Inbox'); when Cognito or our recent-sign-in rule needs it, reauthenticate
 * (password and/or Google, by the user's sign-in methods), after which the change is retried automatically.
 * Closing returns to idle and clears the error; typed values are cleared 300 ms later.
 */
import { newEmailProblem, sameEmail } from '@mapnest/shared/accounts';
import { emailChangeMessage, reauthMessage, type AuthErrorCategory } from '../auth/auth-errors';

export interface EmailChangeState {
  type: 'idle' | 'updateEmail' | 'verifyEmail' | 'reauthenticate';
  withGoogle: boolean;
  withPassword: boolean;
  newEmail: string;
  password: string;
  error: string | null;
  /** A request (the change, or the re-authentication) is in flight. */
  busy: boolean;
}

export type SignInMethods = { withGoogle: boolean; withPassword: boolean };

export type EmailChangeEvent =
  | { type: 'edit' }
  | { type: 'input'; newEmail: string }
  | { type: 'passwordInput'; password: string }
  | { type: 'invalid'; message: string }
  | { type: 'requested' }
  | { type: 'verificationSent' }
  | { type: 'failed'; category: AuthErrorCategory; methods: SignInMethods }
  | { type: 'reauthStarted' }
  | { type: 'reauthFailed'; category: AuthErrorCategory }
  | { type: 'reauthSucceeded' }
  | { type: 'close' }
  | { type: 'clearValues' };

export const initialEmailChange: EmailChangeState = {
  type: 'idle',
  withGoogle: false,
  withPassword: false,
  newEmail: '',
  password: '',
  error: null,
  busy: false,
};

export function emailChangeReducer(state: EmailChangeState, event: EmailChangeEvent): EmailChangeState {
  switch (event.type) {
    case 'edit':
      return state.type === 'idle' ? { ...initialEmailChange, type: 'updateEmail' } : state;
    case 'input':
      return { ...state, newEmail: event.newEmail, error: null };
    case 'passwordInput':
      return { ...state, password: event.password, error: null };
    case 'invalid':
      return { ...state, error: event.message, busy: false };
    case 'requested':
      return state.type === 'updateEmail' ? { ...state, busy: true, error: null } : state;
    case 'verificationSent':
      return state.type === 'updateEmail' ? { ...state, type: 'verifyEmail', busy: false, error: null } : state;
    case 'failed':
      if (state.type !== 'updateEmail') return state;
      if (event.category === 'reauthenticate') {
        return { ...state, type: 'reauthenticate', ...event.methods, busy: false, error: null, password: '' };
      }
      return { ...state, busy: false, error: emailChangeMessage(event.category) };
    case 'reauthStarted':
      return state.type === 'reauthenticate' ? { ...state, busy: true, error: null } : state;
    case 'reauthFailed':
      return state.type === 'reauthenticate' ? { ...state, busy: false, error: reauthMessage(event.category) } : state;
    case 'reauthSucceeded':
      // The retry of the change starts at once: back to updateEmail with the request in flight.
      return state.type === 'reauthenticate'
        ? { ...state, type: 'updateEmail', busy: true, error: null, password: '' }
        : state;
    case 'close':
      return { ...state, type: 'idle', error: null, busy: false };
    case 'clearValues':
      return state.type === 'idle' ? { ...state, newEmail: '', password: '' } : state;
  }
}

/**
 * What pressing Save should do: 'invalid' with 'Not a valid email address', 'unchanged' for the current address (no
 * change, the dialog just closes), or 'request'.
 */
export function submission(
  newEmail: string,
  currentEmail: string | null,
): { kind: 'invalid'; message: string } | { kind: 'unchanged' } | { kind: 'request' } {
  const problem = newEmailProblem(newEmail);
  if (problem) return { kind: 'invalid', message: problem };
  if (sameEmail(newEmail, currentEmail)) return { kind: 'unchanged' };
  return { kind: 'request' };
}
