import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@mapnest/shared/errors';
import { signedInRecently } from './accounts';
import type { Actor } from './maps';

// S3 through the SDK's client, whose answers the mock scripts (s3-api-sdk.fixtures.ts).
vi.mock('../adapters/s3-api', () => import('../adapters/s3-api-sdk.fixtures'));

describe('signedInRecently', () => {
  const now = 1_700_000_000_000;
  it('accepts a password entered within the last 5 minutes', () => {
    expect(signedInRecently(now / 1000 - 299, now)).toBe(true);
    expect(signedInRecently(now / 1000 - 300, now)).toBe(true);
  });
  it('refuses an older sign-in, and a token that does not say when', () => {
    expect(signedInRecently(now / 1000 - 301, now)).toBe(false);
    expect(signedInRecently(undefined, now)).toBe(false);
    expect(signedInRecently(0, now)).toBe(false);
  });
});

/**
 * setAvatar against an in-memory uploads bucket behind the SDK's mock, which answers conditional copies as S3 does
 * (x-amz-copy-source-if-match: 412 for another ETag, 404 for no source), and a user pool that records the picture.
 * Whatever fails or races, the user keeps an avatar their picture can show.
 */
describe('setAvatar', () => {
  const UID = '0f0e0d0c-0b0a-4908-8706-050403020100';
  const actor = { subject: UID, identity: { uid: UID } } as Actor;
  const AVATAR = `${UID}/.avatar.png`;
  const UPLOAD = `${UID}/.avatar-upload.png`;
  /** A whole PNG: signature, IHDR, IDAT and IEND with their CRCs (what isWholeImage checks). */
  const png = (seed: number) => {
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const out = Buffer.alloc(12 + data.length);
      out.writeUInt32BE(data.length, 0);
      body.copy(out, 4);
      out.writeUInt32BE(crc32(body), 8 + data.length);
      return out;
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(1, 0);
    ihdr.writeUInt32BE(1, 4);
    ihdr.set([8, 0, 0, 0, 0], 8);
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(Buffer.from([0, seed & 0xff]))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  };
  const text = Buffer.from('Not a picture, just notes named photo.png\n');

  interface Stored {
    body: Uint8Array;
    contentType: string;
    etag: string;
  }
  const bucket = new Map<string, Stored>();
  const picture = { value: null as string | null };
  /** Runs once, just before the next copy (another tab uploading meanwhile), or makes the next delete fail. */
  let beforeCopy: (() => void) | null = null;
  let failNextDelete = false;
  const s3 = mockClient(S3Client);
  const s3Error = (name: string, status: number) =>
    Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });
  const store = (key: string, body: Uint8Array, contentType = 'image/png') =>
    bucket.set(key, { body, contentType, etag: createHash('md5').update(body).digest('hex') });
  let accounts: typeof import('./accounts');
  const setAvatar = (a: Actor, input: { extension: 'png' }) => accounts.setAvatar(a, input);

  beforeAll(async () => {
    // The presigned POST's key is where the browser's upload lands (`upload` below stores there).
    vi.doMock('../adapters/files/upload-post', () => ({
      presignUpload: async () => ({ url: 'http://uploads.local/', fields: {} }),
    }));
    vi.doMock('../adapters/user-pool', () => ({
      userPool: {
        setPicture: async (_uid: string, url: string) => void (picture.value = url),
        clearPicture: async () => void (picture.value = null),
      },
    }));
    // After a module reset: the unit project shares one module cache per worker (docs/adr/032-parallel-tests.md).
    vi.resetModules();
    accounts = await import('./accounts');
  });
  afterAll(() => {
    vi.doUnmock('../adapters/files/upload-post');
    vi.doUnmock('../adapters/user-pool');
    vi.resetModules();
    s3.restore();
  });

  beforeEach(() => {
    process.env.UPLOADS_BUCKET = 'uploads';
    process.env.AWS_REGION = 'us-east-1';
    process.env.LOG_SILENT = '1';
    bucket.clear();
    picture.value = null;
    beforeCopy = null;
    failNextDelete = false;
    s3.reset();
    s3.on(HeadObjectCommand).callsFake(({ Key }) => {
      const o = bucket.get(Key);
      if (!o) throw s3Error('NotFound', 404);
      return { ContentLength: o.body.length, ContentType: o.contentType, ETag: `"${o.etag}"` };
    });
    s3.on(GetObjectCommand).callsFake(({ Key }) => {
      const o = bucket.get(Key);
      if (!o) throw s3Error('NoSuchKey', 404);
      return { Body: { transformToByteArray: async () => o.body }, ContentType: o.contentType, ETag: `"${o.etag}"` };
    });
    s3.on(CopyObjectCommand).callsFake(({ Key, CopySource, CopySourceIfMatch }) => {
      const run = beforeCopy;
      beforeCopy = null;
      run?.();
      const source = bucket.get(decodeURIComponent(CopySource.slice('uploads/'.length)));
      if (!source) throw s3Error('NoSuchKey', 404);
      if (CopySourceIfMatch !== undefined && CopySourceIfMatch.replace(/"/g, '') !== source.etag)
        throw s3Error('PreconditionFailed', 412);
      bucket.set(Key, { ...source });
      return { CopyObjectResult: { ETag: `"${source.etag}"` } };
    });
    s3.on(ListObjectsV2Command).callsFake(({ Prefix }) => ({
      Contents: [...bucket.keys()].filter((k) => k.startsWith(Prefix)).map((Key) => ({ Key })),
    }));
    s3.on(DeleteObjectsCommand).callsFake(({ Delete }) => {
      if (failNextDelete) {
        failNextDelete = false;
        throw s3Error('InternalError', 500);
      }
      for (const o of Delete.Objects) bucket.delete(o.Key);
      return {};
    });
  });

  /** Uploads a file named photo.png as the browser does: to the key of the presigned POST createAvatarUpload hands out. */
  async function upload(body: Uint8Array): Promise<string> {
    const { key } = await accounts.createAvatarUpload(actor, { fileName: 'photo.png', contentType: 'image/png' });
    store(key, body);
    return key;
  }
  /** Sets a PNG avatar the way the browser does: upload, then setAvatar. */
  async function avatarSet(body = png(1)): Promise<string> {
    await upload(body);
    return (await setAvatar(actor, { extension: 'png' })).photoURL;
  }

  it('leaves the current avatar and the picture as they were when an upload of the same type is refused', async () => {
    const current = await avatarSet(png(1));
    await upload(text);
    await expect(setAvatar(actor, { extension: 'png' })).rejects.toMatchObject({
      code: 'invalid-argument',
      message: MESSAGES.avatarType,
    });
    expect(bucket.has(UPLOAD)).toBe(false);
    expect(bucket.get(AVATAR)?.body).toEqual(png(1));
    expect(picture.value).toBe(current);
  });

  it('answers a retry after the upload was used with the avatar it set', async () => {
    const url = await avatarSet();
    picture.value = null;
    expect(await setAvatar(actor, { extension: 'png' })).toEqual({ photoURL: url });
    expect(picture.value).toBe(url);
    expect(bucket.has(AVATAR)).toBe(true);
  });

  it('loses nothing when the call fails between the copy and the delete, and a retry completes it', async () => {
    await avatarSet(png(1));
    await upload(png(2));
    failNextDelete = true;
    await expect(setAvatar(actor, { extension: 'png' })).rejects.toThrow('InternalError');
    expect(bucket.get(AVATAR)!.body).toEqual(png(2));
    expect(picture.value).toMatch(/^\/files\/.+\/\.avatar\.png\?v=/);
    const retried = await setAvatar(actor, { extension: 'png' });
    expect(picture.value).toBe(retried.photoURL);
    expect(bucket.has(UPLOAD)).toBe(false);
    expect(bucket.get(AVATAR)!.body).toEqual(png(2));
  });

  it('never copies an upload replaced after its check (another tab): the replacement is checked in turn', async () => {
    const current = await avatarSet(png(1));
    await upload(png(2));
    beforeCopy = () => store(UPLOAD, text);
    await expect(setAvatar(actor, { extension: 'png' })).rejects.toMatchObject({ message: MESSAGES.avatarType });
    expect(bucket.get(AVATAR)!.body).toEqual(png(1));
    expect(picture.value).toBe(current);
  });
});
