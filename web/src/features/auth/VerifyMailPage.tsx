import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link, Navigate, useNavigate } from 'react-router';
import { sessionAtom } from '../../state/session';
import { PageLoading } from '../../components/Spinner';
import { AuthCard, FormMessage } from './AuthCard';
import { classifyAuthError, signInMessage } from './auth-errors';
import { EmailGate } from './EmailGate';
import {
  clearPendingSignUp,
  pendingSignUp,
  VERIFIED_EVENT_KEY,
  verifiedArrival,
  verifiedEmailOf,
} from './pending-signup';
import { loadAuthService, refreshSession } from './session-bootstrap';
import { sameEmail } from '@mapnest/shared/accounts';

/**
 * The verify-mail page: after registering (or signing in before verifying) the user waits here. The link signs in
 * wherever it is followed (ADR 036); when that is another tab of this browser, this tab continues to /maps with the
 * shared session, and when it was followed elsewhere (another browser or device) this tab, on regaining focus, signs
 * in with the password it still holds; after a reload it offers to log in instead.
 */
export default function VerifyMailPage() {
  const { user, init } = useAtomValue(sessionAtom);
  const navigate = useNavigate();
  const [pending] = useState(pendingSignUp);
  const [error, setError] = useState<string | null>(null);
  const signingIn = useRef(false);

  const trySignIn = useCallback(async () => {
    if (!pending?.password || signingIn.current) return;
    signingIn.current = true;
    try {
      const auth = await loadAuthService();
      const result = await auth.signInWithPassword(pending.email, pending.password);
      if (result !== 'signedIn') return; // still unverified: keep waiting
      clearPendingSignUp();
      await refreshSession();
      navigate(verifiedArrival.to, verifiedArrival.options);
    } catch (err) {
      // The link, followed in another tab of this browser, signed in already (ADR 036): this tab shares the session.
      if ((err as { name?: string })?.name === 'UserAlreadyAuthenticatedException') {
        clearPendingSignUp();
        await refreshSession();
        navigate(verifiedArrival.to, verifiedArrival.options);
        return;
      }
      setError(signInMessage(classifyAuthError(err)));
    } finally {
      signingIn.current = false;
    }
  }, [pending, navigate]);

  useEffect(() => {
    if (!pending?.password) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key === VERIFIED_EVENT_KEY && sameEmail(verifiedEmailOf(event.newValue), pending.email))
        void trySignIn();
    };
    const onFocus = () => void trySignIn();
    window.addEventListener('storage', onStorage);
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('focus', onFocus);
    };
  }, [pending, trySignIn]);

  if (!init) return <PageLoading label="Checking your session" />;
  // Signed in by the link in another tab (the session is shared): the registration this tab waited on is verified.
  if (user?.emailVerified)
    return <Navigate to={verifiedArrival.to} replace state={pending ? verifiedArrival.options.state : undefined} />;
  if (user) {
    return <EmailGate email={user.email} onResend={async () => (await loadAuthService()).resendEmailVerification()} />;
  }
  if (!pending) {
    return (
      <AuthCard title="Verify your email address" subtitle="Follow the link in the email we sent you, then log in.">
        <div className="auth-card__actions">
          <Link className="btn btn--primary" to="/login">
            Log in
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <EmailGate email={pending.email} onResend={async () => (await loadAuthService()).resendSignUpLink(pending.email)}>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {!pending.password && (
        <p>
          Already verified? <Link to={`/login?${new URLSearchParams({ email: pending.email })}`}>Log in</Link>
        </p>
      )}
    </EmailGate>
  );
}
