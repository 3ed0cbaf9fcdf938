import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TOKEN_VALIDITY } from '@mapnest/shared/constants';
import { adminUser, baseUrl, createUser, rawCall, signInTokens } from '../helpers/stack';

describe('local gateway and call protocol', () => {
  it('answers the health check', async () => {
    const res = await fetch(`${baseUrl()}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', service: 'mapnest' });
  });

  it('answers 401 UNAUTHENTICATED to getProfile without a token', async () => {
    const answer = await rawCall('getProfile', null);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: { status: 'UNAUTHENTICATED', message: 'Unauthenticated' } });
  });

  it('answers 401 to a forged or malformed token', async () => {
    for (const token of ['nonsense', 'a.b.c', 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln']) {
      const answer = await rawCall('getProfile', null, { token });
      expect(answer.status).toBe(401);
    }
  });

  it('issues ID and access tokens that live as long as production’s (1 hour, not the emulator’s 24)', async () => {
    const user = await createUser();
    const { idToken, accessToken } = await signInTokens(user.email, user.password);
    const life = (jwt: string) => {
      const { iat, exp } = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as {
        iat: number;
        exp: number;
      };
      return exp - iat;
    };
    expect(life(idToken)).toBe(TOKEN_VALIDITY.idHours * 3600);
    expect(life(accessToken)).toBe(TOKEN_VALIDITY.accessHours * 3600);
  });

  it('returns the signed-in user profile to getProfile', async () => {
    const user = await createUser({ name: 'Ada Lovelace' });
    const answer = await rawCall('getProfile', null, { token: user.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: { uid: user.uid, email: user.email, emailVerified: true, name: 'Ada Lovelace', admin: false },
    });
  });

  it('reports the admin flag for the seeded administrator', async () => {
    const admin = await adminUser();
    const answer = await rawCall('getProfile', {}, { token: admin.token });
    expect(answer.status).toBe(200);
    expect((answer.body as { data: { admin: boolean } }).data.admin).toBe(true);
  });

  it('answers 404 NOT_FOUND for an unknown function', async () => {
    const user = await createUser();
    for (const name of ['noSuchCall', '../etc/passwd', 'getProfile.ts', '']) {
      const answer = await rawCall(name, null, { token: user.token });
      expect(answer.status).toBe(404);
      expect((answer.body as { error: { status: string } }).error.status).toBe('NOT_FOUND');
    }
  });

  it('answers 400 INVALID_ARGUMENT to a non-JSON body, a missing data field and wrong types', async () => {
    const user = await createUser();
    const cases = [
      { body: 'not json' },
      { body: '' },
      { body: '[]' },
      { body: '{"notData":1}' },
      { body: JSON.stringify({ data: { unexpected: true } }) },
      { body: JSON.stringify({ data: 'a string' }) },
    ];
    for (const c of cases) {
      const answer = await rawCall('getProfile', undefined, { token: user.token, body: c.body });
      expect(answer.status, c.body).toBe(400);
      expect((answer.body as { error: { status: string; message: string } }).error).toMatchObject({
        status: 'INVALID_ARGUMENT',
      });
    }
  });

  it('answers 403 when a non-administrator tries to view as another user', async () => {
    const user = await createUser();
    const answer = await rawCall('getProfile', null, { token: user.token, viewAs: 'someone-else' });
    expect(answer.status).toBe(403);
    expect((answer.body as { error: { status: string } }).error.status).toBe('PERMISSION_DENIED');
  });

  it('never answers 5xx to any JSON body', async () => {
    const user = await createUser();
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.json(), fc.string()), async (body) => {
        const answer = await rawCall('getProfile', undefined, { token: user.token, body });
        expect(answer.status).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });

  it('routes the dev mailbox and runtime config', async () => {
    const mail = await fetch(`${baseUrl()}/_dev/mail.json`);
    expect(mail.status).toBe(200);
    expect(Array.isArray(await mail.json())).toBe(true);
    const config = await (await fetch(`${baseUrl()}/config.json`)).json();
    expect(config).toMatchObject({
      stage: 'local',
      userPoolId: expect.stringMatching(/^us-east-1_/),
      googleSignIn: false,
    });
  });

  it('answers 404 for a missing published map', async () => {
    const res = await fetch(`${baseUrl()}/data/maps/does-not-exist.json`);
    expect(res.status).toBe(404);
  });
});
