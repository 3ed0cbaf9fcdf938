/**
 * Short-lived URLs a browser reads a stored document version from: getMap's and getMapVersion's answers. Apart
 * from the documents' other operations (map-objects.ts) so that only these two calls carry the S3 presigner.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3 } from '../../lib/clients';
import { config } from '../../lib/config';
import { forBrowser } from '../browser-url';

export const documentUrls = {
  /** A URL that reads the document stored under `key` for `expiresIn` seconds. */
  async of(key: string, expiresIn = 300): Promise<string> {
    return forBrowser(
      await getSignedUrl(s3, new GetObjectCommand({ Bucket: config.documentsBucket, Key: key }), { expiresIn }),
    );
  },
};
