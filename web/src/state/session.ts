/**
 * The session store (user, admin, role, plans, maps) as one jotai atom. This module holds state only: the accounts work
 * signs users in and out and fills it (through `appStore.set(sessionAtom, ...)` or `useSetAtom`).
 * Until then the app starts signed out with `init: false`; guards wait for `init` before deciding.
 */
import type { MapSummary } from '@mapnest/shared/maps';
import { atom } from 'jotai';
import type { PlanId } from '@mapnest/shared/constants';
import type { SessionEndedReason } from '@mapnest/shared/errors';

/** The signed-in user, as the session holds it. */
export interface SessionUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  emailVerified: boolean;
  metadata: { creationTime?: string; lastSignInTime?: string };
}

/** A paid slot holding: one counted subscription (active or trialing). */
export interface SessionPlan {
  plan: PlanId;
  quantity: number;
  /** ISO time the subscription ends if it was cancelled, else null. */
  cancelAt: string | null;
}

/** A map as listed for the session, without its layers and locations. */
export type SessionMap = Pick<
  MapSummary,
  'id' | 'title' | 'uid' | 'author' | 'created' | 'edited' | 'state' | 'metrics' | 'subscribed'
>;

export interface Session {
  user: SessionUser | null;
  /** Whose data is shown: the user's own id, or the id an administrator views as. */
  userId: string | null;
  isUserSimulated: boolean;
  admin: boolean;
  /** The stripeRole claim, kept as is. */
  role: string | null;
  /** Counted subscriptions; non-empty means the user has paid slots. */
  plans: readonly SessionPlan[];
  maps: readonly SessionMap[];
  mapsLoaded: boolean;
  /** True once the auth state is known (signed in or not) at session start. */
  init: boolean;
}

/** The session before anything is known: signed out, not initialised. */
export const SIGNED_OUT_SESSION: Session = Object.freeze({
  user: null,
  userId: null,
  isUserSimulated: false,
  admin: false,
  role: null,
  plans: [],
  maps: [],
  mapsLoaded: false,
  init: false,
});

/** The whole session; read it with `useAtomValue(sessionAtom)`. */
export const sessionAtom = atom<Session>(SIGNED_OUT_SESSION);

/** True when a user is signed in. */
/**
 * The path a person signed out (or deleted their account) on, on their way to /: a guard on
 * that page, seeing the session signed out before the landing page has rendered, waits instead of
 * sending them to /login?next=…. Only that path: any other protected page still asks them to log in.
 */
export const leavingPathAtom = atom<string | null>(null);

export const signedInAtom = atom((get) => get(sessionAtom).user !== null);

/**
 * Why this browser's session ended: the server's reason (a password reset, "Sign out of all devices": ADR 079), or
 * `renewalRefused` when Cognito refused to renew it and no reason can be known here (ADR 084).
 */
export type EndedSession = SessionEndedReason | 'renewalRefused';

/** Why this browser's session ended, until the person logs in again: the login page they are taken to says it. */
export const sessionEndedAtom = atom<EndedSession | null>(null);
