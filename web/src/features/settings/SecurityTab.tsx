import { useReducer, useState } from 'react';
import { useAtomValue } from 'jotai';
import { CallError } from '@mapnest/shared/errors';
import { sessionAtom } from '../../state/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Spinner } from '../../components/Spinner';
import { call } from '../../lib/api';
import { endSession, loadAuthService } from '../auth/session-bootstrap';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import {
  initialPasswordReset,
  passwordResetDisabled,
  passwordResetError,
  passwordResetLabel,
  passwordResetReducer,
  runPasswordReset,
} from './password-reset-machine';
import { SettingsRow } from './SettingsRow';

function PasswordResetRow({ email }: { email: string | null }) {
  const [state, dispatch] = useReducer(passwordResetReducer, initialPasswordReset);
  const send = () =>
    runPasswordReset(async () => {
      if (!email) throw new Error('The account has no email address');
      await (await loadAuthService()).requestPasswordReset(email);
    }, dispatch);
  const error = passwordResetError(state);
  return (
    <SettingsRow
      label="Password reset"
      description={
        email ? (
          <>
            We email a link to <strong>{email}</strong> to choose a new password.
          </>
        ) : (
          'Your account has no email address.'
        )
      }
    >
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        onClick={() => void send()}
        disabled={passwordResetDisabled(state)}
      >
        {state.status === 'loading' && <Spinner size="sm" label="Sending" />}
        {passwordResetLabel(state)}
      </button>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </SettingsRow>
  );
}

/** What the confirmation of "Sign out of all devices" says it does. */
export const SIGN_OUT_EVERYWHERE_SUBTITLE =
  'Every browser and device signed in to your account is signed out, this one too. Your maps stay as they are; changes not yet saved on another device stay in its browser and are offered back when you log in there again.';

/** Said when "Sign out of all devices" failed on the server's side. */
export const SIGN_OUT_EVERYWHERE_FAILED =
  'Something went wrong, and your devices may not all be signed out. Please try again.';

/**
 * "Sign out of all devices" (ADR 079): after a confirmation the server ends every session of the account; this one
 * then goes to the login page, which says so. A failure is said in the dialog, and nothing was signed out.
 */
function SignOutEverywhereRow({ simulated }: { simulated: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const confirm = async () => {
    try {
      await call('signOutEverywhere', null);
    } catch (err) {
      // A session the server already ended is taken to the login page by the call client.
      if (err instanceof CallError && err.code === 'unauthenticated') return;
      throw new Error(err instanceof CallError && err.httpStatus < 500 ? err.message : SIGN_OUT_EVERYWHERE_FAILED);
    }
    await endSession('signedOutEverywhere');
  };
  return (
    <SettingsRow
      label="Sign out of all devices"
      description={
        simulated
          ? 'Stop viewing as another user to sign out of your own devices.'
          : 'Ends every session of your account, on every browser and device, this one too.'
      }
    >
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        onClick={() => setConfirming(true)}
        disabled={simulated}
      >
        Sign out of all devices
      </button>
      <ConfirmDialog
        open={confirming}
        title="Sign out of all devices?"
        subtitle={SIGN_OUT_EVERYWHERE_SUBTITLE}
        positive="Sign out everywhere"
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </SettingsRow>
  );
}

/** The Security tab: password reset, signing out of all devices, and the danger zone. */
export function SecurityTab() {
  const { user, isUserSimulated } = useAtomValue(sessionAtom);
  const [deleting, setDeleting] = useState(false);
  return (
    <div className="settings-section">
      <PasswordResetRow email={user?.email ?? null} />
      <SignOutEverywhereRow simulated={isUserSimulated} />
      <section className="danger-zone" aria-labelledby="danger-zone-title">
        <h3 id="danger-zone-title" className="danger-zone__title">
          Danger zone
        </h3>
        <SettingsRow
          label="Delete account"
          tone="danger"
          description={
            isUserSimulated
              ? 'Stop viewing as another user to delete your own account. Theirs is not deleted from here.'
              : 'Deletes your account with all your maps and files. This cannot be undone.'
          }
        >
          <button
            type="button"
            className="btn btn--danger btn--sm"
            onClick={() => setDeleting(true)}
            disabled={isUserSimulated}
          >
            Delete account
          </button>
        </SettingsRow>
      </section>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </div>
  );
}
