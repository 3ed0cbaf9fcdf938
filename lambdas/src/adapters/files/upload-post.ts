/**
 * Presigned POSTs to the uploads bucket: how browsers upload files and avatars. A module of its own, apart from
 * `uploads` (an object, which a bundle carries whole), so only the calls that hand out an upload carry
 * the policy's making (ADR 042, ADR 097). The policy, not the browser, enforces the key, the type and the size.
 */
import { presignPost } from '../s3-api';
import { config } from '../../lib/config';
import { forBrowser } from '../browser-url';

/** How long a presigned upload stays usable. */
const UPLOAD_EXPIRES_S = 300;

/** A presigned POST for exactly `key`, of exactly `contentType`, between `minBytes` and `maxBytes` long. */
export async function presignUpload(args: {
  key: string;
  contentType: string;
  minBytes: number;
  maxBytes: number;
  cacheControl?: string;
}): Promise<{ url: string; fields: Record<string, string> }> {
  const fields: Record<string, string> = { 'Content-Type': args.contentType };
  if (args.cacheControl) fields['Cache-Control'] = args.cacheControl;
  const post = await presignPost({
    Bucket: config.uploadsBucket,
    Key: args.key,
    Conditions: [
      ['content-length-range', args.minBytes, args.maxBytes],
      ['eq', '$Content-Type', args.contentType],
      ...(args.cacheControl ? [['eq', '$Cache-Control', args.cacheControl] as ['eq', string, string]] : []),
    ],
    Fields: fields,
    Expires: UPLOAD_EXPIRES_S,
  });
  return { url: forBrowser(post.url), fields: post.fields };
}
