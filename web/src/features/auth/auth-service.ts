/**
 * Everything that talks to Cognito, through Amplify v6. This module (and Amplify with it) is loaded only when a
 * screen needs auth or a stored session exists, so anonymous visitors of public pages never download it.
 * Every password sign-in uses USER_PASSWORD_AUTH: the production app client allows it, and cognito-local has no SRP,
 * so the local stack and production run one code path. The verification link signs in with Cognito's custom
 * authentication (CUSTOM_AUTH without SRP, ADR 036), answered with the link's one-time token.
 */
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  confirmUserAttribute,
  deleteUserAttributes,
  fetchAuthSession,
  fetchUserAttributes,
  resendSignUpCode,
  resetPassword,
  sendUserAttributeVerificationCode,
  signIn,
  signInWithRedirect,
  signOut,
  signUp,
  updateUserAttribute,
  updateUserAttributes,
} from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { getRuntimeConfig, type RuntimeConfig } from '../../state/runtime-config';
import type { IdClaims } from './claims';

let configured: Promise<RuntimeConfig> | null = null;

/** Configures Amplify from /config.json once; the custom endpoint is cognito-local behind the gateway. */
export function ensureConfigured(): Promise<RuntimeConfig> {
  configured ??= getRuntimeConfig()
    .then(async (config) => {
      const origin = window.location.origin;
      const oauthDomain = config.googleSignIn ? config.oauthDomain : undefined;
      if (oauthDomain) await import('aws-amplify/auth/enable-oauth-listener');
      Amplify.configure({
        Auth: {
          Cognito: {
            userPoolId: config.userPoolId,
            userPoolClientId: config.userPoolClientId,
            ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
            signUpVerificationMethod: 'code',
            loginWith: {
              email: true,
              ...(oauthDomain
                ? {
                    oauth: {
                      domain: oauthDomain,
                      scopes: ['openid', 'email', 'profile'],
                      redirectSignIn: [`${origin}/auth`],
                      redirectSignOut: [`${origin}/`],
                      responseType: 'code' as const,
                      providers: ['Google' as const],
                    },
                  }
                : {}),
            },
          },
        },
      });
      return config;
    })
    .catch((err: unknown) => {
      configured = null;
      throw err;
    });
  return configured;
}

/**
 * The failures of a renewal after which Amplify drops the stored session (its `isAuthenticationError`): the refresh
 * token was revoked (a password reset, "Sign out of all devices"), expired, or its user is gone. A network failure or
 * a throttled renewal keeps the session for a retry and is not one of them.
 */
const SESSION_DROPPING_ERRORS = [
  'NotAuthorizedException',
  'TokenRevokedException',
  'UserNotFoundException',
  'PasswordResetRequiredException',
  'UserNotConfirmedException',
  'RefreshTokenReuseException',
];

let stopWatchingRenewals: (() => void) | null = null;

/**
 * Calls `refused` when Cognito refuses to renew this browser's session and Amplify drops it: Amplify answers that
 * renewal with no tokens and says nothing more, so without this the person would be signed out without a word.
 * Only a renewal of tokens this browser held fails this way: a first visit and a Log out have none to renew.
 */
export function watchRefusedRenewals(refused: () => void): void {
  stopWatchingRenewals?.();
  stopWatchingRenewals = Hub.listen('auth', ({ payload }) => {
    if (payload.event !== 'tokenRefresh_failure') return;
    const name = (payload.data as { error?: { name?: unknown } } | undefined)?.error?.name;
    if (typeof name === 'string' && SESSION_DROPPING_ERRORS.some((dropping) => name.startsWith(dropping))) refused();
  });
}

/** The claims of the current ID token (refreshed when expired), or null when nobody is signed in. */
export async function currentClaims(opts: { forceRefresh?: boolean } = {}): Promise<IdClaims | null> {
  await ensureConfigured();
  const session = await fetchAuthSession({ forceRefresh: opts.forceRefresh ?? false });
  return (session.tokens?.idToken?.payload as IdClaims | undefined) ?? null;
}

/** The current ID token for API calls (refreshed when expired), or null. */
export async function idToken(): Promise<string | null> {
  await ensureConfigured();
  const session = await fetchAuthSession();
  return session.tokens?.idToken?.toString() ?? null;
}

export type SignInResult = 'signedIn' | 'confirmSignUp' | 'resetPassword';

