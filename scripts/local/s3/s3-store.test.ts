/**
 * The local S3's store keeps S3's promise that a reader gets the old object or the new one, whole, with its own
 * metadata. s3rver reads an object's metadata (its length from the file's size), then opens the file: here a write
 * of the same key arrives in between, on s3rver's own file store.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: s3rver ships no types for its file store (scripts/types/s3rver.d.ts covers its server).
import FilesystemStore from 's3rver/lib/stores/filesystem';
import { keepS3WriteSemantics, type S3rverFileStore } from './s3-store';

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
  it('gives a reader that has read the metadata the object it described, though a write of the key comes next', async () => {
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
    const put = (body: string) =>
      store.putObject({ bucket: 'maps', key: 'demo.json', content: Buffer.from(body), metadata: {} });
    await put('{"v":1}');

    let release = () => {};
    hold = new Promise<void>((resolve) => (release = resolve));
    const read = store.getObject('maps', 'demo.json');
    await metadataWasRead;
    hold = null;
    let written = false;
    const write = put('{"v":2,"locations":["a","b","c"]}').then(() => (written = true));
    // Whatever the write is allowed to do before the reader opens the file, it does now (a few turns of the loop
    // suffice for a write of a few bytes; with the store's turns it waits for the reader instead).
    for (let turn = 0; turn < 200 && !written; turn++) await new Promise((resolve) => setImmediate(resolve));
    release();
    expect(await bodyOf(await read)).toBe('{"v":1}');
    await write;
    expect(await bodyOf(await store.getObject('maps', 'demo.json'))).toBe('{"v":2,"locations":["a","b","c"]}');
  });
});
