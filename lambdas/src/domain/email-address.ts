/**
 * One account per email address. Cognito (and its local emulator) is not trusted to refuse an address another
 * account uses: the server checks it itself, before a change is requested (`checkEmailFree`, which the email
 * dialog calls first) and again when the verified change is recorded (`updateEmail`), where an address taken in
 * the meantime is refused and the caller's previous, verified address is put back, so neither account is locked out.
 */
import { sameEmail } from '@mapnest/shared/accounts';
import { CallError, MESSAGES } from '@mapnest/shared/errors';
import { accountTable } from '../adapters/account-table';
import { userPool } from '../adapters/user-pool';
import { countEmailCheck } from './abuse-limits';
import type { Actor } from './maps';

/** Whether an account other than `uid` uses `email`. */
export async function emailUsedByAnother(uid: string, email: string): Promise<boolean> {
  return (await userPool.usersWithEmail(email)).some((sub) => sub !== uid);
}

/** Refuses ('already-exists', 'Email already in use') an address another account uses. */
export async function assertEmailFree(uid: string, email: string): Promise<void> {
  if (await emailUsedByAnother(uid, email)) throw new CallError('already-exists', MESSAGES.emailInUse);
}

/**
 * Before an email change is requested: null when the caller may ask for `email`, 409 when another account uses
 * it. The caller's current, verified address is recorded on their profile: it is the one put back should the
 * change have to be undone.
 */
export async function checkEmailFree(actor: Actor, input: { email: string }): Promise<null> {
  const { identity } = actor;
  if (sameEmail(identity.email, input.email)) return null;
  await countEmailCheck(identity.uid);
  await assertEmailFree(identity.uid, input.email);
  if (identity.emailVerified && identity.email)
    await accountTable.putProfileEmail(identity.uid, identity.email, new Date().toISOString());
  return null;
}

/**
 * When a verified change is recorded: the new address must be the caller's alone. If another account holds it
 * (two changes to one address, or a change that bypassed the check), the change is refused and the caller's
 * previous address (the verified one recorded on their profile, never one the browser names) is put back.
 */
export async function assertChangedEmailFree(actor: Actor, input: { newEmail: string }): Promise<void> {
  const { identity } = actor;
  if (!(await emailUsedByAnother(identity.uid, input.newEmail))) return;
  const previous = await accountTable.profileEmail(identity.uid);
  if (previous && !sameEmail(previous, input.newEmail) && !(await emailUsedByAnother(identity.uid, previous))) {
    await userPool.restoreEmail(identity.uid, previous);
  }
  throw new CallError('already-exists', MESSAGES.emailInUse);
}
