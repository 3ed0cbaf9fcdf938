/**
 * The danger zone's delete dialog: idle, then delete (type the account email to confirm); success
 * deletes the account and sends the user to /; a permission-denied answer moves to reauthenticate, and a
 * successful re-authentication retries the deletion.
 */
import { sameEmail } from '@mapnest/shared/accounts';
import { MESSAGES } from '@mapnest/shared/errors';
import { reauthMessage, type AuthErrorCategory } from '../auth/auth-errors';

export interface DeleteAccountState {
  type: 'idle' | 'delete' | 'reauthenticate';
  typed: string;
  password: string;
  error: string | null;
  busy: boolean;
}

/** Why a deletion did not happen. */
export type DeleteFailure =
  | { kind: 'mismatch' }
  | { kind: 'reauthenticate' }
  | { kind: 'notLoggedIn' }
  | { kind: 'noEmail' }
  | { kind: 'other'; message?: string };

export type DeleteAccountEvent =
  | { type: 'open' }
  | { type: 'input'; typed: string }
  | { type: 'passwordInput'; password: string }
  | { type: 'requested' }
  | { type: 'failed'; failure: DeleteFailure }
  | { type: 'reauthStarted' }
  | { type: 'reauthFailed'; category: AuthErrorCategory }
  | { type: 'reauthSucceeded' }
  | { type: 'deleted' }
  | { type: 'close' }
  | { type: 'clearValues' };

export const initialDeleteAccount: DeleteAccountState = {
  type: 'idle',
  typed: '',
  password: '',
  error: null,
  busy: false,
};

export function deleteFailureMessage(failure: DeleteFailure): string | null {
  switch (failure.kind) {
    case 'mismatch':
      return MESSAGES.deleteEmailMismatch;
    case 'notLoggedIn':
      return MESSAGES.deleteNotLoggedIn;
    case 'noEmail':
      return MESSAGES.deleteNoEmail;
    case 'other':
      return failure.message ?? MESSAGES.deleteOther;
    case 'reauthenticate':
      return null;
  }
}

export function deleteAccountReducer(state: DeleteAccountState, event: DeleteAccountEvent): DeleteAccountState {
  switch (event.type) {
    case 'open':
      return state.type === 'idle' ? { ...initialDeleteAccount, type: 'delete' } : state;
    case 'input':
      return { ...state, typed: event.typed, error: null };
    case 'passwordInput':
      return { ...state, password: event.password, error: null };
    case 'requested':
      return state.type === 'delete' ? { ...state, busy: true, error: null } : state;
    case 'failed':
      if (state.type !== 'delete') return state;
      if (event.failure.kind === 'reauthenticate')
        return { ...state, type: 'reauthenticate', busy: false, error: null, password: '' };
      return { ...state, busy: false, error: deleteFailureMessage(event.failure) };
    case 'reauthStarted':
      return state.type === 'reauthenticate' ? { ...state, busy: true, error: null } : state;
    case 'reauthFailed':
      return state.type === 'reauthenticate' ? { ...state, busy: false, error: reauthMessage(event.category) } : state;
    case 'reauthSucceeded':
      return state.type === 'reauthenticate'
        ? { ...state, type: 'delete', busy: true, error: null, password: '' }
        : state;
    case 'deleted':
      return initialDeleteAccount;
    case 'close':
      return { ...state, type: 'idle', error: null, busy: false };
    case 'clearValues':
      return state.type === 'idle' ? { ...state, typed: '', password: '' } : state;
  }
}

/** Confirm is unavailable while the field is empty or a request is in flight. */
export const canConfirmDelete = (state: DeleteAccountState) => state.typed.trim() !== '' && !state.busy;

/** The checks before anything is sent: a signed-in user, with an email, typed exactly. */
export function deletePrecheck(typed: string, user: { email: string | null } | null): DeleteFailure | null {
  if (!user) return { kind: 'notLoggedIn' };
  if (!user.email) return { kind: 'noEmail' };
  if (!sameEmail(typed, user.email)) return { kind: 'mismatch' };
  return null;
}
