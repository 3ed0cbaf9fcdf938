/**
 * The authorization matrix of the accounts calls. Account calls act on the caller's own account only: anonymous
 * callers are refused, a user naming another user in the view-as header is refused, and an administrator viewing
 * as a user still changes only their own account.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { adminUser, cognito, createUser, rawCall, type TestUser } from '../helpers/stack';
import { buckets, s3, uploadAvatar } from '../helpers/accounts';
import { inject } from 'vitest';

let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let png: Buffer;

const exists = (key: string) =>
  s3()
    .send(new HeadObjectCommand({ Bucket: buckets().uploads, Key: key }))
    .then(
      () => true,
      () => false,
    );
const picture = async (uid: string) => {
  const user = await cognito().send(
    new AdminGetUserCommand({ UserPoolId: inject('stackEnv').USER_POOL_ID, Username: uid }),
  );
  return user.UserAttributes?.find((a) => a.Name === 'picture')?.Value ?? null;
};
const status = (body: unknown) => (body as { error?: { status?: string } }).error?.status;

beforeAll(async () => {
  [owner, other, admin] = await Promise.all([createUser(), createUser(), adminUser()]);
  png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#4338ca' } })
    .png()
    .toBuffer();
});

describe('createAvatarUpload', () => {
  const data = () => ({ fileName: 'me.png', contentType: 'image/png', size: png.length });
  it('refuses an anonymous caller with 401', async () => {
    expect((await rawCall('createAvatarUpload', data(), {})).status).toBe(401);
  });
  it('gives the owner an upload for their own avatar upload key', async () => {
    const answer = await rawCall('createAvatarUpload', data(), { token: owner.token });
    expect(answer.status).toBe(200);
    expect((answer.body as { data: { key: string } }).data.key).toBe(`${owner.uid}/.avatar-upload.png`);
  });
  it('refuses another user who names the owner in the view-as header with 403', async () => {
    const answer = await rawCall('createAvatarUpload', data(), { token: other.token, viewAs: owner.uid });
    expect(answer.status).toBe(403);
  });
  it("gives an administrator viewing as the owner an upload for the administrator's own key only", async () => {
    const answer = await rawCall('createAvatarUpload', data(), { token: admin.token, viewAs: owner.uid });
    expect(answer.status).toBe(200);
    expect((answer.body as { data: { key: string } }).data.key).toBe(`${admin.uid}/.avatar-upload.png`);
  });
  it('refuses a GIF and a file over 0.1 MB with the messages users see before signing anything', async () => {
    const gif = await rawCall(
      'createAvatarUpload',
      { fileName: 'a.gif', contentType: 'image/gif', size: 10 },
      { token: owner.token },
    );
    expect(gif.status).toBe(400);
    expect(JSON.stringify(gif.body)).toContain('Only JPG, PNG, or WEBP images are allowed');
    const big = await rawCall(
      'createAvatarUpload',
      { fileName: 'a.png', contentType: 'image/png', size: 100_001 },
      { token: owner.token },
    );
    expect(big.status).toBe(400);
    expect(JSON.stringify(big.body)).toContain('File too large (max 0.1MB)');
  });
});

describe('setAvatar and clearAvatar', () => {
  it('refuses anonymous callers with 401', async () => {
    expect((await rawCall('setAvatar', { extension: 'png' }, {})).status).toBe(401);
    expect((await rawCall('clearAvatar', null, {})).status).toBe(401);
  });

  it("lets only the owner set and clear the owner's avatar", async () => {
    const { photoURL, key } = await uploadAvatar(owner, png);
    expect(photoURL).toMatch(new RegExp(`^/files/${owner.uid}/\\.avatar\\.png\\?v=`));
    expect(await picture(owner.uid)).toBe(photoURL);

    // Another user cannot act as the owner, and acting as themselves finds no upload of theirs.
    expect((await rawCall('setAvatar', { extension: 'png' }, { token: other.token, viewAs: owner.uid })).status).toBe(
      403,
    );
    expect((await rawCall('clearAvatar', null, { token: other.token, viewAs: owner.uid })).status).toBe(403);
    const theirs = await rawCall('setAvatar', { extension: 'png' }, { token: other.token });
    expect(theirs.status).toBe(400);
    expect(status(theirs.body)).toBe('FAILED_PRECONDITION');

    // An administrator viewing as the owner clears only the administrator's own avatar.
    expect((await rawCall('clearAvatar', null, { token: admin.token, viewAs: owner.uid })).status).toBe(200);
    expect(await exists(key)).toBe(true);
    expect(await picture(owner.uid)).toBe(photoURL);

    expect((await rawCall('clearAvatar', null, { token: owner.token })).status).toBe(200);
    expect(await exists(key)).toBe(false);
    expect(await picture(owner.uid)).toBeNull();
  });

  it('replaces an earlier avatar of another type, leaving one avatar', async () => {
    const first = await uploadAvatar(owner, png, 'image/png', 'first.png');
    const webp = await sharp(png).webp().toBuffer();
    const second = await uploadAvatar(owner, webp, 'image/webp', 'second.webp');
    expect(second.key).toBe(`${owner.uid}/.avatar.webp`);
    expect(await exists(first.key)).toBe(false);
    expect(await exists(second.key)).toBe(true);
    await rawCall('clearAvatar', null, { token: owner.token });
  });
});

describe('updateEmail', () => {
  it('refuses an anonymous caller with 401', async () => {
    expect((await rawCall('updateEmail', { newEmail: owner.email, oldEmail: 'old@example.com' }, {})).status).toBe(401);
  });
  it('accepts the owner whose verified token carries the new address', async () => {
    const answer = await rawCall(
      'updateEmail',
      { newEmail: owner.email, oldEmail: 'old@example.com' },
      { token: owner.token },
    );
    expect(answer.status).toBe(200);
    expect((answer.body as { data: { email: string } }).data.email).toBe(owner.email);
  });
  it("refuses another user claiming the owner's address (not verified for them) and one acting as the owner", async () => {
    const claim = await rawCall(
      'updateEmail',
      { newEmail: owner.email, oldEmail: other.email },
      { token: other.token },
    );
    expect(claim.status).toBe(400);
    expect(JSON.stringify(claim.body)).toContain('Your new email address is not confirmed yet');
    expect(
      (
        await rawCall(
          'updateEmail',
          { newEmail: owner.email, oldEmail: other.email },
          { token: other.token, viewAs: owner.uid },
        )
      ).status,
    ).toBe(403);
  });
  it("refuses an administrator viewing as the owner (the token is the administrator's)", async () => {
    const answer = await rawCall(
      'updateEmail',
      { newEmail: owner.email, oldEmail: 'old@example.com' },
      { token: admin.token, viewAs: owner.uid },
    );
    expect(answer.status).toBe(400);
  });
  it("refuses a malformed address with 'Not a valid email address'", async () => {
    const answer = await rawCall(
      'updateEmail',
      { newEmail: 'not an email', oldEmail: owner.email },
      { token: owner.token },
    );
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('Not a valid email address');
  });
});

describe('deleteUserData', () => {
  it('refuses an anonymous caller with 401', async () => {
    expect((await rawCall('deleteUserData', null, {})).status).toBe(401);
  });
  it('refuses another user acting as the owner with 403, and an administrator viewing as the owner with 400', async () => {
    const victim = await createUser();
    expect((await rawCall('deleteUserData', null, { token: other.token, viewAs: victim.uid })).status).toBe(403);
    const byAdmin = await rawCall('deleteUserData', null, { token: admin.token, viewAs: victim.uid });
    expect(byAdmin.status).toBe(400);
    expect(JSON.stringify(byAdmin.body)).toContain('Stop viewing as another user');
    const still = await cognito().send(
      new AdminGetUserCommand({ UserPoolId: inject('stackEnv').USER_POOL_ID, Username: victim.uid }),
    );
    expect(still.Username).toBeTruthy();
  });
  it("deletes the owner's own account", async () => {
    const leaving = await createUser();
    expect((await rawCall('deleteUserData', null, { token: leaving.token })).status).toBe(200);
    await expect(
      cognito().send(new AdminGetUserCommand({ UserPoolId: inject('stackEnv').USER_POOL_ID, Username: leaving.uid })),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
  });
});
