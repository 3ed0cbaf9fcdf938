/**
 * Session start and end: at start the stored Cognito session, if any, fills the session store (admin
 * claim, 'View as user' simulation); calls get their ID token and view-as id from here; signing out clears the
 * session and its maps. Amplify is loaded only when a stored session exists or a screen needs it.
 */
import { sessionEndedReason } from '@mapnest/shared/errors';
import { reportError } from '../../lib/analytics';
import {
  leavingPathAtom,
  sessionAtom,
  sessionEndedAtom,
  SIGNED_OUT_SESSION,
  type EndedSession,
  type Session,
} from '../../state/session';
import { appStore } from '../../state/store';
import { setCallAuth } from '../../lib/api';
import { loadSubscriptionsAtom } from '../billing/subscriptions-state';
import { sessionFromClaims } from './claims';
import { clearPendingSignUp } from './pending-signup';
import { storedViewAs, storeViewAs } from './view-as';

type AuthService = typeof import('./auth-service');
let service: Promise<AuthService> | null = null;

/** The Cognito half of the accounts feature, loaded on first use. */
export function loadAuthService(): Promise<AuthService> {
  service ??= import('./auth-service')
    .then((auth) => {
      auth.watchRefusedRenewals(renewalRefused);
      return auth;
    })
    .catch((err: unknown) => {
      service = null;
      throw err;
    });
  return service;
}

/**
 * Cognito refused to renew this browser's session (its refresh token revoked or expired) and Amplify dropped it. The
 * reason is not known here (the server that knows it refuses the expired token), so the login page says only that the
 * session ended. An open page goes there as from a session the server ended; at session start the guards send the
 * person to the login page, which says it. A reason already known is kept.
 */
function renewalRefused(): void {
  if (appStore.get(sessionEndedAtom)) return;
  if (appStore.get(sessionAtom).user) {
    void endSession('renewalRefused');
    return;
  }
  // Amplify is removing the tokens: the other tabs see them go and read why here.
  noteEnded('renewalRefused');
  appStore.set(sessionEndedAtom, 'renewalRefused');
}

/**
 * Why this browser's session just ended, for its other tabs: they see only the shared tokens go (a `storage` event),
 * as after a Log out, and read the reason here to say it too (ADR 084).
 */
const ENDED_NOTE_KEY = 'mapnest.sessionEnded';
/** A note older than this is of an earlier end, not of the tokens' removal another tab has just seen. */
const ENDED_NOTE_MAX_AGE_MS = 60_000;

function noteEnded(reason: EndedSession): void {
  try {
    safeLocalStorage()?.setItem(ENDED_NOTE_KEY, JSON.stringify({ reason, at: Date.now() }));
  } catch {
    /* a full or blocked storage only costs the other tabs the sentence */
  }
}

function forgetEndedNote(): void {
  try {
    safeLocalStorage()?.removeItem(ENDED_NOTE_KEY);
  } catch {
    /* nothing to forget */
  }
}

/** The reason another tab noted a moment ago, or null (a Log out there, or an old or unreadable note). */
function endedNote(now = Date.now()): EndedSession | null {
  try {
    const note = JSON.parse(safeLocalStorage()?.getItem(ENDED_NOTE_KEY) ?? 'null') as {
      reason?: unknown;
      at?: unknown;
    } | null;
    if (typeof note?.at !== 'number' || now - note.at < 0 || now - note.at >= ENDED_NOTE_MAX_AGE_MS) return null;
    if (note.reason === 'renewalRefused') return 'renewalRefused';
    return sessionEndedReason({ sessionEnded: note.reason });
  } catch {
    return null;
  }
}

/** Amplify keeps `CognitoIdentityServiceProvider.{clientId}.LastAuthUser` while a user is signed in. */
export function hasStoredSession(storage: Pick<Storage, 'length' | 'key'> | null = safeLocalStorage()): boolean {
  if (!storage) return false;
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser')) return true;
  }
  return false;
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The return from Google sign-in: /auth with the OAuth code and state, and none of our link modes. */
function isOAuthReturn(location: Location = window.location): boolean {
  const params = new URLSearchParams(location.search);
  return location.pathname === '/auth' && params.has('code') && params.has('state') && !params.has('mode');
}

