import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { newEmailProblem } from '@mapnest/shared/accounts';
import { MESSAGES } from '@mapnest/shared/errors';
import { TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { AuthCard, FormMessage } from './AuthCard';
import { classifyAuthError } from './auth-errors';
import { loadAuthService } from './session-bootstrap';

/** /reset: emails a link to choose a new password. It never reveals whether an address has an account. */
export default function ResetPage() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = email.trim() ? newEmailProblem(email) : 'Enter your email address.';
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await (await loadAuthService()).requestPasswordReset(email);
      setSentTo(email.trim());
    } catch (err) {
      const category = classifyAuthError(err);
      if (category === 'user-not-found') setSentTo(email.trim());
      else setError(category === 'try-later' ? MESSAGES.tooManyAttempts : MESSAGES.resetFailed);
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <AuthCard title="Check your inbox">
        <FormMessage kind="success">
          If an account exists for {sentTo}, we sent it a link to choose a new password. The link works once.
        </FormMessage>
        <div className="auth-card__links">
          <Link to="/login">Back to log in</Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the email address of your account and we will send you a link."
    >
      <form className="auth-form" onSubmit={submit} noValidate>
        <TextField
          label="Email address"
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        {error && <FormMessage kind="error">{error}</FormMessage>}
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy && <Spinner size="sm" label="Sending" />}
          Send reset link
        </button>
      </form>
      <div className="auth-card__links">
        <Link to="/login">Back to log in</Link>
      </div>
    </AuthCard>
  );
}
