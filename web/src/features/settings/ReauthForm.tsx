import type { FormEvent, ReactNode } from 'react';
import { TextField } from '../../components/Field';

/** A settings dialog's error line (its text comes from the dialog's state machine). */
export function DialogError({ error }: { error: string | null }) {
  return error ? (
    <p className="form-alert form-alert--error" role="alert">
      {error}
    </p>
  ) : null;
}

export interface ReauthFormProps {
  titleId: string;
  /** Why the password is asked for. */
  subtitle: ReactNode;
  /** The signed-in user's email, for password managers (a hidden username field). */
  email: string | null | undefined;
  /** Whether the user signs in with a password (false: Google only, no password field). */
  withPassword: boolean;
  password: string;
  onPasswordInput: (password: string) => void;
  error: string | null;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  /** The buttons after Cancel (the dialog's own Continue, and Google when it applies). */
  children: ReactNode;
}

/**
 * The 'Confirm it is you' step shared by the email change and the account deletion: the password,
 * the dialog's error and Cancel followed by the dialog's own buttons.
 */
export function ReauthForm({
  titleId,
  subtitle,
  email,
  withPassword,
  password,
  onPasswordInput,
  error,
  busy,
  onSubmit,
  onCancel,
  children,
}: ReauthFormProps) {
  return (
    <form className="confirm__form" onSubmit={onSubmit} noValidate>
      <h2 id={titleId} className="confirm__title">
        Confirm it is you
      </h2>
      <p className="confirm__subtitle">{subtitle}</p>
      {withPassword && (
        <>
          <input type="email" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            data-autofocus
            value={password}
            onChange={(e) => onPasswordInput(e.target.value)}
          />
        </>
      )}
      <DialogError error={error} />
      <div className="confirm__actions">
        <button type="button" className="btn btn--secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        {children}
      </div>
    </form>
  );
}
