/**
 * 'View as user' (administrators): finds users by id or by the start of their email address, server-side, so the
 * browser never lists the user pool and an unknown user is answered with nothing rather than an empty account.
 */
import type { UserMatch } from '@mapnest/shared/accounts';
import { CallError } from '@mapnest/shared/errors';
import { USER_ID_PATTERN } from '@mapnest/shared/maps';
import { userPool } from '../adapters/user-pool';
import type { Actor } from './maps';

const MAX_MATCHES = 10;

/** Up to 10 users: the one with this id, or those whose email starts with the query. Administrators only. */
export async function findUsers(actor: Actor, input: { query: string }): Promise<UserMatch[]> {
  if (!actor.identity.admin) throw new CallError('permission-denied', 'This action is for administrators.');
  const query = input.query.trim();
  if (USER_ID_PATTERN.test(query)) {
    const user = await userPool.findById(query);
    return user ? [user] : [];
  }
  return userPool.findByEmailPrefix(query, MAX_MATCHES);
}
