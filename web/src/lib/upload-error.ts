/**
 * What storage's answer to a browser's presigned POST upload means for the person uploading (the library's files,
 * an avatar): why it refused the file, or, when storage itself failed, that nothing was stored.
 */
import { FILE_MESSAGES } from '@mapnest/shared/files';

/** An upload storage did not take, with a sentence to show as it is. */
export class UploadNotStored extends Error {
  override name = 'UploadNotStored';
}

/**
 * What the author is told when storage does not take an upload: why it refused the file, or, when storage itself
 * failed (a 5xx: S3 unavailable), that nothing was stored and a retry may work; "refused" would blame the file.
 */
export function uploadError(status: number, body: string, tooLarge: string = FILE_MESSAGES.tooLarge): string {
  if (body.includes('EntityTooLarge')) return tooLarge;
  if (status >= 500)
    return `The file could not be stored just now (the storage service answered ${status}). Nothing was uploaded; try again in a moment.`;
  const message = /<Message>([^<]*)<\/Message>/.exec(body)?.[1];
  return `The upload was refused (${status}${message ? `: ${message}` : ''}).`;
}

/**
 * Throws UploadNotStored, with what `res` (storage's answer to the POST) means, unless it took the file; `tooLarge`
 * is the sentence for a file over the upload's size limit.
 */
export async function checkUploadAnswer(res: Response, tooLarge?: string): Promise<void> {
  if (!res.ok) throw new UploadNotStored(uploadError(res.status, await res.text().catch(() => ''), tooLarge));
}
