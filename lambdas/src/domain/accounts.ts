/**
 * The accounts service: the avatar, the server's side of a verified email change, and deleting an account with
 * everything it owns. Account calls always act on the caller's own account: an administrator viewing as another
 * user still changes only their own avatar and email, and cannot delete the viewed user.
 */
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@mapnest/shared/constants';
import { CallError, MESSAGES } from '@mapnest/shared/errors';
import { objectKeys } from '@mapnest/shared/keys';
import {
  avatarExtension,
  RECENT_SIGN_IN_MS,
  sameEmail,
  type AvatarExtension,
  type AvatarUpload,
} from '@mapnest/shared/accounts';
import { accountStatus } from '../adapters/account-status';
import { accountTable } from '../adapters/account-table';
import { fileLibrary } from '../adapters/files/file-library';
import { presignUpload } from '../adapters/files/upload-post';
import { uploads } from '../adapters/files/uploads';
import { userPool } from '../adapters/user-pool';
import { logger } from '../lib/logger';
import * as billing from './services/billing';
import { isWholeImage } from './files/image-structure';
import type { Actor } from './maps';
import * as maps from './services/maps';
import { assertChangedEmailFree } from './email-address';

/**
 * Avatars are re-uploaded under the same key, so browsers must revalidate them; the `?v=` in the photo URL
 * changes with every upload as well.
 */
const AVATAR_CACHE_CONTROL = 'no-cache';

/** Where the app serves the uploads bucket (the gateway locally, CloudFront's /files/* behaviour in the cloud). */
const filesUrl = (key: string) => `/files/${key.split('/').map(encodeURIComponent).join('/')}`;

/** The prefix shared by every avatar variant of a user and their thumbnails. */
const avatarPrefix = (uid: string) => `${uid}/.avatar.`;

/** A presigned POST for the caller's avatar; its policy enforces the key, the type and at most 0.1 MB. */
export async function createAvatarUpload(
  actor: Actor,
  input: { fileName: string; contentType: string },
): Promise<AvatarUpload> {
  const key = objectKeys.avatar(actor.identity.uid, avatarExtension(input.fileName));
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
 * Makes the uploaded `{uid}/.avatar.{extension}` the caller's photo: checks what was stored, removes the other
 * avatar variants (an earlier PNG when a JPG replaces it) and points the user's `picture` attribute at it.
 */
export async function setAvatar(actor: Actor, input: { extension: AvatarExtension }): Promise<{ photoURL: string }> {
  const uid = actor.identity.uid;
  const key = objectKeys.avatar(uid, input.extension);
  const stored = await uploads.head(key);
  if (!stored)
    throw new CallError('failed-precondition', 'There is no uploaded avatar to use: upload the image first.');
  // All of the bytes must be an image of the type declared (HTML sent as image/png, or after a valid WEBP header,
  // is refused), not only the Content-Type or the first bytes. An avatar is at most 0.1 MB, so it is read whole.
  const bytes = stored.size > AVATAR_MAX_BYTES ? null : await fileLibrary.head(key, AVATAR_MAX_BYTES + 1);
  const problem =
    stored.size > AVATAR_MAX_BYTES
      ? MESSAGES.avatarTooLarge
      : !(AVATAR_TYPES as readonly string[]).includes(stored.contentType) ||
          !bytes ||
          !isWholeImage(bytes, stored.contentType)
        ? MESSAGES.avatarType
        : null;
  if (problem) {
    // Only a policy-less write could have put it there; it must not stay.
    await uploads.delete((await uploads.list(key)).filter((k) => k === key || k.startsWith(`${key}/`)));
    throw new CallError('invalid-argument', problem);
  }
  const others = (await uploads.list(avatarPrefix(uid))).filter((k) => k !== key && !k.startsWith(`${key}/`));
  await uploads.delete(others);
  const photoURL = `${filesUrl(key)}?v=${encodeURIComponent(stored.etag.slice(0, 16) || String(Date.now()))}`;
  await userPool.setPicture(uid, photoURL);
  return { photoURL };
}

/** Removes the caller's avatar (every variant and thumbnail) and the `picture` attribute. */
export async function clearAvatar(actor: Actor): Promise<null> {
  const uid = actor.identity.uid;
  await uploads.delete(await uploads.list(avatarPrefix(uid)));
  await userPool.clearPicture(uid);
  return null;
}

/**
 * The server's half of an email change, called once the link has been followed and the browser holds a token
 * with the new, verified address: the profile item records it, and maps of the caller's whose author was the
 * old address follow it. Until Cognito has verified the new address, nothing changes.
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
  await accountTable.putProfileEmail(identity.uid, identity.email, new Date().toISOString());
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

/** Whether the caller entered their password recently enough for a destructive account change. */
export function signedInRecently(authTime: number | undefined, now = Date.now()): boolean {
  return Boolean(authTime) && now - authTime! * 1000 <= RECENT_SIGN_IN_MS;
}

/**
 * Deletes the caller's account and everything it owns: every map (with its documents, history and public copy),
 * every upload and thumbnail under `{uid}/`, every item in the user's partition (profile, slot counters,
 * subscription records) and finally the Cognito user. Each step is idempotent and the user goes last, so a
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
  await billing.deleteStripeCustomer(uid);
  const owned = await accountTable.ownedMaps(uid);
  for (const map of owned) await maps.deleteMap(actor, map.id);
  const files = await uploads.list(objectKeys.userPrefix(uid));
  await uploads.delete(files);
  await accountTable.deleteItems(await accountTable.userItemKeys(uid));
  await userPool.deleteUser(uid);
  logger.info('account deleted', { uid, maps: owned.length, files: files.length });
  return null;
}
