/**
 * Avatar uploads and thumbnails against the local stack: the presigned POST's policy (not the browser) enforces
 * the key, the type and the 0.1 MB limit; an upload lands apart from the current avatar, which a refused upload
 * leaves as it was; and the thumbnail trigger writes {key}/.thumb-{size}.jpg for images while ignoring everything
 * else, its own outputs and avatar uploads not yet checked included.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { MESSAGES } from '@mapnest/shared/errors';
import { baseUrl, call, cognito, createUser, rawCall, type TestUser } from '../helpers/stack';
import { buckets, postUpload, s3, uploadAvatar, waitForFile, type PresignedPost } from '../helpers/accounts';

let user: TestUser;
let png: Buffer;
/** About 200 KB of PNG (noise does not compress). */
let bigPng: Buffer;

const exists = (key: string) =>
  s3()
    .send(new HeadObjectCommand({ Bucket: buckets().uploads, Key: key }))
    .then(
      () => true,
      () => false,
    );

/** The stored bytes of an upload, or null when there is none. */
const bytesOf = (key: string) =>
  s3()
    .send(new GetObjectCommand({ Bucket: buckets().uploads, Key: key }))
    .then(
      async (o) => Buffer.from(await o.Body!.transformToByteArray()),
      () => null,
    );
/** The user's `picture` attribute (the photo URL setAvatar sets). */
const picture = async (uid: string) => {
  const found = await cognito().send(
    new AdminGetUserCommand({ UserPoolId: inject('stackEnv').USER_POOL_ID, Username: uid }),
  );
  return found.UserAttributes?.find((a) => a.Name === 'picture')?.Value ?? null;
};

