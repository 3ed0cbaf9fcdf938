import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useLocation, useNavigate } from 'react-router';
import { passwordProblem, sameEmail } from '@mapnest/shared/accounts';
import { CallError, MESSAGES } from '@mapnest/shared/errors';
import { loginPathFor, SIGNED_IN_HOME } from '../../lib/next-path';
import { sessionAtom } from '../../state/session';
import { appStore } from '../../state/store';
import { TextField } from '../../components/Field';
import { PageLoading, Spinner } from '../../components/Spinner';
import { call } from '../../lib/api';
import { AuthCard, FormMessage } from './AuthCard';
import { actionCodeMessage, classifyAuthError, isAlreadyConfirmed, isResetTriggerFailure } from './auth-errors';
import { parseAuthAction, withoutSignInToken } from './auth-action';
import { announceVerified, clearPendingSignUp, verifiedArrival } from './pending-signup';
import { loadAuthService, refreshSession, signOutAndClear } from './session-bootstrap';

type Outcome = { status: 'working' } | { status: 'done'; message: string } | { status: 'failed'; message: string };

/** Runs `work` once per mount, even under StrictMode's doubled effects: an email code must not be applied twice. */
function useOnce(work: () => Promise<Outcome>, ready = true): Outcome {
  const [outcome, setOutcome] = useState<Outcome>({ status: 'working' });
  const started = useRef(false);
  useEffect(() => {
    if (!ready || started.current) return;
    started.current = true;
    work().then(setOutcome, (err: unknown) =>
      setOutcome({ status: 'failed', message: actionCodeMessage(classifyAuthError(err)) }),
    );
  }, [ready, work]);
  return outcome;
}

function Result({ title, outcome, next }: { title: string; outcome: Outcome; next: { to: string; label: string } }) {
  if (outcome.status === 'working') return <PageLoading label={title} />;
  return (
    <AuthCard title={outcome.status === 'done' ? title : 'This link did not work'}>
      <FormMessage kind={outcome.status === 'done' ? 'success' : 'error'}>{outcome.message}</FormMessage>
      <div className="auth-card__actions">
        <Link className="btn btn--primary" to={next.to}>
          {next.label}
        </Link>
      </div>
    </AuthCard>
  );
}

/** Said when a verification link carried a sign-in token that no longer signs in (used, replaced or expired). */
export const LINK_USED_MESSAGE =
  'This link can no longer sign you in (it was already used, or a newer email replaced it): log in with your password.';

/** Whether Amplify refused a sign-in because this browser already has one. */
const alreadySignedIn = (err: unknown) => (err as { name?: string })?.name === 'UserAlreadyAuthenticatedException';

/**
 * Follows the verification link: confirms the registration with the code, then (ADR 036) signs in with the link's
 * one-time token, in whatever browser the link was opened, and goes on to the maps. Without a token, with a token
 * that no longer signs in, or when someone is already signed in here, it says the address is verified and offers
 * to continue or log in, as before.
 */
