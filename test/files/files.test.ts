/**
 * The file library against the local stack: who may list, upload and delete (anonymous, owner, another user,
 * administrator), the presigned POST policy (size, type, key), paging, and removal of uploads whose bytes are
 * not the image type they claim.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { FilePage, FileUpload } from '@mapnest/shared/files';
import { adminUser, baseUrl, call, createUser, eventually, rawCall, type TestUser } from '../helpers/stack';
import { postUpload } from '../helpers/accounts';

let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let png: Buffer;
const svg = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect id="a1" width="10" height="10"/></svg>',
);

async function upload(
  user: TestUser,
  body: Uint8Array,
  type: string,
  fileName: string,
  viewAs?: string,
): Promise<FileUpload> {
  const post = await call<FileUpload>(
    'createFileUpload',
    { fileName, contentType: type, size: body.length },
    user,
    viewAs,
  );
  const res = await postUpload(post, body, type, fileName);
  if (res.status !== 204) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return post;
}

const list = (user: TestUser, data: unknown = null, viewAs?: string) => call<FilePage>('listFiles', data, user, viewAs);

beforeAll(async () => {
  [owner, other, admin] = await Promise.all([createUser(), createUser(), adminUser()]);
  png = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();
});

describe('authorization', () => {
  it('refuses every library call without a signed-in user', async () => {
    for (const [name, data] of [
      ['listFiles', null],
      ['createFileUpload', { fileName: 'a.png', contentType: 'image/png', size: 10 }],
      ['deleteFile', { key: 'x/files/a.png' }],
    ] as const) {
      expect((await rawCall(name, data)).status).toBe(401);
    }
  });

  it('lets the owner upload, list, fetch and delete a file with its thumbnails', async () => {
    const post = await upload(owner, png, 'image/png', 'Ground floor.png');
    expect(post.key).toMatch(new RegExp(`^${owner.uid}/files/[0-9a-f]{16}-Ground-floor\\.png$`));
    expect(post.fileUrl).toBe(`/files/${post.key}`);
    const page = await list(owner);
    const file = page.files.find((f) => f.key === post.key);
    expect(file).toMatchObject({
      name: 'Ground-floor.png',
      contentType: 'image/png',
      size: png.length,
      url: post.fileUrl,
    });
    expect((await fetch(`${baseUrl()}${post.fileUrl}`)).status).toBe(200);
    const thumbnail = () => fetch(`${baseUrl()}${file!.thumbnailUrl}`).then((res) => res.status);
    expect(await eventually(thumbnail, (status) => status === 200)).toBe(200);
    await call('deleteFile', { key: post.key }, owner);
    expect((await list(owner)).files.some((f) => f.key === post.key)).toBe(false);
    expect((await fetch(`${baseUrl()}${post.fileUrl}`)).status).toBe(404);
    expect((await fetch(`${baseUrl()}${file!.thumbnailUrl}`)).status).toBe(404);
  });

  it('never shows or deletes another user’s files', async () => {
    const post = await upload(owner, svg, 'image/svg+xml', 'plan.svg');
    expect((await list(other)).files).toEqual([]);
    const denied = await rawCall('deleteFile', { key: post.key }, { token: other.token });
    expect(denied.status).toBe(404);
    expect((await list(owner)).files.some((f) => f.key === post.key)).toBe(true);
    expect((await rawCall('listFiles', null, { token: other.token, viewAs: owner.uid })).status).toBe(403);
  });

  it('lets an administrator viewing as the owner list and delete their files', async () => {
    const post = await upload(owner, svg, 'image/svg+xml', 'admin-sees.svg');
    const file = (await list(admin, null, owner.uid)).files.find((f) => f.key === post.key);
    expect(file).toBeDefined();
    // Deleted at once, while its upload check may still be sanitising it: the check's rewrite never brings it back.
    expect((await list(admin)).files.some((f) => f.key === post.key)).toBe(false);
    await call('deleteFile', { key: post.key }, admin, owner.uid);
    expect((await list(owner)).files.some((f) => f.key === post.key)).toBe(false);
  });
});

describe('upload policy', () => {
  it('refuses types other than SVG, PNG, JPG and WEBP, and sizes over 10 MB, before signing', async () => {
    const html = await rawCall(
      'createFileUpload',
      { fileName: 'x.html', contentType: 'text/html', size: 10 },
      { token: owner.token },
    );
    expect(html.status).toBe(400);
    const big = await rawCall(
      'createFileUpload',
      { fileName: 'x.png', contentType: 'image/png', size: 10 * 1024 * 1024 + 1 },
      { token: owner.token },
    );
    expect(big.status).toBe(400);
    expect(JSON.stringify(big.body)).toContain('File too large (max 10 MB)');
  });

  it('refuses a body of any other size than the one declared (the storage quota was checked for it)', async () => {
    const post = await call<FileUpload>(
      'createFileUpload',
      { fileName: 'huge.png', contentType: 'image/png', size: 100 },
      owner,
    );
    const huge = await postUpload(post, new Uint8Array(10 * 1024 * 1024 + 10), 'image/png', 'huge.png');
    expect(huge.status).toBe(400);
    expect(await huge.text()).toContain('EntityTooLarge');
    // Under the 10 MB limit, but more than declared: refused too, and nothing is stored.
    const larger = await postUpload(post, new Uint8Array(101), 'image/png', 'huge.png');
    expect(larger.status).toBe(400);
    expect(await larger.text()).toContain('EntityTooLarge');
    const smaller = await postUpload(post, new Uint8Array(99), 'image/png', 'huge.png');
    expect(smaller.status).toBe(400);
    expect(await smaller.text()).toContain('EntityTooSmall');
    const listed = await list(owner, { maxResults: 100 });
    expect(listed.files.map((f) => f.key)).not.toContain(post.key);
  });

  it('refuses a different content type or key than the ones signed', async () => {
    const post = await call<FileUpload>(
      'createFileUpload',
      { fileName: 'a.png', contentType: 'image/png', size: png.length },
      owner,
    );
    expect(
      (await postUpload({ ...post, fields: { ...post.fields, 'Content-Type': 'text/html' } }, png, 'text/html')).status,
    ).toBe(403);
    expect(
      (
        await postUpload(
          { ...post, fields: { ...post.fields, key: `${other.uid}/files/planted.png` } },
          png,
          'image/png',
        )
      ).status,
    ).toBe(403);
  });

  it('removes an upload whose bytes are not the image type it claims', async () => {
    const post = await upload(owner, Buffer.from('<html><script>alert(1)</script></html>'), 'image/png', 'fake.png');
    const status = () => fetch(`${baseUrl()}${post.fileUrl}`).then((res) => res.status);
    expect(await eventually(status, (s) => s === 404)).toBe(404);
    expect((await list(owner)).files.some((f) => f.key === post.key)).toBe(false);
  });
});

describe('paging', () => {
  it('pages through the library 1 to 1000 files at a time', async () => {
    const user = await createUser();
    for (const name of ['a.svg', 'b.svg', 'c.svg']) await upload(user, svg, 'image/svg+xml', name);
    const first = await list(user, { maxResults: 2 });
    expect(first.files).toHaveLength(2);
    expect(first.nextPageToken).not.toBeNull();
    const second = await list(user, { maxResults: 2, pageToken: first.nextPageToken });
    expect(second.files).toHaveLength(1);
    expect(second.nextPageToken).toBeNull();
    expect(new Set([...first.files, ...second.files].map((f) => f.name))).toEqual(new Set(['a.svg', 'b.svg', 'c.svg']));
    expect((await rawCall('listFiles', { maxResults: 0 }, { token: user.token })).status).toBe(400);
    expect((await rawCall('listFiles', { maxResults: 1001 }, { token: user.token })).status).toBe(400);
  });
});