beforeAll(async () => {
  user = await createUser();
  png = await sharp({
    create: { width: 640, height: 320, channels: 4, background: { r: 67, g: 56, b: 202, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
  const noise = Buffer.alloc(260 * 260 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + (i >> 3) * 104729) % 251;
  bigPng = await sharp(noise, { raw: { width: 260, height: 260, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
});

describe('avatar upload policy', () => {
  it('refuses a body over 0.1 MB even when the caller understated its size', async () => {
    expect(bigPng.length).toBeGreaterThan(150_000);
    const post = await call<PresignedPost>(
      'createAvatarUpload',
      { fileName: 'big.png', contentType: 'image/png', size: 1000 },
      user,
    );
    const res = await postUpload(post, bigPng, 'image/png');
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('EntityTooLarge');
    expect(await exists(post.key)).toBe(false);
  });

  it('refuses a content type other than the one signed (a GIF passed off as a PNG upload)', async () => {
    const post = await call<PresignedPost>(
      'createAvatarUpload',
      { fileName: 'a.png', contentType: 'image/png', size: 100 },
      user,
    );
    const tampered = { ...post, fields: { ...post.fields, 'Content-Type': 'image/gif' } };
    const res = await postUpload(tampered, Buffer.from('GIF89a'), 'image/gif');
    expect(res.status).toBe(403);
    expect(await exists(post.key)).toBe(false);
  });

  it('refuses a key other than the avatar key it was signed for', async () => {
    const post = await call<PresignedPost>(
      'createAvatarUpload',
      { fileName: 'a.png', contentType: 'image/png', size: png.length },
      user,
    );
    const elsewhere = { ...post, fields: { ...post.fields, key: `${user.uid}/somewhere-else.png` } };
    const res = await postUpload(elsewhere, png, 'image/png');
    expect(res.status).toBe(403);
    expect(await exists(`${user.uid}/somewhere-else.png`)).toBe(false);
  });

  it('takes the extension from the file name, defaulting to jpg', async () => {
    const named = await call<PresignedPost>(
      'createAvatarUpload',
      { fileName: 'Portrait.WEBP', contentType: 'image/webp', size: 10 },
      user,
    );
    expect(named.key).toBe(`${user.uid}/.avatar-upload.webp`);
    const bare = await call<PresignedPost>(
      'createAvatarUpload',
      { fileName: 'portrait', contentType: 'image/png', size: 10 },
      user,
    );
    expect(bare.key).toBe(`${user.uid}/.avatar-upload.jpg`);
  });
});

describe('replacing an avatar', () => {
  it('keeps the current avatar when a new upload of the same type is refused (a text file named photo.png)', async () => {
    const owner = await createUser();
    const current = await uploadAvatar(owner, png, 'image/png', 'me.png');
    expect(current.key).toBe(`${owner.uid}/.avatar.png`);
    expect(await bytesOf(current.key)).toEqual(png);

    const text = Buffer.from('Not a picture at all, just some notes.\n');
    const post = await call<PresignedPost>(
      'createAvatarUpload',
      { fileName: 'photo.png', contentType: 'image/png', size: text.length },
      owner,
    );
    expect((await postUpload(post, text, 'image/png', 'photo.png')).status).toBe(204);
    const answer = await rawCall('setAvatar', { extension: 'png' }, { token: owner.token });
    expect(answer).toMatchObject({ status: 400, body: { error: { message: MESSAGES.avatarType } } });

    // The refused upload is gone; the avatar's bytes, the picture and the photo it shows are as they were.
    expect(await bytesOf(post.key)).toBeNull();
    expect(await bytesOf(current.key)).toEqual(png);
    expect(await picture(owner.uid)).toBe(current.photoURL);
    const photo = await fetch(`${baseUrl()}${current.photoURL}`);
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer())).toEqual(png);
  });

  it('answers a repeated setAvatar with the avatar it set, and one with no upload and no avatar of that type with a refusal', async () => {
    const owner = await createUser();
    const set = await uploadAvatar(owner, png, 'image/png', 'me.png');
    // The upload was used: a retry (a lost answer, another tab) finds the avatar instead, and it stays.
    expect(await bytesOf(set.uploadKey)).toBeNull();
    expect(await call<{ photoURL: string }>('setAvatar', { extension: 'png' }, owner)).toEqual({
      photoURL: set.photoURL,
    });
    expect(await bytesOf(set.key)).toEqual(png);
    expect(await picture(owner.uid)).toBe(set.photoURL);
    const none = await rawCall('setAvatar', { extension: 'webp' }, { token: owner.token });
    expect(none).toMatchObject({ status: 400, body: { error: { status: 'FAILED_PRECONDITION' } } });
    expect(await picture(owner.uid)).toBe(set.photoURL);
  });

  it('clears an avatar upload not yet used along with the avatar', async () => {
    const owner = await createUser();
    const set = await uploadAvatar(owner, png, 'image/png', 'me.png');
    const post = await call<PresignedPost>(
      'createAvatarUpload',
      { fileName: 'next.png', contentType: 'image/png', size: png.length },
      owner,
    );
    expect((await postUpload(post, png, 'image/png', 'next.png')).status).toBe(204);
    expect(await call('clearAvatar', null, owner)).toBeNull();
    expect(await exists(post.key)).toBe(false);
    expect(await exists(set.key)).toBe(false);
    expect(await picture(owner.uid)).toBeNull();
  });
});

describe('thumbnails', () => {
  it('writes 64 and 256 pixel JPEG thumbnails next to an uploaded avatar', async () => {
    const { key, photoURL } = await uploadAvatar(user, png);
    const photo = await fetch(`${inject('baseUrl')}${photoURL}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    for (const size of [64, 256]) {
      const res = await waitForFile(`/files/${key}/.thumb-${size}.jpg`);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.format).toBe('jpeg');
      expect(Math.max(meta.width!, meta.height!)).toBe(size);
    }
  });

  describe('called directly', () => {
    let handler: (event: unknown) => Promise<void>;
    const event = (key: string) => ({
      Records: [
        {
          eventName: 'ObjectCreated:Put',
          s3: {
            bucket: { name: buckets().uploads },
            object: { key: encodeURIComponent(key).replace(/%2F/g, '/').replace(/%20/g, '+') },
          },
        },
      ],
    });

    beforeAll(async () => {
      Object.assign(process.env, inject('stackEnv'));
      ({ handler } = (await import('../../lambdas/src/triggers/thumbnail')) as { handler: typeof handler });
    });

    it('ignores files that are not images', async () => {
      const key = `${user.uid}/notes/read me.txt`;
      await s3().send(
        new PutObjectCommand({ Bucket: buckets().uploads, Key: key, Body: 'hello', ContentType: 'text/plain' }),
      );
      await handler(event(key));
      expect(await exists(`${key}/.thumb-64.jpg`)).toBe(false);
    });

    it('ignores SVG and files that claim to be images but do not decode', async () => {
      const svg = `${user.uid}/plan.svg`;
      await s3().send(
        new PutObjectCommand({
          Bucket: buckets().uploads,
          Key: svg,
          Body: '<svg xmlns="http://www.w3.org/2000/svg"/>',
          ContentType: 'image/svg+xml',
        }),
      );
      const broken = `${user.uid}/broken.png`;
      await s3().send(
        new PutObjectCommand({ Bucket: buckets().uploads, Key: broken, Body: 'not a png', ContentType: 'image/png' }),
      );
      await handler(event(svg));
      await handler(event(broken));
      expect(await exists(`${svg}/.thumb-64.jpg`)).toBe(false);
      expect(await exists(`${broken}/.thumb-64.jpg`)).toBe(false);
    });

    it('ignores an avatar upload not yet checked (the avatar is thumbnailed once setAvatar copies it)', async () => {
      const key = `${user.uid}/.avatar-upload.png`;
      await s3().send(
        new PutObjectCommand({ Bucket: buckets().uploads, Key: key, Body: png, ContentType: 'image/png' }),
      );
      await handler(event(key));
      expect(await exists(`${key}/.thumb-64.jpg`)).toBe(false);
      expect(await exists(`${key}/.thumb-256.jpg`)).toBe(false);
    });

    it('ignores its own outputs', async () => {
      const key = `${user.uid}/photo.png`;
      await s3().send(
        new PutObjectCommand({ Bucket: buckets().uploads, Key: key, Body: png, ContentType: 'image/png' }),
      );
      await handler(event(key));
      expect(await exists(`${key}/.thumb-64.jpg`)).toBe(true);
      await handler(event(`${key}/.thumb-64.jpg`));
      expect(await exists(`${key}/.thumb-64.jpg/.thumb-64.jpg`)).toBe(false);
    });

    it('decodes keys with spaces as S3 events carry them', async () => {
      const key = `${user.uid}/my photo.png`;
      await s3().send(
        new PutObjectCommand({ Bucket: buckets().uploads, Key: key, Body: png, ContentType: 'image/png' }),
      );
      await handler(event(key));
      expect(await exists(`${key}/.thumb-256.jpg`)).toBe(true);
    });
  });
});
