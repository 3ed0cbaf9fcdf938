/**
 * The accounts service: the avatar, the server's side of a verified email change, and deleting an account with
 * everything it owns. Account calls always act on the caller's own account: an administrator viewing as another
 * user still changes only their own avatar and email, and cannot delete the viewed user.
 */
import { AVATAR_MAX_BYTES, BRAND } from '@mapnest/shared/constants';
import { CallError, MESSAGES } from '@mapnest/shared/errors';
import { objectKeys } from '@mapnest/shared/keys';
import {
  avatarExtension,
  isAvatarType,
  RECENT_SIGN_IN_MS,
  sameEmail,
  type AvatarExtension,
  type AvatarUpload,
} from '@mapnest/shared/accounts';
import { accountStatus, markSessionsEnded } from '../adapters/account-status';
import { accountTable } from '../adapters/account-table';
import { billingTable } from '../adapters/billing/billing-table';
import { stripeCustomers } from '../adapters/billing/stripe-rest';
import { contactRequests } from '../adapters/contact-requests';
import { presignUpload } from '../adapters/files/upload-post';
import * as uploads from '../adapters/files/uploads';
import { userPool } from '../adapters/user-pool';
import { followUps } from '../adapters/follow-ups';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import type { Notice } from './billing/billing-notices';
import * as billing from './services/billing';
import { isWholeImage } from './files/image-structure';
import type { Actor } from './maps';
import * as maps from './services/maps';
import { assertChangedEmailFree } from './email-address';

/**
 * Avatars are copied over the same key, so browsers must revalidate them; the `?v=` in the photo URL changes with
 * every new avatar as well. A copy keeps the upload's Cache-Control.
 */
const AVATAR_CACHE_CONTROL = 'no-cache';
/** How many times setAvatar looks again when the upload was replaced between its check and its copy. */
const AVATAR_COPY_ATTEMPTS = 3;

/** Where the app serves the uploads bucket (the gateway locally, CloudFront's /files/* behaviour in the cloud). */
const filesUrl = (key: string) => `/files/${key.split('/').map(encodeURIComponent).join('/')}`;

/** The prefix shared by every avatar variant of a user and their thumbnails. */
const avatarPrefix = (uid: string) => `${uid}/.avatar.`;
/** The prefix shared by every avatar upload of a user still waiting to be checked. */
const avatarUploadPrefix = (uid: string) => `${uid}/.avatar-upload.`;

/**
 * A presigned POST for the caller's new avatar; its policy enforces the key, the type and at most 0.1 MB. The key is
 * the upload's own (`{uid}/.avatar-upload.{ext}`), never the avatar's: until setAvatar has checked it, the current
 * avatar stays as it is.
 */
export async function createAvatarUpload(
  actor: Actor,
  input: { fileName: string; contentType: string },
): Promise<AvatarUpload> {
  const key = objectKeys.avatarUpload(actor.identity.uid, avatarExtension(input.fileName));
  const post = await presignUpload({
    key,
    contentType: input.contentType,
    minBytes: 1,
    maxBytes: AVATAR_MAX_BYTES,
    cacheControl: AVATAR_CACHE_CONTROL,
  });
  return { ...post, key };
}

/**
 * Makes the uploaded `{uid}/.avatar-upload.{extension}` the caller's photo: checks what was stored and, only when it
 * is accepted, copies exactly the version checked over `{uid}/.avatar.{extension}`, points the user's `picture`
 * attribute at it, then removes the upload and the other avatar variants (an earlier PNG when a JPG replaces it). A
 * refused upload is removed and the current avatar is left as it was.
 *
 * Every step leaves an avatar the picture can show, so a call that fails half-way is completed by calling again; a
 * call that finds no upload (a retry after it was used, or another tab's call that used it) answers the avatar of
 * that extension when there is one: only this call writes avatar keys, so whatever is there was checked.
 */
