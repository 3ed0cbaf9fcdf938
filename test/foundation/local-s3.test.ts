import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { baseUrl } from '../helpers/stack';

const env = () => inject('stackEnv');
const s3 = () =>
  new S3Client({
    endpoint: env().AWS_ENDPOINT_URL_S3,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
/** Presigned URLs are signed against the emulator and reached by the browser through the gateway's /_s3. */
const publicUrl = (url: string) => url.replace(env().AWS_ENDPOINT_URL_S3, `${baseUrl()}/_s3`);

async function presignedPost(key: string, maxBytes: number) {
  const post = await createPresignedPost(s3(), {
    Bucket: env().UPLOADS_BUCKET,
    Key: key,
    Conditions: [
      ['content-length-range', 1, maxBytes],
      ['starts-with', '$Content-Type', 'image/'],
    ],
    Fields: { 'Content-Type': 'image/png' },
    Expires: 60,
  });
  return { url: publicUrl(post.url), fields: post.fields };
}

function form(fields: Record<string, string>, body: Buffer, type = 'image/png') {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.set('Content-Type', type);
  f.append('file', new Blob([new Uint8Array(body)], { type }), 'upload.png');
  return f;
}

describe('local S3 front', () => {
  it('accepts a presigned POST that meets its policy and stores the object', async () => {
    const key = `user-1/${Date.now()}-ok.png`;
    const post = await presignedPost(key, 100);
    const res = await fetch(post.url, { method: 'POST', body: form(post.fields, Buffer.alloc(50, 1)) });
    expect(res.status).toBe(204);
    const obj = await s3().send(new GetObjectCommand({ Bucket: env().UPLOADS_BUCKET, Key: key }));
    expect(obj.ContentType).toBe('image/png');
    expect((await obj.Body!.transformToByteArray()).length).toBe(50);
  });

  it('refuses an upload over the size range with EntityTooLarge and stores nothing', async () => {
    const key = `user-1/${Date.now()}-big.png`;
    const post = await presignedPost(key, 100);
    const res = await fetch(post.url, { method: 'POST', body: form(post.fields, Buffer.alloc(101, 1)) });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('EntityTooLarge');
    await expect(s3().send(new GetObjectCommand({ Bucket: env().UPLOADS_BUCKET, Key: key }))).rejects.toThrow();
  });

  it('refuses a content type outside the policy with AccessDenied', async () => {
    const post = await presignedPost(`user-1/${Date.now()}-x.html`, 100);
    const res = await fetch(post.url, {
      method: 'POST',
      body: form(post.fields, Buffer.from('<script>'), 'text/html'),
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Policy Condition failed');
  });

  it('refuses a tampered policy with SignatureDoesNotMatch', async () => {
    const post = await presignedPost(`user-1/${Date.now()}-t.png`, 100);
    const policy = JSON.parse(Buffer.from(post.fields.Policy!, 'base64').toString());
    policy.conditions = policy.conditions.map((c: unknown) =>
      Array.isArray(c) && c[0] === 'content-length-range' ? ['content-length-range', 1, 1e9] : c,
    );
    const fields = { ...post.fields, Policy: Buffer.from(JSON.stringify(policy)).toString('base64') };
    const res = await fetch(post.url, { method: 'POST', body: form(fields, Buffer.alloc(200, 1)) });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('SignatureDoesNotMatch');
  });

  it('serves a presigned GET and refuses the same URL with a forged signature or no signature', async () => {
    const key = `maps/${Date.now()}/v00000001.json`;
    await s3().send(
      new PutObjectCommand({
        Bucket: env().DOCUMENTS_BUCKET,
        Key: key,
        Body: '{"ok":true}',
        ContentType: 'application/json',
      }),
    );
    const url = publicUrl(
      await getSignedUrl(s3(), new GetObjectCommand({ Bucket: env().DOCUMENTS_BUCKET, Key: key }), { expiresIn: 60 }),
    );
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true });
    const forged = url.replace(
      /X-Amz-Signature=([0-9a-f])/,
      (_m, c: string) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`,
    );
    expect((await fetch(forged)).status).toBe(403);
    expect((await fetch(`${baseUrl()}/_s3/${env().DOCUMENTS_BUCKET}/${key}`)).status).toBe(403);
  });
});

// In the documents bucket, which runs no upload trigger on what is written.
describe('local S3 writes', () => {
  const bytes = (size: number, fill: number) => Buffer.alloc(size, fill);
  const read = async (key: string) => {
    const obj = await s3().send(new GetObjectCommand({ Bucket: env().DOCUMENTS_BUCKET, Key: key }));
    return { body: Buffer.from(await obj.Body!.transformToByteArray()), type: obj.ContentType };
  };

  it('answers a PUT only once the whole object is stored: a read right after it gets every byte', async () => {
    for (let i = 0; i < 4; i++) {
      const key = `user-1/${Date.now()}-${i}-whole.svg`;
      const body = bytes(8 * 1024 * 1024, 97 + i);
      await s3().send(
        new PutObjectCommand({ Bucket: env().DOCUMENTS_BUCKET, Key: key, Body: body, ContentType: 'image/svg+xml' }),
      );
      const got = await read(key);
      expect(got.body.length).toBe(body.length);
      expect(got.body.equals(body)).toBe(true);
      expect(got.type).toBe('image/svg+xml');
    }
  });

  it('never lets a read see part of an object being overwritten: the old one or the new one, with its metadata', async () => {
    const key = `user-1/${Date.now()}-overwrite.bin`;
    const first = bytes(1024 * 1024, 1);
    const second = bytes(8 * 1024 * 1024, 2);
    await s3().send(
      new PutObjectCommand({ Bucket: env().DOCUMENTS_BUCKET, Key: key, Body: first, ContentType: 'a/one' }),
    );
    let written = false;
    const write = s3()
      .send(new PutObjectCommand({ Bucket: env().DOCUMENTS_BUCKET, Key: key, Body: second, ContentType: 'b/two' }))
      .then(() => (written = true));
    const seen: string[] = [];
    while (!written) {
      const got = await read(key);
      const whole =
        (got.body.equals(first) && got.type === 'a/one') || (got.body.equals(second) && got.type === 'b/two');
      seen.push(whole ? got.type! : `part: ${got.body.length} bytes, ${got.type}`);
    }
    await write;
    expect(seen.filter((s) => s.startsWith('part'))).toEqual([]);
    expect((await read(key)).type).toBe('b/two');
  });

  it('answers conditional PUTs as S3 does: If-Match 412 for another ETag and 404 once deleted, If-None-Match 412', async () => {
    const key = `user-1/${Date.now()}-conditional.svg`;
    const put = (body: string, condition: { IfMatch?: string; IfNoneMatch?: string }) =>
      s3().send(
        new PutObjectCommand({
          Bucket: env().DOCUMENTS_BUCKET,
          Key: key,
          Body: body,
          ContentType: 'image/svg+xml',
          ...condition,
        }),
      );
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => 'written',
        (e: { name?: string; $metadata?: { httpStatusCode?: number } }) => `${e.$metadata?.httpStatusCode} ${e.name}`,
      );
    const first = await put('<svg>raw</svg>', { IfNoneMatch: '*' });
    expect(await failure(put('<svg>again</svg>', { IfNoneMatch: '*' }))).toBe('412 PreconditionFailed');
    const clean = await put('<svg>clean</svg>', { IfMatch: first.ETag });
    expect(await failure(put('<svg>stale</svg>', { IfMatch: first.ETag }))).toBe('412 PreconditionFailed');
    expect((await read(key)).body.toString()).toBe('<svg>clean</svg>');
    await s3().send(new DeleteObjectCommand({ Bucket: env().DOCUMENTS_BUCKET, Key: key }));
    expect(await failure(put('<svg>back</svg>', { IfMatch: clean.ETag }))).toBe('404 NoSuchKey');
    await expect(read(key)).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  it('answers copies as S3 does: type and cache control copied, x-amz-copy-source-if-match 412 for another ETag, 404 for no source', async () => {
    const from = `user-1/${Date.now()}-upload.png`;
    const to = `user-1/${Date.now()}-avatar.png`;
    const put = (key: string, body: string) =>
      s3().send(
        new PutObjectCommand({
          Bucket: env().DOCUMENTS_BUCKET,
          Key: key,
          Body: body,
          ContentType: 'image/png',
          CacheControl: 'no-cache',
        }),
      );
    const copy = (ifMatch: string | undefined) =>
      s3()
        .send(
          new CopyObjectCommand({
            Bucket: env().DOCUMENTS_BUCKET,
            Key: to,
            CopySource: `${env().DOCUMENTS_BUCKET}/${from}`,
            CopySourceIfMatch: ifMatch,
          }),
        )
        .then(
          (out) => out.CopyObjectResult?.ETag,
          (e: { name?: string; $metadata?: { httpStatusCode?: number } }) => `${e.$metadata?.httpStatusCode} ${e.name}`,
        );
    const checked = await put(from, 'checked');
    await put(to, 'current');
    const replaced = await put(from, 'replaced after the check');
    expect(await copy(checked.ETag)).toBe('412 PreconditionFailed');
    expect((await read(to)).body.toString()).toBe('current');
    expect(await copy(replaced.ETag)).toBe(replaced.ETag);
    const copied = await s3().send(new GetObjectCommand({ Bucket: env().DOCUMENTS_BUCKET, Key: to }));
    expect([copied.ContentType, copied.CacheControl, copied.ETag]).toEqual(['image/png', 'no-cache', replaced.ETag]);
    expect(await copied.Body!.transformToString()).toBe('replaced after the check');
    await s3().send(new DeleteObjectCommand({ Bucket: env().DOCUMENTS_BUCKET, Key: from }));
    expect(await copy(replaced.ETag)).toBe('404 NoSuchKey');
    expect(await copy(undefined)).toBe('404 NoSuchKey');
  });
});
