/**
 * deleteUserData is complete: after it, a scan of the whole table and a listing of every bucket find nothing of
 * the user (maps, documents, history, published copies, uploads, thumbnails, profile, slots, subscriptions, the
 * contact requests giving its address), and
 * Cognito no longer knows them. Someone else's data is untouched.
 */
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { AdminGetUserCommand, AdminUpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { keys } from '@mapnest/shared/keys';
import { adminUser, call, cognito, createUser, rawCall, signIn } from '../helpers/stack';
import {
  buckets,
  dynamo,
  s3,
  tableName,
  uploadAvatar,
  waitForFile,
  waitForMail,
  withSignInAge,
} from '../helpers/accounts';
import { documentWith } from '../helpers/documents';

async function scanTable(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(
      new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start, ConsistentRead: true }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

async function listBucket(bucket: string): Promise<string[]> {
  const out: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3().send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    out.push(...(page.Contents ?? []).map((o) => o.Key!));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return out;
}

/** Everything of a user the table and the buckets hold: items naming the user or their maps, and object keys. */
async function traces(who: { uid: string; email: string }, mapIds: string[]) {
  const marks = [who.uid, who.email, ...mapIds];
  const items = (await scanTable()).filter((item) => marks.some((m) => JSON.stringify(item).includes(m)));
  const objects: string[] = [];
  for (const bucket of Object.values(buckets())) {
    for (const key of await listBucket(bucket))
      if (marks.some((m) => key.includes(m))) objects.push(`${bucket}/${key}`);
  }
  return { items, objects };
}

describe('deleteUserData', () => {
  it('leaves nothing of the user in the table, the buckets or Cognito, and nothing of others is touched', async () => {
    const [user, bystander, admin] = await Promise.all([createUser(), createUser(), adminUser()]);
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ea580c' } })
      .png()
      .toBuffer();

    // Maps with several versions, history entries and published copies; one test map and one made live.
    await call('setUserSlots', { uid: user.uid, basic: 1, pro: 0 }, admin);
    const first = await call<string>('createMap', { title: 'First' }, user);
    await call('saveMap', { id: first, baseVersion: 1, mapData: documentWith(3) }, user);
    await call('setMapHistoryName', { mapId: first, historyMapId: 'v00000001', name: 'Kept' }, user);
    const second = await call<string>('createMap', { title: 'Second', mapData: documentWith(1) }, user);
    await call('setMapState', { id: second, state: 1 }, user);
    const theirs = await call<string>('createMap', { title: 'Bystander map' }, bystander);

    // An avatar (with its thumbnails), a file in the user's folder, a subscription record and the profile item.
    const avatar = await uploadAvatar(user, png);
    await waitForFile(`/files/${avatar.key}/.thumb-64.jpg`);
    const fileKey = `${user.uid}/library/floor plan.png`;
    await s3().send(
      new PutObjectCommand({ Bucket: buckets().uploads, Key: fileKey, Body: png, ContentType: 'image/png' }),
    );
    await waitForFile(`/files/${fileKey.split('/').map(encodeURIComponent).join('/')}/.thumb-256.jpg`);
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.subscription(user.uid, 'sub_test_1'), status: 'active', quantity: 1 },
      }),
    );
    await call('updateEmail', { newEmail: user.email, oldEmail: user.email }, user);
    await uploadAvatar(bystander, png);
    // Contact requests giving the user's address (as typed, in any case, signed in or not) go with the account; the
    // bystander's stay.
    const message = (email: string) => ({
      kind: 'contact',
      name: 'A Sender',
      email,
      topic: 'support',
      message: 'A question about my maps.',
    });
    await call('submitContact', message(user.email), user);
    await call('submitContact', message(user.email.toUpperCase()));
    const kept = await call<{ id: string }>('submitContact', message(bystander.email), bystander);
    // Sent signed in, a request names the account: it goes too, whatever address it gives.
    const signedIn = await call<{ id: string }>(
      'submitSupportRequest',
      message(`elsewhere-${user.uid}@example.com`),
      user,
    );

    const before = await traces(user, [first, second]);
    expect(before.items.length).toBeGreaterThanOrEqual(8);
    expect(before.objects.some((k) => k.includes('.thumb-64.jpg'))).toBe(true);
    expect(before.objects.some((k) => k.startsWith(`${buckets().public}/`))).toBe(true);
    expect(before.objects.some((k) => k.startsWith(`${buckets().documents}/`))).toBe(true);

    expect(await call('deleteUserData', null, user)).toBeNull();

    // The address the account had is told what went with it (no Stripe customer: nothing said of subscriptions).
    const farewell = await waitForMail(user.email, { subject: /^Your account has been deleted/ });
    expect(farewell.text).toContain(`account ${user.email} has been deleted`);
    expect(farewell.text).not.toContain('subscriptions');
    // The follow-up that sent it, the last thing naming the user, is deleted once sent.
    await expect.poll(() => traces(user, [first, second]), { timeout: 15_000 }).toEqual({ items: [], objects: [] });
    await expect(
      cognito().send(new AdminGetUserCommand({ UserPoolId: inject('stackEnv').USER_POOL_ID, Username: user.uid })),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });

    const sentSignedIn = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: keys.contactRequest(signedIn.id), ConsistentRead: true }),
    );
    expect(sentSignedIn.Item).toBeUndefined();

    // The bystander keeps their map, avatar and message.
    expect((await call<Array<{ id: string }>>('listMaps', null, bystander)).map((m) => m.id)).toEqual([theirs]);
    const left = await traces(bystander, [theirs]);
    expect(left.objects).toContain(`${buckets().uploads}/${bystander.uid}/.avatar.png`);
    expect(left.items.map((i) => i.pk)).toContain(keys.contactRequest(kept.id).pk);
  });

  it('keeps the contact requests giving an address the account never verified', async () => {
    const user = await createUser();
    const sent = await call<{ id: string }>('submitContact', {
      kind: 'contact',
      name: 'Address Owner',
      email: user.email,
      topic: 'general',
      message: 'Written by whoever owns this address.',
    });
    await cognito().send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: inject('stackEnv').USER_POOL_ID,
        Username: user.uid,
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: 'false' },
        ],
      }),
    );
    const unverified = { token: await signIn(user.email, user.password) };
    expect((await rawCall('deleteUserData', null, unverified)).status).toBe(200);
    const request = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: keys.contactRequest(sent.id), ConsistentRead: true }),
    );
    expect(request.Item).toMatchObject({ request: { email: user.email } });
  });

  it('asks for a fresh sign-in (permission-denied) when the password was entered more than 5 minutes ago, and deletes nothing', async () => {
    const user = await createUser();
    const mapId = await call<string>('createMap', { title: 'Still here' }, user);
    const stale = withSignInAge(user.token, 6 * 60 * 1000);
    const answer = await rawCall('deleteUserData', null, { token: stale });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      error: { status: 'PERMISSION_DENIED', message: 'Please enter your password again to continue.' },
    });
    expect((await call<Array<{ id: string }>>('listMaps', null, user)).map((m) => m.id)).toEqual([mapId]);
    // A fresh sign-in (the re-authentication) then succeeds.
    expect((await rawCall('deleteUserData', null, { token: withSignInAge(user.token, 60 * 1000) })).status).toBe(200);
  });

  it('also removes a map whose own deletion was interrupted half-way (marked, hidden from lists)', async () => {
    const user = await createUser();
    const a = await call<string>('createMap', { title: 'A' }, user);
    await call('saveMap', { id: a, baseVersion: 1, mapData: documentWith(2) }, user);
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.map(a),
        UpdateExpression: 'SET deleting = :t',
        ExpressionAttributeValues: { ':t': true },
      }),
    );
    expect(await call('listMaps', null, user)).toEqual([]);
    expect((await rawCall('deleteUserData', null, { token: user.token })).status).toBe(200);
    // (The email confirming the deletion names the user until it is sent.)
    await expect.poll(() => traces(user, [a]), { timeout: 15_000 }).toEqual({ items: [], objects: [] });
  });
});
