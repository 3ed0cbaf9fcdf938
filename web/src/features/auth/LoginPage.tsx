import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SESSION_ENDED_MESSAGES } from '@mapnest/shared/errors';
import { TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { AuthCard, FormMessage } from './AuthCard';
import { classifyAuthError, signInMessage } from './auth-errors';
import { GoogleSignInButton } from './GoogleSignInButton';
import { setPendingSignUp } from './pending-signup';
import { loadAuthService, refreshSession } from './session-bootstrap';
import { sessionEndedAtom, type EndedSession } from '../../state/session';

/** What the login page says of a session that ended here: the server's reason, or only that it ended (ADR 084). */
export const endedSessionMessage = (ended: EndedSession): string =>
  ended === 'renewalRefused' ? 'Your session ended. Log in again.' : SESSION_ENDED_MESSAGES[ended];

/** /login: email and password (USER_PASSWORD_AUTH). The guard sends a signed-in user on to `next` or /maps. */
export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Set when this browser's session was ended (ADR 079) or not renewed (ADR 084); cleared once a session starts again.
  const ended = useAtomValue(sessionEndedAtom);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!email.trim() || !password) {
      setError('Enter your email address and password.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const auth = await loadAuthService();
      const result = await auth.signInWithPassword(email, password).catch(async (err: unknown) => {
        // Amplify still holds a session the page did not know about: use it.
        if ((err as { name?: string })?.name === 'UserAlreadyAuthenticatedException') return 'signedIn' as const;
        throw err;
      });
      if (result === 'confirmSignUp') {
        setPendingSignUp(email.trim(), password);
        navigate('/verify-mail');
        return;
      }
      if (result === 'resetPassword') {
        navigate(`/reset?${new URLSearchParams({ email: email.trim() })}`);
        return;
      }
      await refreshSession();
    } catch (err) {
      setError(signInMessage(classifyAuthError(err)));
    } finally {
      setBusy(false);
    }
  };

  const carry = params.toString() ? `?${params.toString()}` : '';
  return (
    <AuthCard title="Log in" subtitle="Welcome back. Log in to manage your maps.">
      {ended && <FormMessage kind="notice">{endedSessionMessage(ended)}</FormMessage>}
      <GoogleSignInButton />
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
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        {error && <FormMessage kind="error">{error}</FormMessage>}
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy && <Spinner size="sm" label="Logging in" />}
          Log in
        </button>
      </form>
      <div className="auth-card__links">
        <Link to={`/reset${email.trim() ? `?${new URLSearchParams({ email: email.trim() })}` : ''}`}>
          Forgot your password?
        </Link>
        <Link to={`/register${carry}`}>Create an account</Link>
      </div>
    </AuthCard>
  );
}
