/**
 * 'View as user' (administrators): finds users by id or by the start of their email address or name, server-side,
 * so the browser never lists the user pool and an unknown user is answered with nothing rather than an empty account.
 */
import { USER_MATCHES_SHOWN as MAX_MATCHES, type UserMatch } from '@mapnest/shared/accounts';
import { CallError } from '@mapnest/shared/errors';
import { USER_ID_PATTERN } from '@mapnest/shared/maps';
import { userPool } from '../../adapters/user-pool';
import type { Actor } from '../maps';

/**
 * The user with this id, or those whose email, then whose name, starts with the query: up to 10, and an 11th when
 * more match (the browser asks for more of the address). Administrators only.
 */
export async function findUsers(actor: Actor, input: { query: string }): Promise<UserMatch[]> {
  if (!actor.identity.admin) throw new CallError('permission-denied', 'This action is for administrators.');
  const query = input.query.trim();
  if (USER_ID_PATTERN.test(query)) {
    const user = await userPool.findById(query);
    return user ? [user] : [];
  }
  const found = new Map((await userPool.findByPrefix('email', query, MAX_MATCHES + 1)).map((u) => [u.uid, u]));
  if (found.size <= MAX_MATCHES)
    for (const u of await userPool.findByPrefix('name', query, MAX_MATCHES + 1)) found.set(u.uid, u);
  return [...found.values()].slice(0, MAX_MATCHES + 1);
}
