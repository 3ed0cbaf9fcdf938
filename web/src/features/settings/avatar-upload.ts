/**
 * The avatar upload: the browser checks the file first (type, 0.1 MB, signed in), then asks for a presigned
 * POST whose policy enforces the same limits, uploads, and makes the upload the user's photo.
 */
import { avatarProblem, isAvatarExtension, isAvatarType } from '@mapnest/shared/accounts';
import { MESSAGES } from '@mapnest/shared/errors';
import { call } from '../../lib/api';
import { checkUploadAnswer } from '../../lib/upload-error';

/** A file the avatar rules refuse; its message is shown as is. */
export class AvatarValidationError extends Error {
  override name = 'AvatarValidationError';
}

/** Checks, uploads and applies an avatar; answers the new photo URL. */
export async function uploadAvatar(
  file: File,
  signedIn: boolean,
  fetchImpl: typeof fetch = (...a) => fetch(...a),
): Promise<string> {
  const problem = avatarProblem(file, signedIn);
  if (problem) throw new AvatarValidationError(problem);
  const contentType = file.type;
  if (!isAvatarType(contentType)) throw new AvatarValidationError(MESSAGES.avatarType);
  const post = await call('createAvatarUpload', { fileName: file.name, contentType, size: file.size });
  const form = new FormData();
  for (const [name, value] of Object.entries(post.fields)) form.append(name, value);
  form.append('file', file);
  const res = await fetchImpl(post.url, { method: 'POST', body: form });
  await checkUploadAnswer(res, MESSAGES.avatarTooLarge);
  const extension = post.key.slice(post.key.lastIndexOf('.') + 1);
  if (!isAvatarExtension(extension)) throw new Error(`The avatar upload was given an unexpected key: ${post.key}`);
  const { photoURL } = await call('setAvatar', { extension });
  return photoURL;
}

export async function clearAvatar(): Promise<void> {
  await call('clearAvatar', null);
}