function VerifyEmail({ email, code, signInToken }: { email: string; code: string; signInToken: string | null }) {
  const { user } = useAtomValue(sessionAtom);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // Read once: the token leaves the address bar (and so history, bookmarks and shared screenshots) at once.
  const [token] = useState(signInToken);
  useLayoutEffect(() => {
    if (new URLSearchParams(search).has('token'))
      navigate({ pathname, search: withoutSignInToken(search) }, { replace: true });
  }, [navigate, pathname, search]);
  const [work] = useState(() => async (): Promise<Outcome> => {
    const auth = await loadAuthService();
    let confirmError: unknown = null;
    let confirmedBefore = false;
    try {
      await auth.confirmRegistration(email, code);
    } catch (err) {
      // The link opened again: the address is verified, which is what its reader wants to know (not "not valid").
      confirmedBefore = isAlreadyConfirmed(err);
      // Without a token this is the link's answer; with one, an address confirmed before may still sign in once.
      if (!token && !confirmedBefore) throw err;
      if (!confirmedBefore) confirmError = err;
    }
    let signedIn = false;
    const someoneSignedIn = token ? Boolean(await auth.currentClaims()) : false;
    if (token && !someoneSignedIn) {
      try {
        signedIn = await auth.signInWithLink(email, token);
      } catch (err) {
        if (alreadySignedIn(err)) signedIn = true;
        else if (!confirmError) console.info('sign-in link refused', err);
      }
    }
    if (confirmError && !signedIn) throw confirmError;
    announceVerified(email);
    if (signedIn) {
      clearPendingSignUp();
      await refreshSession();
      navigate(verifiedArrival.to, verifiedArrival.options);
      return { status: 'working' };
    }
    const usedUp = token && !someoneSignedIn ? ` ${LINK_USED_MESSAGE}` : '';
    if (confirmedBefore) return { status: 'done', message: `Your email address is already verified.${usedUp}` };
    return { status: 'done', message: `Your email address is verified.${usedUp}` };
  });
  const outcome = useOnce(work);
  const next = user
    ? { to: SIGNED_IN_HOME, label: 'Continue to your maps' }
    : { to: `/login?${new URLSearchParams({ email })}`, label: 'Log in' };
  return <Result title="Email verified" outcome={outcome} next={next} />;
}

function ChangeEmail({ code }: { code: string }) {
  const { user, init } = useAtomValue(sessionAtom);
  const location = useLocation();
  const [work] = useState(() => async (): Promise<Outcome> => {
    const previous = appStore.get(sessionAtom).user?.email ?? null;
    if (!previous) return { status: 'failed', message: MESSAGES.noEmails };
    const current = await (await loadAuthService()).confirmEmail(code);
    if (!current) return { status: 'failed', message: MESSAGES.noEmails };
    // The new token carries the new, verified address, which is what updateEmail checks.
    await refreshSession({ forceRefresh: true });
    announceVerified(current);
    if (!sameEmail(previous, current)) {
      try {
        await call('updateEmail', { newEmail: current, oldEmail: previous });
      } catch (err) {
        if (err instanceof CallError && err.code === 'already-exists') {
          // Another account uses the address: the server refused it and put the previous one back.
          await refreshSession({ forceRefresh: true });
          return {
            status: 'failed',
            message: `${MESSAGES.emailInUse}: ${current} belongs to another account. Your email address is still ${previous}.`,
          };
        }
        console.error('updateEmail failed after a verified change', err);
        return {
          status: 'failed',
          message: `Your email address is now ${current}, but your maps could not be updated: ${MESSAGES.unknownError}`,
        };
      }
      return { status: 'done', message: `Your email address is now ${current}.` };
    }
    return { status: 'done', message: 'Your email address is verified.' };
  });
  const outcome = useOnce(work, init && Boolean(user));
  if (!init) return <PageLoading label="Checking your session" />;
  if (!user) {
    return (
      <AuthCard title="Confirm your new email address" subtitle="Log in to your account to confirm the change.">
        <div className="auth-card__actions">
          <Link className="btn btn--primary" to={loginPathFor(location.pathname + location.search)}>
            Log in
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <Result
      title="Email address confirmed"
      outcome={outcome}
      next={{ to: '/maps#settings', label: 'Back to settings' }}
    />
  );
}

/** What a completed password reset says: it also ended every session of the account (ADR 079). */
export const PASSWORD_CHANGED =
  'Your password has been changed. Every device signed in to your account was signed out: use the new password the next time you log in.';

/**
 * What a reset answered with the failure of the trigger that ends the other sessions says (ADR 084): Cognito changes
 * the password before it runs that trigger, so the reset did not simply fail, and the other devices may be signed in.
 */
export const PASSWORD_MAY_HAVE_CHANGED =
  'Your password may have been changed, but we could not sign out every device signed in to your account. Try logging in with your new password (if it is refused, your old one still works). Then use Sign out of all devices in Settings > Security to sign the other devices out.';

/** After the new password was sent: changed with every session ended, or perhaps changed (the trigger failed). */
function ResetDone({ email, outcome }: { email: string; outcome: 'changed' | 'unconfirmed' }) {
  const logIn = { to: `/login?${new URLSearchParams({ email })}`, label: 'Log in' };
  if (outcome === 'changed') {
    return <Result title="Password changed" outcome={{ status: 'done', message: PASSWORD_CHANGED }} next={logIn} />;
  }
  return (
    <AuthCard title="Log in with your new password">
      <FormMessage kind="notice">{PASSWORD_MAY_HAVE_CHANGED}</FormMessage>
      <div className="auth-card__actions">
        <Link className="btn btn--primary" to={logIn.to}>
          {logIn.label}
        </Link>
      </div>
    </AuthCard>
  );
}

function ResetPassword({ email, code }: { email: string; code: string }) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<'changed' | 'unconfirmed' | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = passwordProblem(password) ?? (password !== repeat ? 'The two passwords do not match.' : null);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await (await loadAuthService()).completePasswordReset(email, code, password);
      clearPendingSignUp();
      // The reset ended every session of the account (ADR 079), this browser's too if it had one.
      if (appStore.get(sessionAtom).user) await signOutAndClear();
      setDone('changed');
    } catch (err) {
      if (isResetTriggerFailure(err)) {
        console.error('password reset: the trigger that ends the other sessions failed', err);
        clearPendingSignUp();
        // The new password is likely in place: the person logs in with it here, as after a reset.
        if (appStore.get(sessionAtom).user) await signOutAndClear();
        setDone('unconfirmed');
        return;
      }
      setError(
        (err as { name?: string })?.name === 'InvalidPasswordException'
          ? (err as Error).message
          : actionCodeMessage(classifyAuthError(err)),
      );
    } finally {
      setBusy(false);
    }
  };

  if (done) return <ResetDone email={email} outcome={done} />;
  return (
    <AuthCard title="Choose a new password" subtitle={`For ${email}`}>
      <form className="auth-form" onSubmit={submit} noValidate>
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          hint="At least 8 characters with upper- and lower-case letters, a digit and a symbol."
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        <TextField
          label="Repeat the new password"
          type="password"
          name="repeat"
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
          required
        />
        {error && <FormMessage kind="error">{error}</FormMessage>}
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy && <Spinner size="sm" label="Saving" />}
          Save new password
        </button>
      </form>
    </AuthCard>
  );
}

