/**
 * Short-lived URLs a browser reads a stored document version from: getMap's and getMapVersion's answers, presigned
 * by s3-api.ts as the SDK's presigner presigns them. Apart from the documents' other operations (map-objects.ts),
 * which these two calls do not send.
 */
import { presignGet } from '../s3-api';
import { config } from '../../lib/config';
import { forBrowser } from '../browser-url';

export const documentUrls = {
  /** A URL that reads the document stored under `key` for `expiresIn` seconds. */
  async of(key: string, expiresIn = 300): Promise<string> {
    return forBrowser(await presignGet({ Bucket: config.documentsBucket, Key: key }, expiresIn));
  },
};
