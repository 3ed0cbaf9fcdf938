import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@mapnest/shared/errors';
import { FILE_MESSAGES } from '@mapnest/shared/files';
import { checkUploadAnswer, uploadError, UploadNotStored } from './upload-error';

describe('what storage answered an upload', () => {
  it('blames the file only when storage refused it, and says a storage failure stored nothing', () => {
    const xml = (code: string, message: string) => `<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
    expect(uploadError(400, xml('EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size'))).toBe(
      FILE_MESSAGES.tooLarge,
    );
    expect(uploadError(403, xml('AccessDenied', 'Policy expired'))).toBe(
      'The upload was refused (403: Policy expired).',
    );
    expect(uploadError(503, xml('ServiceUnavailable', 'Service is unable to handle request.'))).toBe(
      'The file could not be stored just now (the storage service answered 503). Nothing was uploaded; try again in a moment.',
    );
  });

  it('throws what an avatar upload’s answer means, with the avatar’s own size limit', async () => {
    await expect(checkUploadAnswer(new Response(null, { status: 204 }))).resolves.toBeUndefined();
    const tooLarge = new Response('<Error><Code>EntityTooLarge</Code></Error>', { status: 400 });
    await expect(checkUploadAnswer(tooLarge, MESSAGES.avatarTooLarge)).rejects.toThrow(
      new UploadNotStored(MESSAGES.avatarTooLarge),
    );
    const down = new Response('<Error><Code>ServiceUnavailable</Code></Error>', { status: 503 });
    await expect(checkUploadAnswer(down)).rejects.toBeInstanceOf(UploadNotStored);
  });
});