function OAuthReturn() {
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    (async () => {
      await (await loadAuthService()).completeOAuthSignIn();
      await refreshSession();
      if (live) navigate('/maps', { replace: true });
    })().catch((err: unknown) => {
      // Google sign-in failures are only logged, never shown.
      console.error('Google sign-in failed', err);
      if (live) setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [navigate]);
  if (!failed) return <PageLoading label="Signing you in" />;
  return (
    <Result
      title="Sign-in"
      outcome={{ status: 'failed', message: MESSAGES.unknownError }}
      next={{ to: '/login', label: 'Back to log in' }}
    />
  );
}

/** /auth: applies the links in our emails (verify the address, reset the password, confirm an email change). */
export default function AuthActionPage() {
  const { search } = useLocation();
  const action = parseAuthAction(search);
  switch (action.kind) {
    case 'verifyEmail':
      return <VerifyEmail key={action.code} email={action.email} code={action.code} signInToken={action.signInToken} />;
    case 'resetPassword':
      return <ResetPassword key={action.code} email={action.email} code={action.code} />;
    case 'verifyAndChangeEmail':
      return <ChangeEmail key={action.code} code={action.code} />;
    case 'oauth':
      return <OAuthReturn />;
    case 'invalid':
      return (
        <Result
          title="Account"
          outcome={{ status: 'failed', message: MESSAGES.invalidActionCode }}
          next={{ to: '/', label: 'Back to home' }}
        />
      );
  }
}