/** Signs in with email and password. */
export async function signInWithPassword(email: string, password: string): Promise<SignInResult> {
  await ensureConfigured();
  const result = await signIn({ username: email.trim(), password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  if (result.isSignedIn) return 'signedIn';
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'confirmSignUp';
  if (result.nextStep.signInStep === 'RESET_PASSWORD') return 'resetPassword';
  throw Object.assign(new Error(`Unsupported sign-in step ${result.nextStep.signInStep}`), {
    name: 'UnsupportedSignInStep',
  });
}

/**
 * Signs in with the one-time token of a verification link (ADR 036): one custom challenge, answered with the token.
 * Answers whether the user is now signed in; a used, expired or foreign token fails with NotAuthorizedException.
 */
export async function signInWithLink(email: string, token: string): Promise<boolean> {
  await ensureConfigured();
  const started = await signIn({ username: email.trim(), options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
  if (started.isSignedIn) return true;
  if (started.nextStep.signInStep !== 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE') return false;
  const done = await confirmSignIn({ challengeResponse: token });
  return done.isSignedIn;
}

/** Starts Google sign-in (leaves the page; the user comes back to /auth). */
export async function signInWithGoogle(): Promise<void> {
  await ensureConfigured();
  await signInWithRedirect({ provider: 'Google' });
}

/** Waits for Amplify to finish a Google sign-in on the page Cognito redirected back to. */
export async function completeOAuthSignIn(): Promise<void> {
  await ensureConfigured();
  await new Promise<void>((resolve, reject) => {
    const stop = Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'signInWithRedirect') {
        stop();
        resolve();
      } else if (payload.event === 'signInWithRedirect_failure') {
        stop();
        reject((payload.data as { error?: unknown } | undefined)?.error ?? new Error('Google sign-in failed'));
      }
    });
    // The exchange may have finished before this listener was added.
    fetchAuthSession().then(
      (s) => {
        if (s.tokens) {
          stop();
          resolve();
        }
      },
      () => undefined,
    );
  });
}

/** Creates the account; Cognito emails the verification link. */
export async function register(email: string, password: string, name: string): Promise<void> {
  await ensureConfigured();
  const userAttributes: Record<string, string> = { email: email.trim() };
  if (name.trim()) userAttributes.name = name.trim();
  await signUp({ username: email.trim(), password, options: { userAttributes } });
}

export async function resendSignUpLink(email: string): Promise<void> {
  await ensureConfigured();
  await resendSignUpCode({ username: email.trim() });
}

export async function confirmRegistration(email: string, code: string): Promise<void> {
  await ensureConfigured();
  await confirmSignUp({ username: email.trim(), confirmationCode: code });
}

/** Emails a password reset link to the address. */
export async function requestPasswordReset(email: string): Promise<void> {
  await ensureConfigured();
  await resetPassword({ username: email.trim() });
}

export async function completePasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  await ensureConfigured();
  await confirmResetPassword({ username: email.trim(), confirmationCode: code, newPassword });
}

/** Signs out of this browser (the tokens are removed and the refresh token revoked). */
export async function signOutHere(): Promise<void> {
  await ensureConfigured();
  await signOut();
}

/** Sets (or, when empty, removes) the display name. */
export async function updateDisplayName(name: string): Promise<void> {
  await ensureConfigured();
  if (name) await updateUserAttributes({ userAttributes: { name } });
  else await deleteUserAttributes({ userAttributeKeys: ['name'] });
}

/** Asks Cognito to change the email: the current address stays until the link sent to the new one is followed. */
export async function requestEmailChange(newEmail: string): Promise<void> {
  await ensureConfigured();
  await updateUserAttribute({ userAttribute: { attributeKey: 'email', value: newEmail.trim() } });
}

/** Applies the code from an email-change (or email verification) link; answers the address now in use. */
export async function confirmEmail(code: string): Promise<string | null> {
  await ensureConfigured();
  await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code });
  const attributes = await fetchUserAttributes();
  return attributes.email ?? null;
}

/** Emails a new verification link for the signed-in user's current address. */
export async function resendEmailVerification(): Promise<void> {
  await ensureConfigured();
  await sendUserAttributeVerificationCode({ userAttributeKey: 'email' });
}

/** Checks a password against Cognito without touching the session: a wrong password must not sign anyone out. */
async function verifyPassword(config: RuntimeConfig, email: string, password: string): Promise<void> {
  const endpoint = config.cognitoEndpoint ?? `https://cognito-idp.${config.region}.amazonaws.com/`;
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  if (res.ok) return;
  const body = (await res.json().catch(() => ({}))) as { __type?: string; message?: string };
  const name = (body.__type ?? 'UnknownError').split('#').pop()!;
  throw Object.assign(new Error(body.message ?? name), { name });
}

/**
 * Re-authentication: the password is checked first, then the session is renewed with it, so the new
 * tokens carry a fresh sign-in time that the server accepts for sensitive changes.
 */
export async function reauthenticate(email: string, password: string): Promise<void> {
  const config = await ensureConfigured();
  await verifyPassword(config, email, password);
  await signOut();
  await signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
}
