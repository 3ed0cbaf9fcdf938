import { useEffect, useReducer, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { sessionAtom } from '../../state/session';
import { Spinner } from '../../components/Spinner';
import { classifyAuthError } from './auth-errors';
import { VERIFIED_EVENT_KEY } from './pending-signup';
import { initialResend, resendDisabled, resendReducer, resendVisible } from './resend-machine';
import { loadAuthService, refreshSession } from './session-bootstrap';
import './auth.css';

/**
 * The email gate: 'Verify your email address', the instruction to check the inbox, click the link and refresh, and a
 * Resend button (disabled while sending, replaced by the confirmation once sent).
 */
export function EmailGate({
  email,
  onResend,
  children,
}: {
  email: string | null;
  onResend: () => Promise<void>;
  children?: ReactNode;
}) {
  const [state, dispatch] = useReducer(resendReducer, initialResend);
  const resend = async () => {
    dispatch({ type: 'send' });
    try {
      await onResend();
      dispatch({ type: 'sent' });
    } catch (err) {
      dispatch({ type: 'failed', category: classifyAuthError(err) });
    }
  };
  return (
    <section className="email-gate" aria-labelledby="email-gate-title">
      <div className="email-gate__card">
        <span className="email-gate__icon" aria-hidden="true">
          <svg
            width="28"
            height="28"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="m3 7 9 6 9-6" />
          </svg>
        </span>
        <h1 id="email-gate-title" className="email-gate__title">
          Verify your email address
        </h1>
        <p className="email-gate__text">
          We sent a verification link to {email ? <strong>{email}</strong> : 'your email address'}. Check your inbox,
          click the link, then refresh this page.
        </p>
        <div className="email-gate__actions">
          {state.message && (
            <p
              className={`form-alert form-alert--${state.status === 'error' ? 'error' : 'success'}`}
              role={state.status === 'error' ? 'alert' : 'status'}
            >
              {state.message}
            </p>
          )}
          {resendVisible(state) && (
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => void resend()}
              disabled={resendDisabled(state)}
            >
              {state.status === 'sending' && <Spinner size="sm" label="Sending" />}
              Resend
            </button>
          )}
          {children}
        </div>
      </div>
    </section>
  );
}

/**
 * The gate for a signed-in user whose address is not verified (protected pages show it instead of their content).
 * Its token is renewed on arrival and when another tab applies the link, so following the link and refreshing works.
 */
export function SignedInEmailGate() {
  const { user } = useAtomValue(sessionAtom);
  useEffect(() => {
    void refreshSession({ forceRefresh: true });
    const onStorage = (event: StorageEvent) => {
      if (event.key === VERIFIED_EVENT_KEY) void refreshSession({ forceRefresh: true });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return (
    <EmailGate email={user?.email ?? null} onResend={async () => (await loadAuthService()).resendEmailVerification()} />
  );
}
