import { useState } from 'react';
import { Divider } from '../../components/Divider';
import { loadAuthService } from './session-bootstrap';
import { useRuntimeConfig } from './use-runtime-config';

/** 'Continue with Google', shown only where the deployment configures Google sign-in (never locally). */
export function GoogleSignInButton() {
  const config = useRuntimeConfig();
  const [busy, setBusy] = useState(false);
  if (!config?.googleSignIn || !config.oauthDomain) return null;
  const start = async () => {
    setBusy(true);
    try {
      await (await loadAuthService()).signInWithGoogle();
    } catch (err) {
      // Google sign-in failures are only logged, never shown.
      console.error('Google sign-in failed', err);
      setBusy(false);
    }
  };
  return (
    <div className="auth-google">
      <button type="button" className="btn btn--secondary" onClick={() => void start()} disabled={busy}>
        Continue with Google
      </button>
      <Divider>or</Divider>
    </div>
  );
}
