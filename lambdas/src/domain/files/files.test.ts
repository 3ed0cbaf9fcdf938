/**
 * The upload check and a delete that lands while it runs. The check reads an SVG, sanitises it and writes the clean
 * text over it; the owner may delete the file between that read and that write, or before the file is counted in
 * their storage. A deleted file must stay deleted and uncounted whatever the order. S3 is an in-memory bucket behind
 * the SDK's mock that answers conditional writes as S3 does (If-Match: 404 when the key is gone, 412 for another
 * ETag); the storage count is an in-memory map in place of its DynamoDB adapter.
 */
import { createHash } from 'node:crypto';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../maps';

const UID = '0f0e0d0c-0b0a-4908-8706-050403020100';
const KEY = `${UID}/files/0123456789abcdef-floor.svg`;
const owner = { subject: UID } as Actor;
const SVG_WITH_SCRIPT =
  '<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/><script>alert(1)</script></svg>';

/** Counted library files (key → bytes), and what runs just before a file is counted. */
const counted = new Map<string, number>();
let beforeCounting: (() => Promise<void>) | null = null;
vi.mock('../../adapters/files/storage-files', () => ({
  storedFiles: {
    async add(_uid: string, key: string, bytes: number) {
      await beforeCounting?.();
      if (!counted.has(key)) counted.set(key, bytes);
      return true;
    },
    async remove(_uid: string, key: string) {
      counted.delete(key);
    },
  },
}));
// Imported after a module reset: the unit project shares one module cache per worker (docs/adr/032-parallel-tests.md),
// and a files.ts another test file loaded before would keep the real adapter instead of the one mocked above.
vi.resetModules();
const { deleteFile, verifyUpload } = await import('./files');

interface Stored {
  body: Uint8Array;
  contentType: string;
  etag: string;
}
const bucket = new Map<string, Stored>();
/** Runs once the check has read a whole object (not a range), before it answers. */
let afterFullRead: (() => Promise<void>) | null = null;
const s3 = mockClient(S3Client);
const s3Error = (name: string, status: number) =>
  Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });
const store = (key: string, body: Uint8Array, contentType: string) =>
  bucket.set(key, { body, contentType, etag: createHash('md5').update(body).digest('hex') });

beforeEach(() => {
  process.env.UPLOADS_BUCKET = 'uploads';
  process.env.TABLE_NAME = 'mapnest-test';
  process.env.AWS_REGION = 'us-east-1';
  process.env.LOG_SILENT = '1';
  bucket.clear();
  counted.clear();
  afterFullRead = null;
  beforeCounting = null;
  s3.reset();
  s3.on(HeadObjectCommand).callsFake(({ Key }) => {
    const o = bucket.get(Key);
    if (!o) throw s3Error('NotFound', 404);
    return { ContentLength: o.body.length, ContentType: o.contentType, ETag: `"${o.etag}"` };
  });
  s3.on(GetObjectCommand).callsFake(async ({ Key, Range }) => {
    const o = bucket.get(Key);
    if (!o) throw s3Error('NoSuchKey', 404);
    const end = Range ? Number(/bytes=0-(\d+)/.exec(Range)![1]) + 1 : o.body.length;
    const body = o.body.slice(0, end);
    if (!Range) await afterFullRead?.();
    return { Body: { transformToByteArray: async () => body }, ContentType: o.contentType, ETag: `"${o.etag}"` };
  });
  s3.on(PutObjectCommand).callsFake(({ Key, Body, ContentType, IfMatch }) => {
    const current = bucket.get(Key);
    if (IfMatch !== undefined) {
      if (!current) throw s3Error('NoSuchKey', 404);
      if (IfMatch.replace(/"/g, '') !== current.etag) throw s3Error('PreconditionFailed', 412);
    }
    store(Key, Body as Uint8Array, ContentType);
    return {};
  });
  s3.on(ListObjectsV2Command).callsFake(({ Prefix }) => ({
    Contents: [...bucket.keys()].filter((k) => k.startsWith(Prefix)).map((Key) => ({ Key })),
  }));
  s3.on(DeleteObjectsCommand).callsFake(({ Delete }) => {
    for (const o of Delete.Objects) bucket.delete(o.Key);
    return {};
  });
});

const uploadSvg = () => store(KEY, new TextEncoder().encode(SVG_WITH_SCRIPT), 'image/svg+xml');
/** The owner deletes the file, once, when the check gets to the moment this is hooked on. */
const ownerDeletesOnce = (unhook: () => void) => async () => {
  unhook();
  await deleteFile(owner, { key: KEY });
};
/** The check said the file does not stay, and it is neither stored nor counted. */
async function expectGoneAfterCheck(): Promise<void> {
  expect(await verifyUpload(KEY)).toBe(false);
  expect(bucket.has(KEY)).toBe(false);
  expect(counted.has(KEY)).toBe(false);
}

describe('the upload check of a library file', () => {
  it('stores an SVG sanitised and counts it once', async () => {
    uploadSvg();
    expect(await verifyUpload(KEY)).toBe(true);
    const text = new TextDecoder().decode(bucket.get(KEY)!.body);
    expect(text).toContain('<rect');
    expect(text).not.toContain('script');
    expect(counted.get(KEY)).toBe(SVG_WITH_SCRIPT.length);
  });

  it('leaves a file deleted between its read and the sanitised rewrite deleted, and uncounted', async () => {
    uploadSvg();
    afterFullRead = ownerDeletesOnce(() => (afterFullRead = null));
    await expectGoneAfterCheck();
  });

  it('does not write over a newer upload of the same key; the newer one is checked on its own', async () => {
    uploadSvg();
    const newer = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>');
    afterFullRead = async () => {
      afterFullRead = null;
      store(KEY, newer, 'image/svg+xml');
    };
    expect(await verifyUpload(KEY)).toBe(false);
    expect(bucket.get(KEY)!.body).toEqual(newer);
  });

  it('gives back the count of a file deleted before it was counted', async () => {
    uploadSvg();
    beforeCounting = ownerDeletesOnce(() => (beforeCounting = null));
    await expectGoneAfterCheck();
  });
});