export async function setAvatar(actor: Actor, input: { extension: AvatarExtension }): Promise<{ photoURL: string }> {
  const uid = actor.identity.uid;
  const key = objectKeys.avatar(uid, input.extension);
  const uploadKey = objectKeys.avatarUpload(uid, input.extension);
  for (let attempt = 0; attempt < AVATAR_COPY_ATTEMPTS; attempt++) {
    const upload = await checkedAvatarUpload(uploadKey);
    if (!upload) return useAvatar(uid, key, null);
    // Only the version checked is copied: an upload that replaced it meanwhile (another tab) is checked in turn.
    const copied = await uploads.copy(uploadKey, key, upload.etag);
    if (copied) return useAvatar(uid, key, { etag: copied.etag, uploadKey });
  }
  throw new CallError('aborted', MESSAGES.unavailable);
}

/**
 * The avatar upload at `uploadKey` once its bytes are checked, with the ETag of the version checked, or null when
 * there is none. A refused upload is removed and refused with the message the browser shows.
 */
async function checkedAvatarUpload(uploadKey: string): Promise<{ etag: string } | null> {
  const stored = await uploads.head(uploadKey);
  if (!stored) return null;
  if (stored.size > AVATAR_MAX_BYTES) return refuseAvatarUpload(uploadKey, MESSAGES.avatarTooLarge);
  // All of the bytes must be an image of the type declared (HTML sent as image/png, or after a valid WEBP header,
  // is refused), not only the Content-Type or the first bytes. An avatar is at most 0.1 MB, so it is read whole.
  const object = await uploads.get(uploadKey);
  if (!object) return null; // used or removed since the look above
  if (object.body.length > AVATAR_MAX_BYTES) return refuseAvatarUpload(uploadKey, MESSAGES.avatarTooLarge);
  if (!isAvatarType(object.contentType) || !isWholeImage(object.body, object.contentType))
    return refuseAvatarUpload(uploadKey, MESSAGES.avatarType);
  return { etag: object.etag };
}

/** Removes a refused avatar upload (any file can be named .png) and refuses it; the avatar itself is not touched. */
async function refuseAvatarUpload(uploadKey: string, message: string): Promise<never> {
  await uploads.delete([uploadKey, ...(await uploads.list(`${uploadKey}/`))]);
  throw new CallError('invalid-argument', message);
}

/**
 * Points the user's picture at the avatar `key` (just copied from `copied.uploadKey`, or found there when `copied` is
 * null), then removes the upload and the other avatar variants with their thumbnails. The picture changes before
 * anything is removed, so it never points at a deleted avatar.
 */
async function useAvatar(
  uid: string,
  key: string,
  copied: { etag: string; uploadKey: string } | null,
): Promise<{ photoURL: string }> {
  const etag = copied?.etag ?? (await uploads.head(key))?.etag;
  if (etag === undefined)
    throw new CallError('failed-precondition', 'There is no uploaded avatar to use: upload the image first.');
  const photoURL = `${filesUrl(key)}?v=${encodeURIComponent(etag.slice(0, 16) || String(Date.now()))}`;
  await userPool.setPicture(uid, photoURL);
  const others = (await uploads.list(avatarPrefix(uid))).filter((k) => k !== key && !k.startsWith(`${key}/`));
  await uploads.delete([...(copied ? [copied.uploadKey] : []), ...others]);
  return { photoURL };
}

/** Removes the caller's avatar (every variant and thumbnail), any upload of one not yet used, and `picture`. */
export async function clearAvatar(actor: Actor): Promise<null> {
  const uid = actor.identity.uid;
  const objects = [...(await uploads.list(avatarPrefix(uid))), ...(await uploads.list(avatarUploadPrefix(uid)))];
  await uploads.delete(objects);
  await userPool.clearPicture(uid);
  return null;
}

/**
 * The server's half of an email change, called once the link has been followed and the browser holds a token
 * with the new, verified address: the profile item records it, and maps of the caller's whose author was the
 * old address follow it. Until Cognito has verified the new address, nothing changes. The previous address (the
 * verified one the profile holds, recorded by checkEmailFree before the change was asked for; never one the browser
 * names) is emailed that it changed, once: the email is kept in the transaction that records the change, which a
 * retry finds done. A refused change (the address is taken) records nothing and sends nothing.
 */
