/**
 * The local S3's store keeps S3's promise that a reader gets the old object or the new one, whole, with its own
 * metadata. s3rver reads an object's metadata (its length from the file's size), then opens the file: here a write
 * of the same key arrives in between, on s3rver's own file store.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: s3rver ships no types for its file store (scripts/types/s3rver.d.ts covers its server).
import FilesystemStore from 's3rver/lib/stores/filesystem';
import { keepS3WriteSemantics, withCopySourceConditions, type S3rverFileStore } from './s3-store';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function bodyOf(object: unknown): Promise<string> {
  const { content, metadata } = object as { content: Readable; metadata: Record<string, unknown> };
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString();
  expect(body.length).toBe(Number(metadata['content-length']));
  return body;
}

describe('the local S3 store', () => {
  it.each(['put', 'copy'] as const)(
    'gives a reader that has read the metadata the object it described, though a %s onto the key comes next',
    async (how) => {
      const dir = await mkdtemp(join(tmpdir(), 'mapnest-s3-store-'));
      dirs.push(dir);
      const store = new FilesystemStore(dir) as S3rverFileStore;
      // The moment between s3rver reading the metadata and opening the file, held open by the test.
      const readMetadata = store.getMetadata.bind(store);
      let hold: Promise<void> | null = null;
      let metadataRead = () => {};
      const metadataWasRead = new Promise<void>((resolve) => (metadataRead = resolve));
      store.getMetadata = async (bucket, key) => {
        const metadata = await readMetadata(bucket, key);
        if (hold) {
          metadataRead();
          await hold;
        }
        return metadata;
      };
      keepS3WriteSemantics(store);
      const put = (body: string, key = 'demo.json') =>
        store.putObject({ bucket: 'maps', key, content: Buffer.from(body), metadata: {} });
      await put('{"v":1}');
      await put('{"v":2,"locations":["a","b","c"]}', 'next.json');
      const write = () =>
        how === 'put'
          ? put('{"v":2,"locations":["a","b","c"]}')
          : store.copyObject('maps', 'next.json', 'maps', 'demo.json', null);

      let release = () => {};
      hold = new Promise<void>((resolve) => (release = resolve));
      const read = store.getObject('maps', 'demo.json');
      await metadataWasRead;
      hold = null;
      let written = false;
      const copiedOrPut = write().then(() => (written = true));
      // Whatever the write is allowed to do before the reader opens the file, it does now (a few turns of the loop
      // suffice for a write of a few bytes; with the store's turns it waits for the reader instead).
      for (let turn = 0; turn < 200 && !written; turn++) await new Promise((resolve) => setImmediate(resolve));
      release();
      expect(await bodyOf(await read)).toBe('{"v":1}');
      await copiedOrPut;
      expect(await bodyOf(await store.getObject('maps', 'demo.json'))).toBe('{"v":2,"locations":["a","b","c"]}');
    },
  );
});

describe('conditional writes in the local S3 store', () => {
  async function storeIn(): Promise<S3rverFileStore> {
    const dir = await mkdtemp(join(tmpdir(), 'mapnest-s3-store-'));
    dirs.push(dir);
    const store = new FilesystemStore(dir) as S3rverFileStore;
    keepS3WriteSemantics(store);
    return store;
  }
  /** A PUT as s3rver hands it to the store: the request, with its headers, is the content. */
  const put = (store: S3rverFileStore, body: string, headers: Record<string, string> = {}) =>
    store.putObject({
      bucket: 'uploads',
      key: 'u1/files/plan.svg',
      content: Object.assign(Readable.from([Buffer.from(body)]), { headers }),
      metadata: {},
    });
  const stored = async (store: S3rverFileStore) =>
    bodyOf(await store.getObject('uploads', 'u1/files/plan.svg')).catch(() => null);

  it('writes over the object only while its ETag is the one given (If-Match)', async () => {
    const store = await storeIn();
    const first = await put(store, '<svg>raw</svg>');
    await expect(put(store, '<svg>clean</svg>', { 'if-match': `"${first.md5}"` })).resolves.toMatchObject({});
    await expect(put(store, '<svg>late</svg>', { 'if-match': `"${first.md5}"` })).rejects.toMatchObject({
      code: 'PreconditionFailed',
      status: 412,
    });
    expect(await stored(store)).toBe('<svg>clean</svg>');
  });

  it('does not bring back an object deleted before a write conditional on it (If-Match: 404)', async () => {
    const store = await storeIn();
    const first = await put(store, '<svg>raw</svg>');
    // Deletes and writes of a key take turns: the delete asked for first is applied first.
    const deleted = store.deleteObject('uploads', 'u1/files/plan.svg');
    const rewrite = put(store, '<svg>clean</svg>', { 'if-match': first.md5 });
    await deleted;
    await expect(rewrite).rejects.toMatchObject({ code: 'NoSuchKey', status: 404 });
    expect(await stored(store)).toBeNull();
  });

  it('creates an object only where there is none (If-None-Match: *)', async () => {
    const store = await storeIn();
    await put(store, '<svg>one</svg>', { 'if-none-match': '*' });
    await expect(put(store, '<svg>two</svg>', { 'if-none-match': '*' })).rejects.toMatchObject({ status: 412 });
    expect(await stored(store)).toBe('<svg>one</svg>');
  });
});

