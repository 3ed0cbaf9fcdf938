import { useReducer, useState } from 'react';
import { useAtomValue } from 'jotai';
import { sessionAtom } from '../../state/session';
import { Spinner } from '../../components/Spinner';
import { loadAuthService } from '../auth/session-bootstrap';
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

/** The Security tab: password reset and the danger zone. */
export function SecurityTab() {
  const { user } = useAtomValue(sessionAtom);
  const [deleting, setDeleting] = useState(false);
  return (
    <div className="settings-section">
      <PasswordResetRow email={user?.email ?? null} />
      <section className="danger-zone" aria-labelledby="danger-zone-title">
        <h3 id="danger-zone-title" className="danger-zone__title">
          Danger zone
        </h3>
        <SettingsRow
          label="Delete account"
          tone="danger"
          description="Deletes your account with all your maps and files. This cannot be undone."
        >
          <button type="button" className="btn btn--danger btn--sm" onClick={() => setDeleting(true)}>
            Delete account
          </button>
        </SettingsRow>
      </section>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </div>
  );
}