export async function updateEmail(
  actor: Actor,
  input: { newEmail: string; oldEmail: string },
): Promise<{ email: string; mapsUpdated: number }> {
  const { identity } = actor;
  if (!identity.emailVerified || !sameEmail(identity.email, input.newEmail)) {
    throw new CallError('failed-precondition', MESSAGES.emailNotVerifiedYet);
  }
  // One account per address, checked here again (the dialog asked checkEmailFree before the change was requested).
  await assertChangedEmailFree(actor, input);
  await recordEmail(identity.uid, identity.email, new Date());
  await stripeCustomerFollows(identity.uid, identity.email);
  let mapsUpdated = 0;
  if (!sameEmail(input.oldEmail, input.newEmail)) {
    for (const map of await accountTable.ownedMaps(identity.uid)) {
      if (
        sameEmail(map.author, input.oldEmail) &&
        (await accountTable.reauthorMap(map.id, identity.uid, map.author, identity.email))
      )
        mapsUpdated++;
    }
  }
  return { email: identity.email, mapsUpdated };
}

/**
 * Points the account's Stripe customer, if it has one, at its verified address: Stripe sends receipts and invoices
 * there, and Checkout and the portal show it, while the previous address is told it gets no more of the account's
 * emails. The change itself already stands in Cognito, so a Stripe failure is logged for the team to repeat (the
 * user's link is used up) rather than reported as a failed change; calling again sets it again.
 */
async function stripeCustomerFollows(uid: string, email: string): Promise<void> {
  const customerId = await billingTable.customerOf(uid);
  if (!customerId) return;
  try {
    await stripeCustomers.setEmail(customerId, email);
  } catch (error) {
    logger.error('email changed, the Stripe customer still has the previous address', { uid, customerId, error });
  }
}

/**
 * Records the verified `email` on the profile. When it replaces another verified address, that address is emailed,
 * in the same transaction (ADR 047) and only if the profile still holds it, so a retried call tells it no second time.
 */
async function recordEmail(uid: string, email: string, now: Date): Promise<void> {
  const previous = await accountTable.profileEmail(uid);
  if (!previous || sameEmail(previous, email)) return accountTable.putProfileEmail(uid, email, now.toISOString());
  const notice = { kind: 'notice' as const, uid, to: previous, ...emailChangedNotice(previous, email, now) };
  if (await accountTable.recordEmailChange(uid, { previous, email, updated: now.toISOString() }, notice))
    logger.info('email change recorded, the previous address told', { uid });
}

/** Whether the caller entered their password recently enough for a destructive account change. */
export function signedInRecently(authTime: number | undefined, now = Date.now()): boolean {
  return Boolean(authTime) && now - authTime! * 1000 <= RECENT_SIGN_IN_MS;
}

/**
 * "Sign out of all devices": every session of the caller's account ends, the one that asked too (ADR 079). First the
 * refresh tokens are revoked, then the API's mark is set: a failure before the mark leaves this session working, so the
 * person can try again, and once the mark is set every token of the account from before it is refused.
 */
export async function signOutEverywhere(actor: Actor): Promise<null> {
  const uid = actor.identity.uid;
  if (actor.subject !== uid)
    throw new CallError('failed-precondition', 'Stop viewing as another user before signing out of all devices.');
  await accountStatus.signOutEverywhere(uid);
  await markSessionsEnded(uid, 'signedOutEverywhere');
  logger.info('signed out everywhere', { uid });
  return null;
}

/**
 * Deletes the caller's account and everything it owns: every map (with its documents, history and public copy),
 * every upload and thumbnail under `{uid}/`, the contact requests that give its email address, every item in the user's
 * partition (profile, slot counters, subscription records) and finally the Cognito user. Each step is idempotent and the user goes last, so a
 * deletion that fails half-way is completed by calling again.
 */
