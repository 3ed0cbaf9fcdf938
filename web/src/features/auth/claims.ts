/** Turning a verified ID token's claims into the session's user and role (pure, so it is tested without Cognito). */
import { ADMIN_GROUP } from '@mapnest/shared/constants';
import { SIGNED_OUT_SESSION, type Session, type SessionUser } from '../../state/session';

export type IdClaims = Record<string, unknown>;

function groups(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' && value.trim())
    return value
      .replace(/^\[|\]$/g, '')
      .split(/[\s,]+/)
      .filter(Boolean);
  return [];
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/** The session user of an ID token. */
export function userFromClaims(claims: IdClaims): SessionUser {
  const authTime = Number(claims.auth_time);
  return {
    uid: String(claims.sub),
    email: text(claims.email),
    displayName: text(claims.name),
    photoURL: text(claims.picture),
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    metadata:
      Number.isFinite(authTime) && authTime > 0 ? { lastSignInTime: new Date(authTime * 1000).toUTCString() } : {},
  };
}

/** Whether the token's user is in the administrators group. */
export function isAdminClaims(claims: IdClaims): boolean {
  return groups(claims['cognito:groups']).includes(ADMIN_GROUP);
}

/**
 * The signed-in session: the admin claim from the groups, and for an administrator with a stored 'View as user'
 * id, that user's id as the session's userId with the simulation flag set. Non-administrators never simulate.
 */
export function sessionFromClaims(claims: IdClaims, viewAs: string | null): Session {
  const user = userFromClaims(claims);
  const admin = isAdminClaims(claims);
  const simulated = admin && Boolean(viewAs) && viewAs !== user.uid;
  return {
    ...SIGNED_OUT_SESSION,
    user,
    userId: simulated ? viewAs : user.uid,
    isUserSimulated: simulated,
    admin,
    role: text(claims.stripeRole),
    init: true,
  };
}

/** Milliseconds since the user last entered a password, or Infinity when the token does not say. */
export function signInAgeMs(claims: IdClaims | null, now = Date.now()): number {
  const authTime = Number(claims?.auth_time);
  return Number.isFinite(authTime) && authTime > 0 ? now - authTime * 1000 : Number.POSITIVE_INFINITY;
}

/** The sign-in providers of a token: Cognito users have a password, federated users name their provider. */
export function signInMethods(claims: IdClaims | null): { withPassword: boolean; withGoogle: boolean } {
  const identities = Array.isArray(claims?.identities) ? (claims!.identities as Array<{ providerName?: string }>) : [];
  const withGoogle = identities.some((i) => i.providerName === 'Google');
  return { withGoogle, withPassword: identities.length === 0 };
}
