/**
 * Storage amplification (ADR 027): a 67 KB gzip body of 2,500 locations with 20,000-character descriptions once stored
 * a 50 MB version and published a 50 MB public copy, on a free test map that keeps 50 versions. Now the map size limit
 * refuses it while it is inflated, per-field limits refuse long texts within that size, each account's stored bytes are
 * counted with every version and file and refused past its plan's quota, and the public copy is served gzipped. The
 * largest real map still saves and publishes.
 */
import { gzipSync } from 'node:zlib';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { largeVenueDocument } from '@mapnest/shared/large-maps.fixtures';
import { blankDocument, MAP_LIMITS } from '@mapnest/shared/map-document';
import { DOCUMENT_MAX_BYTES, STORAGE_QUOTA } from '@mapnest/shared/storage';
import sharp from 'sharp';
import type { FileUpload } from '@mapnest/shared/files';
import { buckets, dynamo, postUpload, s3, tableName } from '../helpers/accounts';
import { baseUrl, call, createUser, rawCall, type TestUser } from '../helpers/stack';

/** POSTs `body` gzipped, as the editor sends large saves. */
async function gzipCall(name: string, body: Buffer, user: TestUser) {
  const res = await fetch(`${baseUrl()}/api/fn/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', authorization: `Bearer ${user.token}` },
    body: new Uint8Array(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { data?: unknown; error?: { message: string; details?: unknown } },
  };
}

const gzipJson = (value: unknown) => gzipSync(JSON.stringify(value), { level: 9 });

async function storedBytes(uid: string): Promise<number> {
  const out = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: { pk: `USER#${uid}`, sk: 'SLOTS' }, ConsistentRead: true }),
  );
  return (out.Item?.storedBytes as number | undefined) ?? 0;
}

async function documentObjects(mapId: string): Promise<Array<{ key: string; size: number }>> {
  const out = await s3().send(new ListObjectsV2Command({ Bucket: buckets().documents, Prefix: `maps/${mapId}/` }));
  return (out.Contents ?? []).map((o) => ({ key: o.Key!, size: o.Size! }));
}

async function version(mapId: string, user: TestUser): Promise<number> {
  return (await call<{ map: { version: number } }>('getMap', { id: mapId }, user)).map.version;
}

/** What a refused write must leave: the same version, the same stored objects, the same count. */
async function snapshot(mapId: string, user: TestUser) {
  return {
    version: await version(mapId, user),
    objects: await documentObjects(mapId),
    bytes: await storedBytes(user.uid),
  };
}

