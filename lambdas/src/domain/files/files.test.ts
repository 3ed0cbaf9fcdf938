/**
 * The upload check and a delete that lands while it runs. The check reads an SVG, sanitises it and writes the clean
 * text over it; the owner may delete the file between that read and that write, or before the file is counted in
 * their storage. A deleted file must stay deleted and uncounted whatever the order. S3 is an in-memory bucket behind
 * the SDK's mock that answers conditional writes as S3 does (If-Match: 404 when the key is gone, 412 for another
 * ETag); the storage count is an in-memory map in place of its DynamoDB adapter.
 */
import { createHash } from 'node:crypto';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../maps';

// S3 through the SDK's client, whose answers the mock scripts (s3-api-sdk.fixtures.ts).
vi.mock('../../adapters/s3-api', () => import('../../adapters/s3-api-sdk.fixtures'));

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
const { FILE_CACHE_CONTROL, createFileUpload, deleteFile, verifyUpload } = await import('./files');

interface Stored {
  body: Uint8Array;
  contentType: string;
  cacheControl?: string;
  etag: string;
}
const bucket = new Map<string, Stored>();
/** Runs once the check has read a whole object (not a range), before it answers. */
let afterFullRead: (() => Promise<void>) | null = null;
const s3 = mockClient(S3Client);
/**
 * The account's storage as createFileUpload reads it from the table: nothing stored yet, the free quota. (A vi.mock of
 * the storage adapter would outlive this file in the worker's module cache and reach other files' saves.)
 */
const ddb = mockClient(DynamoDBDocumentClient);
// The unit project shares a module cache per worker: the next file there gets the real client's send back.
afterAll(() => ddb.restore());
const s3Error = (name: string, status: number) =>
  Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });
/** Stores an object as S3 does; an upload comes with the Cache-Control its presigned POST fixes. */
const store = (key: string, body: Uint8Array, contentType: string, cacheControl = 'no-store') =>
  bucket.set(key, { body, contentType, cacheControl, etag: createHash('md5').update(body).digest('hex') });
/** Copies written (CopyObject): each gets a new ETag, as in S3. */
let copies = 0;

beforeEach(() => {
  process.env.UPLOADS_BUCKET = 'uploads';
  process.env.TABLE_NAME = 'mapnest-test';
  process.env.AWS_REGION = 'us-east-1';
  process.env.LOG_SILENT = '1';
  process.env.AWS_ACCESS_KEY_ID = 'test';
  process.env.AWS_SECRET_ACCESS_KEY = 'test';
  bucket.clear();
  copies = 0;
  counted.clear();
  afterFullRead = null;
  beforeCounting = null;
  s3.reset();
  ddb.reset();
  ddb.on(GetCommand).resolves({});
  s3.on(HeadObjectCommand).callsFake(({ Key }) => {
    const o = bucket.get(Key);
    if (!o) throw s3Error('NotFound', 404);
    return {
      ContentLength: o.body.length,
      ContentType: o.contentType,
      CacheControl: o.cacheControl,
      ETag: `"${o.etag}"`,
    };
  });
  s3.on(GetObjectCommand).callsFake(async ({ Key, Range }) => {
    const o = bucket.get(Key);
    if (!o) throw s3Error('NoSuchKey', 404);
    const end = Range ? Number(/bytes=0-(\d+)/.exec(Range)![1]) + 1 : o.body.length;
    const body = o.body.slice(0, end);
    if (!Range) await afterFullRead?.();
    return { Body: { transformToByteArray: async () => body }, ContentType: o.contentType, ETag: `"${o.etag}"` };
  });
  s3.on(PutObjectCommand).callsFake(({ Key, Body, ContentType, CacheControl, IfMatch }) => {
    const current = bucket.get(Key);
    if (IfMatch !== undefined) {
      if (!current) throw s3Error('NoSuchKey', 404);
      if (IfMatch.replace(/"/g, '') !== current.etag) throw s3Error('PreconditionFailed', 412);
    }
    store(Key, Body as Uint8Array, ContentType, CacheControl);
    return {};
  });
  s3.on(CopyObjectCommand).callsFake(({ Key, CopySource, CopySourceIfMatch, MetadataDirective, ...metadata }) => {
    const source = bucket.get(decodeURIComponent(CopySource.slice('uploads/'.length)));
    if (!source) throw s3Error('NoSuchKey', 404);
    if (CopySourceIfMatch.replace(/"/g, '') !== source.etag) throw s3Error('PreconditionFailed', 412);
    // S3 refuses a copy over itself that changes nothing.
    expect(MetadataDirective).toBe('REPLACE');
    copies++;
    bucket.set(Key, {
      body: source.body,
      contentType: metadata.ContentType,
      cacheControl: metadata.CacheControl,
      etag: `${source.etag}-${copies}`,
    });
    return { CopyObjectResult: { ETag: `"${source.etag}-${copies}"` } };
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
  it('hands out an upload that no cache keeps, its policy fixing the Cache-Control', async () => {
    const upload = await createFileUpload(owner, { fileName: 'floor.svg', contentType: 'image/svg+xml', size: 100 });
    expect(upload.fields['Cache-Control']).toBe('no-store');
    const policy = JSON.parse(Buffer.from(upload.fields.Policy!, 'base64').toString('utf8')) as {
      conditions: unknown[];
    };
    expect(policy.conditions).toContainEqual(['eq', '$Cache-Control', 'no-store']);
  });

  it('stores an SVG sanitised, cacheable for a year, and counts it once; the run its rewrite triggers renders it', async () => {
    uploadSvg();
    // Written again: not to render now, the rewrite's own upload event brings it back to this check.
    expect(await verifyUpload(KEY)).toBe(false);
    const text = new TextDecoder().decode(bucket.get(KEY)!.body);
    expect(text).toContain('<rect');
    expect(text).not.toContain('script');
    expect(bucket.get(KEY)!.cacheControl).toBe(FILE_CACHE_CONTROL);
    expect(counted.get(KEY)).toBe(SVG_WITH_SCRIPT.length);
    expect(await verifyUpload(KEY)).toBe(true);
    expect(counted.get(KEY)).toBe(SVG_WITH_SCRIPT.length);
  });

  it('makes an accepted file cacheable for a year by copying the version checked over itself, once', async () => {
    const png = `${UID}/files/0123456789abcdef-plan.png`;
    const bytes = Uint8Array.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
    ]);
    store(png, bytes, 'image/png');
    expect(await verifyUpload(png)).toBe(false);
    expect(bucket.get(png)).toMatchObject({ body: bytes, contentType: 'image/png', cacheControl: FILE_CACHE_CONTROL });
    // The copy is an upload event of its own: its check finds the file checked, copies nothing more, and it is that
    // run that renders the file (thumbnails made once).
    expect(await verifyUpload(png)).toBe(true);
    expect(copies).toBe(1);
  });

  it('leaves a refused file to no cache: it is removed, never copied', async () => {
    store(`${UID}/files/0123456789abcdef-fake.png`, new TextEncoder().encode('<html>not a png</html>'), 'image/png');
    expect(await verifyUpload(`${UID}/files/0123456789abcdef-fake.png`)).toBe(false);
    expect(bucket.size).toBe(0);
    expect(copies).toBe(0);
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
