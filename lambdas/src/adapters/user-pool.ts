/** The Cognito adapter: the administrative actions the accounts service takes on the caller's own user. */
import type { UserMatch } from '@mapnest/shared/accounts';
import { config } from '../lib/config';
import { AccountDeletedError } from '../lib/errors';
import { userPoolCall, type UserAttribute } from './user-pool-api';

const isUserNotFound = (err: unknown) => (err as { name?: string })?.name === 'UserNotFoundException';
/** Cognito's answers for a user that is gone: cognito-local says NotAuthorizedException where Cognito says not found. */
const isUserGone = (err: unknown) =>
  isUserNotFound(err) || (err as { name?: string })?.name === 'NotAuthorizedException';

/** Runs a change to the caller's own user; a user that is gone is the caller's account deleted (401), not a 500. */
async function onOwnUser(change: () => Promise<unknown>): Promise<void> {
  try {
    await change();
  } catch (err) {
    if (isUserGone(err)) throw new AccountDeletedError();
    throw err;
  }
}
const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

function matchOf(username: string | undefined, attributes: UserAttribute[] | undefined): UserMatch | null {
  const attr = (name: string) => attributes?.find((a) => a.Name === name)?.Value ?? null;
  const uid = attr('sub') ?? username;
  return uid ? { uid, email: attr('email'), name: attr('name') } : null;
}

/**
 * Users are addressed by their `sub`: with email as the username attribute, Cognito's username is the sub,
 * and the sub never changes when the email does.
 */
export const userPool = {
  /** Sets the standard `picture` attribute, which the ID token carries as the user's photo URL. */
  async setPicture(uid: string, url: string): Promise<void> {
    await onOwnUser(() =>
      userPoolCall('AdminUpdateUserAttributes', {
        UserPoolId: config.userPoolId,
        Username: uid,
        UserAttributes: [{ Name: 'picture', Value: url }],
      }),
    );
  },

  async clearPicture(uid: string): Promise<void> {
    await onOwnUser(() =>
      userPoolCall('AdminDeleteUserAttributes', {
        UserPoolId: config.userPoolId,
        Username: uid,
        UserAttributeNames: ['picture'],
      }),
    );
  },

  /** The user's current email address, or null when the user is gone (for the product's own notices). */
  async emailOf(uid: string): Promise<string | null> {
    try {
      const out = await userPoolCall('AdminGetUser', { UserPoolId: config.userPoolId, Username: uid });
      return out.UserAttributes?.find((a) => a.Name === 'email')?.Value ?? null;
    } catch (err) {
      if (isUserNotFound(err)) return null;
      throw err;
    }
  },

  /**
   * The subs of every user whose email attribute is `email`, as typed or in lower case (ListUsers filters
   * match exactly; addresses are compared without regard to case everywhere else).
   */
  async usersWithEmail(email: string): Promise<string[]> {
    const forms = [...new Set([email.trim(), email.trim().toLowerCase()])];
    const subs = new Set<string>();
    for (const form of forms) {
      const out = await userPoolCall('ListUsers', {
        UserPoolId: config.userPoolId,
        Filter: `email = "${form.replace(/["\\]/g, '\\$&')}"`,
        AttributesToGet: ['sub', 'email'],
        Limit: 10,
      });
      for (const u of out.Users ?? []) {
        const sub = u.Attributes?.find((a) => a.Name === 'sub')?.Value ?? u.Username;
        if (sub) subs.add(sub);
      }
    }
    return [...subs];
  },

  /** The user with this id (sub), or null. */
  async findById(uid: string): Promise<UserMatch | null> {
    try {
      const out = await userPoolCall('AdminGetUser', { UserPoolId: config.userPoolId, Username: uid });
      return matchOf(out.Username, out.UserAttributes);
    } catch (err) {
      if (isUserNotFound(err)) return null;
      throw err;
    }
  },

  /**
   * Users whose email (or name) starts with `prefix`, as typed, in lower case or, for names, with a capital first
   * letter (ListUsers' `^=` filter is case-sensitive), at most `limit`.
   */
  async findByPrefix(attribute: 'email' | 'name', prefix: string, limit: number): Promise<UserMatch[]> {
    const typed = prefix.trim();
    const lower = typed.toLowerCase();
    const forms = [
      ...new Set([typed, lower, ...(attribute === 'name' ? [lower.charAt(0).toUpperCase() + lower.slice(1)] : [])]),
    ];
    const found = new Map<string, UserMatch>();
    for (const form of forms) {
      const out = await userPoolCall('ListUsers', {
        UserPoolId: config.userPoolId,
        Filter: `${attribute} ^= ${quoted(form)}`,
        AttributesToGet: ['sub', 'email', 'name'],
        Limit: limit,
      });
      for (const u of out.Users ?? []) {
        const match = matchOf(u.Username, u.Attributes);
        if (match && found.size < limit) found.set(match.uid, match);
      }
    }
    return [...found.values()];
  },

  /** Puts the user's email back to an address they had verified (an email change that must not stand). */
  async restoreEmail(uid: string, email: string): Promise<void> {
    await userPoolCall('AdminUpdateUserAttributes', {
      UserPoolId: config.userPoolId,
      Username: uid,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    });
  },

  /** Deletes the user; a user already gone counts as deleted, so a retried account deletion completes. */
  /** Deletes the user: true, or false when there was none (deleted before). */
  async deleteUser(uid: string): Promise<boolean> {
    try {
      await userPoolCall('AdminDeleteUser', { UserPoolId: config.userPoolId, Username: uid });
      return true;
    } catch (err) {
      if (!isUserNotFound(err)) throw err;
      return false;
    }
  },
};