export const signedOutSession = (): Session => ({ ...SIGNED_OUT_SESSION, init: true });

/** Puts a new session in the store, keeping loaded maps when the viewed user is the same. */
function publish(next: Session): Session {
  appStore.set(sessionAtom, (prev) =>
    prev.user && next.user && prev.userId === next.userId
      ? { ...next, maps: prev.maps, mapsLoaded: prev.mapsLoaded, plans: prev.plans }
      : next,
  );
  return appStore.get(sessionAtom);
}

/** Re-reads the session from Cognito (after sign-in, a profile change or a re-authentication). */
export async function refreshSession(opts: { forceRefresh?: boolean } = {}): Promise<Session> {
  try {
    const auth = await loadAuthService();
    const claims = await auth.currentClaims(opts);
    const session = publish(claims ? sessionFromClaims(claims, storedViewAs()) : signedOutSession());
    // A new session: the login page no longer says why the last one ended, nor do other tabs.
    if (session.user) {
      appStore.set(sessionEndedAtom, null);
      forgetEndedNote();
    }
    // The session starts with the user's subscriptions loaded (session plans); a failure is reported there.
    if (session.user) void appStore.set(loadSubscriptionsAtom).catch(() => undefined);
    return session;
  } catch (err) {
    reportError(err, 'session');
    return publish(signedOutSession());
  }
}

/** Signs out of this browser: tokens, the simulation id and the session with its maps go; the caller goes to /. */
export async function signOutAndClear(): Promise<void> {
  // The page shows the person signed out at once; revoking the refresh token is a network call to
  // Cognito, and a slow answer must not leave a deleted or departing account on screen.
  storeViewAs('');
  clearPendingSignUp();
  appStore.set(sessionAtom, signedOutSession());
  try {
    await (await loadAuthService()).signOutHere();
  } catch (err) {
    reportError(err, 'sign-out');
  }
}

/**
 * The server ended this browser's session (ADR 079), or Cognito refused to renew it: it is signed out here too, and the
 * page it was on waits while SessionEndedRedirect takes it to the login page, which says why.
 */
export async function endSession(reason: EndedSession): Promise<void> {
  if (!appStore.get(sessionAtom).user) return;
  appStore.set(sessionEndedAtom, reason);
  appStore.set(leavingPathAtom, window.location.pathname);
  noteEnded(reason);
  await signOutAndClear();
}

/**
 * Gives the call client the session's ID token and, while an administrator simulates, the viewed user's id; a 401
 * that says the session was ended ends it here.
 */
function connectCalls(): void {
  const auth = {
    getIdToken: async () => (appStore.get(sessionAtom).user ? (await loadAuthService()).idToken() : null),
    getViewAs: () => {
      const session = appStore.get(sessionAtom);
      return session.isUserSimulated ? session.userId : null;
    },
    onUnauthenticated: (error: { details?: unknown }) => {
      const reason = sessionEndedReason(error.details);
      if (reason) void endSession(reason);
    },
  };
  setCallAuth(auth);
}

let started = false;

/** Starts the session once per page load; public pages never wait for it. */
export async function startSession(): Promise<void> {
  if (started) return;
  started = true;
  connectCalls();
  // Another tab signing out removes the shared tokens: follow it rather than fail on the next call, saying why when
  // that tab's session was ended rather than logged out.
  // A sign-in there is followed too. Amplify stores the user's name before the tokens, so the name alone may be read
  // here while no token is stored yet: a tab still signed out reads the session again when the tokens come.
  window.addEventListener('storage', (event) => {
    if (!event.key?.startsWith('CognitoIdentityServiceProvider.')) return;
    if (event.key.endsWith('.LastAuthUser')) {
      const ended = event.newValue === null ? endedNote() : null;
      if (ended && appStore.get(sessionAtom).user) void endSession(ended);
      else if (event.newValue === null) appStore.set(sessionAtom, signedOutSession());
      else void refreshSession();
    } else if (
      /\.(idToken|refreshToken)$/.test(event.key) &&
      event.newValue !== null &&
      !appStore.get(sessionAtom).user
    )
      void refreshSession();
  });
  if (!hasStoredSession() && !isOAuthReturn()) {
    appStore.set(sessionAtom, signedOutSession());
    return;
  }
  await refreshSession();
}