export async function deleteUserData(actor: Actor): Promise<null> {
  const { identity } = actor;
  if (actor.subject !== identity.uid) {
    throw new CallError('failed-precondition', 'Stop viewing as another user before deleting your own account.');
  }
  if (!signedInRecently(identity.authTime)) throw new CallError('permission-denied', MESSAGES.recentSignInRequired);
  const uid = identity.uid;
  // First the tombstone (calls that write refuse the still-valid ID token from now on), then every session ends.
  await accountStatus.markDeleted(uid);
  await accountStatus.signOutEverywhere(uid);
  // Before anything is removed: a failure here leaves the account whole (but tombstoned), and a retry resumes.
  const subscribed = await billing.deleteStripeCustomer(uid);
  const owned = await accountTable.ownedMaps(uid);
  // Each map wholly, before the account's files and items go: a step that fails stops the deletion, for a retry.
  for (const map of owned) await maps.deleteMap(actor, map.id, { strict: true });
  const files = await uploads.list(objectKeys.userPrefix(uid));
  await uploads.delete(files);
  // The contact and custom-work requests the account sent signed in, and those that give its address, go with it
  // (ADR 062). Only a verified address is the account's own: anyone may sign up with another's and never verify it.
  const messages = (await contactRequests.senders()).filter(
    (m) => m.uid === uid || (identity.emailVerified && sameEmail(m.email, identity.email)),
  );
  await accountTable.deleteItems(messages.map((m) => m.key));
  await accountTable.deleteItems(await accountTable.userItemKeys(uid));
  const deletedNow = await userPool.deleteUser(uid);
  logger.info('account deleted', { uid, maps: owned.length, files: files.length, messages: messages.length });
  // Told once: a deletion called again after it was complete (its answer lost) sends no second email.
  if (!deletedNow) return null;
  // The account is gone, so the address it had goes with the email (the table's stream sends it within a second,
  // the hourly sweep again if that fails; the follow-up, and the address with it, is deleted once sent).
  await followUps
    .keep({ kind: 'notice', uid, to: identity.email, ...accountDeletedNotice(identity.email, subscribed) }, new Date())
    .catch((error: unknown) => logger.error('account deleted, its confirmation email not kept', { uid, error }));
  return null;
}

/**
 * The email to the address an account had before a verified change to `next` at `at`: what changed and when, that
 * nothing is needed if it was the owner, and what to do if it was not. Resetting the password is no way back (its
 * link goes to the account's address, now the new one), so it sends them to support.
 */
export function emailChangedNotice(previous: string, next: string, at: Date): Notice {
  const when = at.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  return {
    subject: 'Your email address was changed',
    paragraphs: [
      `The email address of your ${BRAND} account was changed from ${previous} to ${next} on ${when} UTC. Signing in and the account's emails now use the new address; this one gets no more of them.`,
      'If you made this change, there is nothing more to do.',
      `If you did not, someone else may have access to your account: tell us at once at ${config.appOrigin}/contact, writing from this address. Resetting the password at ${config.appOrigin}/reset would not help, as its link now goes to the new address.`,
    ],
  };
}

/**
 * The email confirming a deletion, to the address the account had: what went with it, that it cannot be undone, and
 * what to do if the user did not ask for it. `subscribed`: a subscription of the account was running, and the
 * deletion cancelled it.
 */
export function accountDeletedNotice(email: string, subscribed: boolean): Notice {
  return {
    subject: 'Your account has been deleted',
    paragraphs: [
      `The ${BRAND} account ${email} has been deleted, as asked, with everything it held: its maps with their versions and published copies, its files, its profile and photo. Websites that embed its maps no longer show them.`,
      ...(subscribed
        ? [
            'Its subscriptions were cancelled at once, without a refund of the current period: you will not be charged again. Licenses registered on its maps ended with them.',
          ]
        : []),
      `A deleted account cannot be restored. If you did not ask for this, tell us at once: ${config.appOrigin}/contact`,
    ],
  };
}
