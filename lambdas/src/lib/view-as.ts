/**
 * The user pool look-ups of an administrator's view-as (lib/callable.ts): an email address to the users' ids, and
 * whether a view-as id names a user. Loaded on first use only: in a bundle this module is a file of its own next to
 * index.mjs (`view-as.mjs`, infra/src/bundle.ts), so no call carries the user pool API for it, and a call that
 * has no use for the user pool otherwise loads none (ADR 042). It answers plain values and throws nothing of its own:
 * as a separate bundle its classes are not the caller's, so the caller builds every refusal.
 */
import { accountStatus } from '../adapters/account-status';
import { userPool } from '../adapters/user-pool';

/** The ids of every user whose email address is `email` (userPool.usersWithEmail). */
export const usersWithEmail = (email: string): Promise<string[]> => userPool.usersWithEmail(email);

/** Whether the user pool has a user with this id (accountStatus.userExists). */
export const userExists = (uid: string): Promise<boolean> => accountStatus.userExists(uid);

/** Whether the user is an administrator (accountStatus.isAdministrator). */
export const isAdministrator = (uid: string): Promise<boolean> => accountStatus.isAdministrator(uid);