describe('storage amplification', () => {
  it('refuses the 67 KB body of 2,500 descriptions of 20,000 characters (50 MB) and stores nothing', async () => {
    const user = await createUser();
    const id = await call<string>('createMap', { title: 'Amplified' }, user);
    const before = await snapshot(id, user);
    const mapData = blankDocument();
    mapData.locations = Array.from({ length: 2_500 }, (_, i) => ({
      id: `l${i}`,
      desc: 'x'.repeat(20_000),
      coord: [0.5, 0.5] as [number, number],
    }));
    const body = gzipJson({ data: { id, baseVersion: 1, mapData } });
    expect(body.length).toBeLessThan(70_000);
    const answer = await gzipCall('saveMap', body, user);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({
      message: expect.stringMatching(/^This map is more than 32 MB as saved data; .* \(the map size limit\)\. Shorten/),
      status: 'INVALID_ARGUMENT',
      details: { limit: 'documentBytes', maxBytes: DOCUMENT_MAX_BYTES },
    });
    expect(await snapshot(id, user)).toEqual(before);

    // Within the size limit, a description over its own limit is refused by the schema, naming the field.
    mapData.locations = mapData.locations.slice(0, 1_000);
    const fieldAnswer = await gzipCall('saveMap', gzipJson({ data: { id, baseVersion: 1, mapData } }), user);
    expect(fieldAnswer.status).toBe(400);
    expect(fieldAnswer.body.error!.message).toBe(
      `Invalid mapData.locations.0.desc: Must be at most ${MAP_LIMITS.descLength} characters (and 19 more problems)`,
    );
    expect(await snapshot(id, user)).toEqual(before);
    console.info(`[faults] amplification body: ${body.length} bytes of gzip refused, version stays ${before.version}`);
  });

  it('refuses a gzip bomb while inflating it', async () => {
    const user = await createUser();
    const id = await call<string>('createMap', { title: 'Bombed' }, user);
    // 2 GB of JSON in about 2 MB: gzip members, one after another, inflate as one stream.
    const block = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x61), { level: 9 });
    const bomb = Buffer.concat([
      gzipSync(`{"data":{"id":"${id}","baseVersion":1,"mapData":{"pad":"`),
      ...Array<Buffer>(32).fill(block),
      gzipSync('"}}}'),
    ]);
    expect(bomb.length).toBeLessThan(3_000_000);
    const answer = await gzipCall('saveMap', bomb, user);
    expect(answer.status).toBe(400);
    expect(answer.body.error!.message).toMatch(/^This map is more than 32 MB as saved data/);
    expect(await version(id, user)).toBe(1);
  });

  it('counts every kept version in the account, refuses a save or upload past the quota and changes nothing', async () => {
    const user = await createUser();
    const id = await call<string>('createMap', { title: 'Quota' }, user);
    const [first] = await documentObjects(id);
    expect(await storedBytes(user.uid)).toBe(first!.size);

    const doc = blankDocument();
    doc.locations = [{ id: 'shop', title: 'Shop', coord: [0.5, 0.5] }];
    await call('saveMap', { id, baseVersion: 1, mapData: doc }, user);
    const objects = await documentObjects(id);
    expect(objects).toHaveLength(2);
    expect(await storedBytes(user.uid)).toBe(objects.reduce((n, o) => n + o.size, 0));

    // The account is 100 bytes short of its free quota: the next version does not fit.
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `USER#${user.uid}`, sk: 'SLOTS' },
        UpdateExpression: 'SET storedBytes = :b',
        ExpressionAttributeValues: { ':b': STORAGE_QUOTA.free - 100 },
      }),
    );
    const before = await snapshot(id, user);
    doc.locations.push({ id: 'cafe', title: 'Cafe', coord: [0.25, 0.25] });
    const refused = await rawCall('saveMap', { id, baseVersion: 2, mapData: doc }, { token: user.token });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      error: {
        status: 'RESOURCE_EXHAUSTED',
        message: expect.stringMatching(
          /^Your account stores 250 MB of its 250 MB storage, and this needs \d+(\.\d)? KB more, so nothing was saved\. Delete versions you no longer need \(History\), maps or files you no longer use, or add map slots: each Basic slot adds 1 GB, each Professional slot 2 GB\.$/,
        ),
        details: { limit: 'storageQuota', used: STORAGE_QUOTA.free - 100, quota: STORAGE_QUOTA.free },
      },
    });
    expect(await snapshot(id, user)).toEqual(before);
    const upload = await rawCall(
      'createFileUpload',
      { fileName: 'plan.png', contentType: 'image/png', size: 5_000 },
      { token: user.token },
    );
    expect(upload.status).toBe(429);
    expect(upload.body).toMatchObject({ error: { details: { limit: 'storageQuota' } } });
    const newMap = await rawCall('createMap', { title: 'Another' }, { token: user.token });
    expect(newMap.status).toBe(429);
    expect(await storedBytes(user.uid)).toBe(before.bytes);

    // Deleting the map gives back every version it kept.
    await call('deleteMap', { id }, user);
    expect(await storedBytes(user.uid)).toBe(before.bytes - objects.reduce((n, o) => n + o.size, 0));
  });

  it('saves and publishes the largest real map, and serves its public copy gzipped', async () => {
    const user = await createUser();
    const id = await call<string>('createMap', { title: 'Venue' }, user);
    const mapData = largeVenueDocument();
    const json = JSON.stringify(mapData);
    const saved = await gzipCall('saveMap', gzipJson({ data: { id, baseVersion: 1, mapData } }), user);
    expect(saved.status, JSON.stringify(saved.body.error)).toBe(200);
    await call('publishMap', { id, version: 2 }, user);

    const res = await fetch(`${baseUrl()}/data/maps/${id}.json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const sent = Number(res.headers.get('content-length'));
    const published = (await res.json()) as { document: { locations: unknown[] } };
    expect(published.document.locations).toHaveLength(2_500);
    // 7.8 MB of JSON travels as about 160 KB.
    expect(json.length).toBeGreaterThan(7_000_000);
    expect(sent).toBeLessThan(json.length / 20);
    const head = await s3().send(new HeadObjectCommand({ Bucket: buckets().public, Key: `maps/${id}.json` }));
    expect(head.ContentEncoding).toBe('gzip');
    console.info(`[faults] largest real map: ${json.length} bytes of JSON, public copy served as ${sent} bytes`);
  });

  it('counts a library file once as it arrives and gives it back when it is deleted', async () => {
    const user = await createUser();
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const post = await call<FileUpload>(
      'createFileUpload',
      { fileName: 'floor.png', contentType: 'image/png', size: png.length },
      user,
    );
    expect((await postUpload(post, png, 'image/png', 'floor.png')).status).toBe(204);
    // The upload trigger counts it (as S3's notification runs it in AWS): poll until it has.
    for (let i = 0; i < 200 && (await storedBytes(user.uid)) === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await storedBytes(user.uid)).toBe(png.length);
    await call('deleteFile', { key: post.key }, user);
    expect(await storedBytes(user.uid)).toBe(0);
  });
});
