/**
 * A deleted account's ID token stays valid until it expires; calls that write must refuse it all the same
 * (a tombstone written by deleteUserData), and an administrator may act only for users who exist.
 */
import { describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { adminUser, call, createUser, rawCall } from '../helpers/stack';
import { dynamo, tableName, waitForMail } from '../helpers/accounts';
import { mailTo } from '../helpers/stripe';

describe('a deleted account', () => {
  it('cannot create maps, uploads or read slots with the ID token it still holds', async () => {
    const user = await createUser();
    const mapId = await call<string>('createMap', { title: 'Before' }, user);
    expect(await call('deleteUserData', null, user)).toBeNull();
    const attempts: Array<[string, unknown]> = [
      ['createMap', { title: 'After deletion' }],
      ['createFileUpload', { fileName: 'a.png', contentType: 'image/png', size: 10 }],
      ['createAvatarUpload', { fileName: 'a.png', contentType: 'image/png', size: 10 }],
      ['getSlots', null],
      ['saveMap', { id: mapId, baseVersion: 1, mapData: { layers: [] } }],
      ['renameMap', { id: mapId, title: 'x' }],
      ['clearAvatar', null],
      ['deleteFile', { key: `${user.uid}/files/x-a.png` }],
      ['deleteMap', { id: mapId }],
      ['checkEmailFree', { email: 'someone-new@example.com' }],
    ];
    for (const [name, data] of attempts) {
      const answer = await rawCall(name, data, { token: user.token });
      expect(answer.status, name).toBe(401);
    }
    // Nothing was written for the deleted user: no item names them (once the email confirming the deletion, which
    // names them until it is sent, has gone).
    const naming = async () =>
      ((await dynamo().send(new ScanCommand({ TableName: tableName(), ConsistentRead: true }))).Items ?? []).filter(
        (i) => JSON.stringify(i).includes(user.uid),
      );
    await expect.poll(naming, { timeout: 15_000 }).toEqual([]);
    // A retried deletion (say the first failed half-way) still completes, and does not email the address again.
    expect((await rawCall('deleteUserData', null, { token: user.token })).status).toBe(200);
    await waitForMail(user.email, { subject: /^Your account has been deleted/ });
    expect(await naming()).toEqual([]);
    expect(
      (await mailTo(user.email)).filter((m) => m.subject.startsWith('Your account has been deleted')),
    ).toHaveLength(1);
  });
});

describe('administrator input', () => {
  it('setUserSlots accepts only existing users: not <script>, NUL or an unknown id', async () => {
    const admin = await adminUser();
    for (const uid of ['<script>alert(1)</script>', 'a\u0000b', '00000000-0000-4000-8000-000000000000']) {
      const answer = await rawCall('setUserSlots', { uid, basic: 1, pro: 0 }, { token: admin.token });
      expect([400, 404], uid).toContain(answer.status);
    }
    const items = (await dynamo().send(new ScanCommand({ TableName: tableName(), ConsistentRead: true }))).Items ?? [];
    expect(
      items.filter((i) =>
        ['script', '\u0000', '00000000-0000-4000-8000-000000000000'].some((m) => String(i.pk).includes(m)),
      ),
    ).toEqual([]);
    const user = await createUser();
    await call('setUserSlots', { uid: user.uid, basic: 1, pro: 0 }, admin);
  });

  it('acts as another user only when that user exists and the id is well-formed', async () => {
    const admin = await adminUser();
    for (const viewAs of [
      '<script>',
      '../x',
      '00000000-0000-4000-8000-000000000000',
      'nobody-here@example.com',
      'a b@example.com',
    ]) {
      const answer = await rawCall('createMap', { title: 'Planted' }, { token: admin.token, viewAs });
      expect([400, 404], viewAs).toContain(answer.status);
      const files = await rawCall(
        'createFileUpload',
        { fileName: 'a.png', contentType: 'image/png', size: 10 },
        { token: admin.token, viewAs },
      );
      expect([400, 404], viewAs).toContain(files.status);
    }
    const user = await createUser();
    const id = await call<string>('createMap', { title: 'For them' }, admin, user.uid);
    expect((await call<Array<{ id: string }>>('listMaps', null, user)).map((m) => m.id)).toContain(id);
    // An author's email address names them too (the administrator finds a user's maps by it).
    expect((await rawCall('getSlots', null, { token: admin.token, viewAs: user.email })).status).toBe(200);
  });
});