describe('copies in the local S3 store', () => {
  it('copies an object whole with its metadata, and leaves a reader of the destination the object it opened', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mapnest-s3-store-'));
    dirs.push(dir);
    const store = new FilesystemStore(dir) as S3rverFileStore;
    keepS3WriteSemantics(store);
    const put = (key: string, body: string, type: string) =>
      store.putObject({ bucket: 'docs', key, content: Buffer.from(body), metadata: { 'content-type': type } });
    const old = 'a'.repeat(2 * 1024 * 1024);
    const big = 'x'.repeat(4 * 1024 * 1024);
    await put('maps/v1.json', old, 'application/json');
    await put('maps/v2.json', big, 'text/plain');
    // The read has opened the destination before the copy begins; the copy must not write under it.
    const read = await store.getObject('docs', 'maps/v1.json');
    const copied = await store.copyObject('docs', 'maps/v2.json', 'docs', 'maps/v1.json', null);
    expect(await bodyOf(read)).toBe(old);
    expect(copied).toMatchObject({ 'content-type': 'text/plain', 'content-length': big.length });
    const after = (await store.getObject('docs', 'maps/v1.json')) as { metadata: Record<string, unknown> };
    expect(after.metadata['content-type']).toBe('text/plain');
    expect(await bodyOf(after)).toBe(big);
    // Two copies the opposite way round at once both finish, each with what its source held when it was opened.
    await put('maps/a.json', 'A', 'text/plain');
    await put('maps/b.json', 'B', 'text/plain');
    await Promise.all([
      store.copyObject('docs', 'maps/a.json', 'docs', 'maps/b.json', null),
      store.copyObject('docs', 'maps/b.json', 'docs', 'maps/a.json', null),
    ]);
    expect(await bodyOf(await store.getObject('docs', 'maps/a.json'))).toBe('B');
    expect(await bodyOf(await store.getObject('docs', 'maps/b.json'))).toBe('A');
  });
});

describe('conditional copies in the local S3 store', () => {
  it('copies only while the source is the version named (x-amz-copy-source-if-match), as S3 does', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mapnest-s3-store-'));
    dirs.push(dir);
    const store = new FilesystemStore(dir) as S3rverFileStore;
    keepS3WriteSemantics(store);
    const put = (key: string, body: string) =>
      store.putObject({
        bucket: 'uploads',
        key,
        content: Buffer.from(body),
        metadata: { 'content-type': 'image/png' },
      });
    const checked = await put('u1/.avatar-upload.png', 'checked');
    await put('u1/.avatar.png', 'current');
    const copy = (ifMatch: string) =>
      withCopySourceConditions({ ifMatch }, () =>
        store.copyObject('uploads', 'u1/.avatar-upload.png', 'uploads', 'u1/.avatar.png', null),
      );
    // Another upload replaced the source after it was checked: nothing is copied.
    const replaced = await put('u1/.avatar-upload.png', 'not checked');
    await expect(copy(checked.md5)).rejects.toMatchObject({ code: 'PreconditionFailed', status: 412 });
    expect(await bodyOf(await store.getObject('uploads', 'u1/.avatar.png'))).toBe('current');
    await expect(copy(replaced.md5)).resolves.toMatchObject({ etag: `"${replaced.md5}"` });
    expect(await bodyOf(await store.getObject('uploads', 'u1/.avatar.png'))).toBe('not checked');
    // If-None-Match refuses the version named, and '*' any.
    await expect(
      withCopySourceConditions({ ifNoneMatch: replaced.md5 }, () =>
        store.copyObject('uploads', 'u1/.avatar-upload.png', 'uploads', 'u1/other.png', null),
      ),
    ).rejects.toMatchObject({ status: 412 });
    expect(await store.getObject('uploads', 'u1/other.png')).toBeNull();
  });

  it('replaces the metadata of an object by a copy onto itself, only over the version named', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mapnest-s3-store-'));
    dirs.push(dir);
    const store = new FilesystemStore(dir) as S3rverFileStore;
    keepS3WriteSemantics(store);
    const checked = await store.putObject({
      bucket: 'uploads',
      key: 'u1/files/a-plan.png',
      content: Buffer.from('checked'),
      metadata: { 'content-type': 'image/png', 'cache-control': 'no-store' },
    });
    const restamp = (ifMatch: string) =>
      withCopySourceConditions({ ifMatch }, () =>
        store.copyObject('uploads', 'u1/files/a-plan.png', 'uploads', 'u1/files/a-plan.png', {
          'content-type': 'image/png',
          'cache-control': 'public, max-age=31536000, immutable',
        }),
      );
    await expect(restamp('another')).rejects.toMatchObject({ status: 412 });
    await expect(restamp(checked.md5)).resolves.toMatchObject({
      'cache-control': 'public, max-age=31536000, immutable',
    });
    const object = (await store.getObject('uploads', 'u1/files/a-plan.png')) as { metadata: Record<string, string> };
    expect(object.metadata['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await bodyOf(object)).toBe('checked');
  });
});
