import { createAvatarUploadInput } from '@mapnest/shared/accounts';
import { actorOf, callable } from '../lib/callable';
import * as accounts from '../domain/accounts';

/**
 * A presigned POST for the caller's new avatar, to {uid}/.avatar-upload.{ext} (setAvatar checks it there and only then
 * copies it over the avatar at {uid}/.avatar.{ext}): JPG, PNG or WEBP, at most 0.1 MB.
 */
export const handler = callable({
  name: 'createAvatarUpload',
  input: createAvatarUploadInput,
  writes: true,
  run: (input, ctx) => accounts.createAvatarUpload(actorOf(ctx), input),
});
