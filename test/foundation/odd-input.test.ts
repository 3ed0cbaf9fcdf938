/**
 * Odd input is a bad request (400), never a server error or a "try again": malformed percent-encoding on every
 * routed prefix, and file keys S3 cannot hold.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, createUser, rawCall, type TestUser } from '../helpers/stack';

let user: TestUser;
beforeAll(async () => {
  user = await createUser();
});

describe('odd input', () => {
  it('answers 400 to malformed percent-encoding in /api/fn, /files, /data and /m', async () => {
    for (const path of [
      '/api/fn/%E0%A4%A',
      '/api/fn/%',
      '/files/%E0%A4%A',
      '/files/a/%zz',
      '/data/%',
      '/data/maps/%C0.json',
      '/m/%E0%A4%A',
      '/maps/%',
    ]) {
      const res = await fetch(`${baseUrl()}${path}`, {
        method: path.startsWith('/api/') ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(res.status, path).toBe(400);
    }
  });

  it('answers 400 to /files and /data keys no bucket can hold', async () => {
    for (const path of ['/files/a%00b', `/files/${'%C3%A9'.repeat(600)}`, '/data/%ED%A0%80']) {
      expect((await fetch(`${baseUrl()}${path}`)).status, path.slice(0, 40)).toBe(400);
    }
  });

  it('answers deleteFile with a lone surrogate, a NUL or an over-long key with 400', async () => {
    for (const key of [
      `${user.uid}/files/\uD800.png`,
      `${user.uid}/files/a\u0000.png`,
      `${user.uid}/files/${'é'.repeat(600)}.png`,
    ]) {
      const body = `{"data":{"key":${JSON.stringify(key)}}}`;
      const answer = await rawCall('deleteFile', null, { token: user.token, body });
      expect(answer.status, JSON.stringify(key).slice(0, 40)).toBe(400);
      expect((answer.body as { error: { status: string } }).error.status).toBe('INVALID_ARGUMENT');
    }
  });

  it('answers createMap and renameMap with a control character or bidi override in the title with 400', async () => {
    for (const title of ['a\u0000b', 'evil\u202Etxt.exe', 'x\uDC00']) {
      const body = `{"data":{"title":${JSON.stringify(title)}}}`;
      expect((await rawCall('createMap', null, { token: user.token, body })).status).toBe(400);
    }
  });
});
