import { useId, useReducer, type Dispatch, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { MESSAGES } from '@mapnest/shared/errors';
import { sessionAtom } from '../../state/session';
import { TextField } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { call } from '../../lib/api';
import { classifyAuthError } from '../auth/auth-errors';
import { loadAuthService } from '../auth/session-bootstrap';
import { emailChangeReducer, initialEmailChange, submission, type EmailChangeEvent } from './email-change-machine';
import { reauthenticateWithGoogle, reauthStatus, submitPasswordReauth } from './reauth';
import { useDialogCycle } from './use-dialog-cycle';
import { DialogError, ReauthForm } from './ReauthForm';

/** Requests the change; re-authentication comes first when the last sign-in is too old. */
async function requestEmailChange(newEmail: string, dispatch: Dispatch<EmailChangeEvent>): Promise<void> {
  dispatch({ type: 'requested' });
  let methods = { withPassword: true, withGoogle: false };
  try {
    const status = await reauthStatus();
    methods = status.methods;
    if (status.stale) {
      dispatch({ type: 'failed', category: 'reauthenticate', methods });
      return;
    }
    // The server checks the address is free before any change is requested (409: 'Email already in use').
    await call('checkEmailFree', { email: newEmail });
    await (await loadAuthService()).requestEmailChange(newEmail);
    dispatch({ type: 'verificationSent' });
  } catch (err) {
    dispatch({ type: 'failed', category: classifyAuthError(err), methods });
  }
}

/** The email change dialog, driven by its state machine (see email-change-machine.ts). */
export function EmailChangeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useAtomValue(sessionAtom);
  const [state, dispatch] = useReducer(emailChangeReducer, initialEmailChange);
  const titleId = useId();
  const close = useDialogCycle(
    open,
    dispatch,
    { opened: { type: 'edit' }, closed: { type: 'close' }, cleared: { type: 'clearValues' } },
    state.busy,
    onClose,
  );

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.busy) return;
    const next = submission(state.newEmail, user?.email ?? null);
    if (next.kind === 'invalid') dispatch({ type: 'invalid', message: next.message });
    else if (next.kind === 'unchanged') close();
    else void requestEmailChange(state.newEmail.trim(), dispatch);
  };

  const reauthenticate = (event: FormEvent<HTMLFormElement>) =>
    submitPasswordReauth(event, {
      busy: state.busy,
      email: user?.email,
      password: state.password,
      dispatch,
      missing: (what) =>
        dispatch({ type: 'invalid', message: what === 'password' ? 'Enter your password.' : MESSAGES.unknownError }),
      then: () => requestEmailChange(state.newEmail.trim(), dispatch),
    });

  return (
    <Modal open={open} onClose={close} labelledBy={titleId} className="settings-subdialog">
      {state.type === 'verifyEmail' ? (
        <CheckInboxStep titleId={titleId} newEmail={state.newEmail.trim()} onClose={close} />
      ) : state.type === 'reauthenticate' ? (
        <ReauthForm
          titleId={titleId}
          subtitle={MESSAGES.recentSignInRequired}
          email={user?.email}
          withPassword={state.withPassword}
          password={state.password}
          onPasswordInput={(password) => dispatch({ type: 'passwordInput', password })}
          error={state.error}
          busy={state.busy}
          onSubmit={(e) => void reauthenticate(e)}
          onCancel={close}
        >
          {state.withGoogle && (
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => void reauthenticateWithGoogle()}
              disabled={state.busy}
            >
              Continue with Google
            </button>
          )}
          {state.withPassword && (
            <button type="submit" className="btn btn--primary" disabled={state.busy}>
              {state.busy && <Spinner size="sm" label="Checking" />}
              Continue
            </button>
          )}
        </ReauthForm>
      ) : (
        <NewEmailForm
          titleId={titleId}
          newEmail={state.newEmail}
          onInput={(newEmail) => dispatch({ type: 'input', newEmail })}
          error={state.error}
          busy={state.busy}
          onSubmit={save}
          onCancel={close}
        />
      )}
    </Modal>
  );
}

/** The last step: the link is on its way to the new address. */
function CheckInboxStep({ titleId, newEmail, onClose }: { titleId: string; newEmail: string; onClose: () => void }) {
  return (
    <div className="confirm__form">
      <h2 id={titleId} className="confirm__title">
        Check Your Inbox
      </h2>
      <p className="confirm__subtitle">
        We sent a link to <strong>{newEmail}</strong>. Your current email address stays active until you click it.
      </p>
      <div className="confirm__actions">
        <button type="button" className="btn btn--primary" onClick={onClose} data-autofocus>
          Close
        </button>
      </div>
    </div>
  );
}

interface NewEmailFormProps {
  titleId: string;
  newEmail: string;
  onInput: (newEmail: string) => void;
  error: string | null;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
}

/** The first step: the new address. */
function NewEmailForm({ titleId, newEmail, onInput, error, busy, onSubmit, onCancel }: NewEmailFormProps) {
  return (
    <form className="confirm__form" onSubmit={onSubmit} noValidate>
      <h2 id={titleId} className="confirm__title">
        Change email address
      </h2>
      <p className="confirm__subtitle">
        We will email a confirmation link to the new address. Your current address stays active until you click it.
      </p>
      <TextField
        label="New email address"
        type="email"
        name="email"
        autoComplete="email"
        data-autofocus
        value={newEmail}
        onChange={(e) => onInput(e.target.value)}
      />
      <DialogError error={error} />
      <div className="confirm__actions">
        <button type="button" className="btn btn--secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy && <Spinner size="sm" label="Sending" />}
          Save
        </button>
      </div>
    </form>
  );
}
