import { useId, useReducer, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { MESSAGES } from '@mapnest/shared/errors';
import { sessionAtom } from '../../state/session';
import { TextField } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { call } from '../../lib/api';
import { classifyAuthError } from '../auth/auth-errors';
import { loadAuthService } from '../auth/session-bootstrap';
import { emailChangeReducer, initialEmailChange, submission } from './email-change-machine';
import { reauthenticateWithGoogle, reauthStatus, submitPasswordReauth } from './reauth';
import { useDialogCycle } from './use-dialog-cycle';

/** The email change dialog, driven by the state machine of spec §4 (see email-change-machine.ts). */
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

  /** Requests the change; re-authentication comes first when the last sign-in is too old. */
  const request = async (newEmail: string) => {
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
  };

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.busy) return;
    const next = submission(state.newEmail, user?.email ?? null);
    if (next.kind === 'invalid') dispatch({ type: 'invalid', message: next.message });
    else if (next.kind === 'unchanged') close();
    else void request(state.newEmail.trim());
  };

  const reauthenticate = (event: FormEvent<HTMLFormElement>) =>
    submitPasswordReauth(event, {
      busy: state.busy,
      email: user?.email,
      password: state.password,
      dispatch,
      missing: (what) =>
        dispatch({ type: 'invalid', message: what === 'password' ? 'Enter your password.' : MESSAGES.unknownError }),
      then: () => request(state.newEmail.trim()),
    });

  const error = state.error && (
    <p className="form-alert form-alert--error" role="alert">
      {state.error}
    </p>
  );

  return (
    <Modal open={open} onClose={close} labelledBy={titleId} className="settings-subdialog">
      {state.type === 'verifyEmail' ? (
        <div className="confirm__form">
          <h2 id={titleId} className="confirm__title">
            Check Your Inbox
          </h2>
          <p className="confirm__subtitle">
            We sent a link to <strong>{state.newEmail.trim()}</strong>. Your current email address stays active until
            you click it.
          </p>
          <div className="confirm__actions">
            <button type="button" className="btn btn--primary" onClick={close} data-autofocus>
              Close
            </button>
          </div>
        </div>
      ) : state.type === 'reauthenticate' ? (
        <form className="confirm__form" onSubmit={(e) => void reauthenticate(e)} noValidate>
          <h2 id={titleId} className="confirm__title">
            Confirm it is you
          </h2>
          <p className="confirm__subtitle">{MESSAGES.recentSignInRequired}</p>
          {state.withPassword && (
            <>
              <input type="email" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
              <TextField
                label="Password"
                type="password"
                name="password"
                autoComplete="current-password"
                required
                data-autofocus
                value={state.password}
                onChange={(e) => dispatch({ type: 'passwordInput', password: e.target.value })}
              />
            </>
          )}
          {error}
          <div className="confirm__actions">
            <button type="button" className="btn btn--secondary" onClick={close} disabled={state.busy}>
              Cancel
            </button>
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
          </div>
        </form>
      ) : (
        <form className="confirm__form" onSubmit={save} noValidate>
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
            value={state.newEmail}
            onChange={(e) => dispatch({ type: 'input', newEmail: e.target.value })}
          />
          {error}
          <div className="confirm__actions">
            <button type="button" className="btn btn--secondary" onClick={close} disabled={state.busy}>
              Cancel
            </button>
            <button type="submit" className="btn btn--primary" disabled={state.busy}>
              {state.busy && <Spinner size="sm" label="Sending" />}
              Save
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
