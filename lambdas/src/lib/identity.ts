import { ADMIN_GROUP, USER_ID_MAX } from '@mapnest/shared/constants';
import { CallError } from '@mapnest/shared/errors';
import { USER_ID_PATTERN } from '@mapnest/shared/maps';

/** The signed-in caller, read from the ID token claims that the JWT authorizer verified. */
export interface Identity {
  uid: string;
  email: string;
  emailVerified: boolean;
  name: string;
  admin: boolean;
  /** When the user last entered a password (the auth_time claim, epoch seconds); 0 or absent when unknown. */
  authTime?: number;
}

type Claims = Record<string, string | number | boolean | string[] | undefined>;

/**
 * API Gateway's HTTP API JWT authorizer hands array claims over as a string such as "[admins editors]";
 * the local gateway does the same. Accept both that form and a real array.
 */
export function parseGroups(value: Claims[string]): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value.trim() === '') return [];
  const trimmed = value.trim();
  if (trimmed.startsWith('[') && trimmed.endsWith(']')) {
    const inner = trimmed.slice(1, -1).trim();
    if (inner.startsWith('"')) {
      try {
        return (JSON.parse(trimmed) as unknown[]).map(String);
      } catch {
        /* fall through to the space-separated form */
      }
    }
    return inner.split(/[\s,]+/).filter(Boolean);
  }
  return trimmed.split(/[\s,]+/).filter(Boolean);
}

/** The identity in a set of verified claims, or null when there are none (an anonymous caller). */
export function identityFromClaims(claims: Claims | undefined): Identity | null {
  if (!claims || typeof claims.sub !== 'string' || claims.sub === '') return null;
  if (claims.token_use !== undefined && claims.token_use !== 'id') return null;
  return {
    uid: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : '',
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: typeof claims.name === 'string' ? claims.name : '',
    admin: parseGroups(claims['cognito:groups']).includes(ADMIN_GROUP),
    authTime: Number(claims.auth_time) || 0,
  };
}

/** An email address as a view-as id: one @, no spaces, slashes or control characters, at most 254 characters. */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const VIEW_AS_EMAIL = /^(?=.{3,254}$)[^\s/@\u0000-\u001f\u007f]+@[^\s/@\u0000-\u001f\u007f]+$/;

/** Whether a view-as id is an email address (to be resolved to the user's id before any call runs). */
export const isViewAsEmail = (target: string) => !USER_ID_PATTERN.test(target) && VIEW_AS_EMAIL.test(target);

/** Header an administrator sends to act as another user ('View as user'). */
export const VIEW_AS_HEADER = 'x-mapnest-view-as';

/**
 * The user a call acts for: the caller, or for an administrator the user named in the view-as header.
 * A non-administrator naming anyone but themselves gets permission-denied.
 */
export function subjectUid(identity: Identity, viewAs: string | undefined): string {
  const target = viewAs?.trim();
  if (!target || target === identity.uid) return identity.uid;
  if (target.length > USER_ID_MAX)
    throw new CallError('invalid-argument', `A user id has at most ${USER_ID_MAX} characters.`);
  if (!identity.admin) throw new CallError('permission-denied', 'Only administrators can act as another user.');
  // It becomes a key prefix (S3, DynamoDB): only a well-formed user id, or an email address, which the call
  // middleware resolves to that user's id before the call runs (resolveViewAs); nothing is keyed by an email.
  if (!USER_ID_PATTERN.test(target) && !VIEW_AS_EMAIL.test(target))
    throw new CallError('invalid-argument', 'The user id to view as is not a valid user id.');
  return target;
}
