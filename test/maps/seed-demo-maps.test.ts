/**
 * The deployed seeding of the demo and example maps (lambdas/src/triggers/seed-demo-maps.ts), run in-process with
 * CloudFormation's events against the local stack's emulators, on a table and buckets of its own (empty at the start),
 * its answers caught at a local response URL (scripts/local/seed-demo.ts runSeedHandler).
 */
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CreateBucketCommand, DeleteObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { MapState } from '@mapnest/shared/constants';
import { SEEDED_MAPS, SYSTEM_OWNER_UID } from '@mapnest/shared/demo-maps';
import type { PublishedMap } from '@mapnest/shared/maps';
import { isLocalTarget } from '../helpers/stack';

type SeedScript = typeof import('../../scripts/local/seed-demo');
let seed: SeedScript;
let maps: typeof import('../../lambdas/src/domain/services/maps');
let table: typeof import('../../lambdas/src/adapters/maps/map-table');

const suffix = randomBytes(4).toString('hex');
const own = {
  TABLE_NAME: `seed-check-${suffix}`,
  DOCUMENTS_BUCKET: `seed-check-documents-${suffix}`,
  PUBLIC_BUCKET: `seed-check-public-${suffix}`,
};
const admin = { uid: 'seed-check-admin', email: 'admin@example.com', emailVerified: true, name: 'Admin', admin: true };

/** S3 as the test reads it (the Lambdas reach it through adapters/s3-api.ts, ADR 097), once the stack's env is set. */
const s3 = () => new S3Client({ forcePathStyle: true });

async function published(id: string): Promise<PublishedMap> {
  const out = await s3().send(new GetObjectCommand({ Bucket: own.PUBLIC_BUCKET, Key: `maps/${id}.json` }));
  // Published copies are stored gzipped (ADR 027).
  return JSON.parse(gunzipSync(await out.Body!.transformToByteArray()).toString('utf8')) as PublishedMap;
}

async function snapshot() {
  return Promise.all(
    SEEDED_MAPS.map(async (m) => ({
      item: await table.mapTable.get(m.id),
      history: await table.mapTable.history(m.id),
      published: await published(m.id),
    })),
  );
}

describe.runIf(isLocalTarget())('seeding the demo and example maps at deployment', () => {
  beforeAll(async () => {
    Object.assign(process.env, inject('stackEnv'), own, { LOG_SILENT: '1' });
    const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
    const { ensureTable } = await import('../../scripts/local/dynamodb');
    await ensureTable(new DynamoDBClient({}), own.TABLE_NAME);
    for (const bucket of [own.DOCUMENTS_BUCKET, own.PUBLIC_BUCKET])
      await s3().send(new CreateBucketCommand({ Bucket: bucket }));
    seed = await import('../../scripts/local/seed-demo');
    maps = await import('../../lambdas/src/domain/services/maps');
    table = await import('../../lambdas/src/adapters/maps/map-table');
  }, 60_000);

  it('creates the four maps on Create, published in the demo state and owned by the system owner', async () => {
    for (const m of SEEDED_MAPS) expect(await table.mapTable.get(m.id), m.id).toBeNull();
    const response = await seed.runSeedHandler('Create');
    expect(response).toMatchObject({
      Status: 'SUCCESS',
      PhysicalResourceId: 'mapnest-demo-maps',
      Data: { Created: SEEDED_MAPS.map((m) => m.id).join(','), Kept: '', Republished: '' },
    });
    expect(SEEDED_MAPS.map((m) => m.id).sort()).toEqual([
      'demo',
      'examplegeographic',
      'examplerealestate',
      'exampleretail',
    ]);
    for (const m of SEEDED_MAPS) {
      expect(await table.mapTable.get(m.id), m.id).toMatchObject({
        id: m.id,
        title: m.title,
        state: MapState.DEMO,
        uid: SYSTEM_OWNER_UID,
        author: SYSTEM_OWNER_UID,
        version: 1,
      });
      const map = await published(m.id);
      expect(map, m.id).toMatchObject({ id: m.id, title: m.title, state: MapState.DEMO, expired: false, version: 1 });
      expect(map.document!.locations.length, m.id).toBeGreaterThanOrEqual(20);
    }
  }, 60_000);

  it('changes nothing on Update, nor on Delete', async () => {
    const before = await snapshot();
    expect(await seed.runSeedHandler('Update')).toMatchObject({
      Status: 'SUCCESS',
      PhysicalResourceId: 'mapnest-demo-maps',
      Data: { Created: '', Kept: SEEDED_MAPS.map((m) => m.id).join(','), Republished: '' },
    });
    expect(await snapshot()).toEqual(before);
    expect(await seed.runSeedHandler('Delete')).toMatchObject({
      Status: 'SUCCESS',
      PhysicalResourceId: 'mapnest-demo-maps',
    });
    expect(await snapshot()).toEqual(before);
  }, 60_000);

  it('writes a missing published copy again on the next run, from the map as it stands', async () => {
    await s3().send(new DeleteObjectCommand({ Bucket: own.PUBLIC_BUCKET, Key: 'maps/examplegeographic.json' }));
    await expect(published('examplegeographic')).rejects.toThrow();
    expect(await seed.runSeedHandler('Update')).toMatchObject({
      Status: 'SUCCESS',
      Data: { Created: '', Republished: 'examplegeographic' },
    });
    expect(await published('examplegeographic')).toMatchObject({
      id: 'examplegeographic',
      state: MapState.DEMO,
      version: 1,
      expired: false,
    });
  }, 60_000);

  it('lets an administrator edit a seeded map, and a later deployment keeps the edit', async () => {
    const map = (await table.mapTable.get('examplerealestate'))!;
    const { seededDocument } = await import('../../lambdas/src/domain/demo-maps');
    const edited = seededDocument('/examples/willow-creek.json');
    edited.locations = edited.locations.slice(0, 20);
    const saved = await maps.saveMap(
      { identity: admin, subject: admin.uid },
      { id: map.id, baseVersion: 1, title: 'Willow Creek, edited', mapData: edited },
    );
    expect(saved.version).toBe(2);
    // Saving keeps a draft; the administrator publishes it (ADR 018).
    const { publishMap } = await import('../../lambdas/src/domain/publishing');
    await publishMap({ identity: admin, subject: admin.uid }, { id: map.id, version: 2 });
    await seed.runSeedHandler('Update');
    expect(await table.mapTable.get(map.id)).toMatchObject({
      version: 2,
      title: 'Willow Creek, edited',
      uid: SYSTEM_OWNER_UID,
      state: MapState.DEMO,
    });
    expect((await published(map.id)).document!.locations).toHaveLength(20);
  }, 60_000);

  it('answers CloudFormation FAILED, with the reason, when the maps cannot be written', async () => {
    const tableName = process.env.TABLE_NAME;
    process.env.TABLE_NAME = `seed-check-missing-${suffix}`;
    try {
      await expect(seed.runSeedHandler('Update')).rejects.toThrow(/Seeding the demo maps failed: .*(resource|table)/i);
    } finally {
      process.env.TABLE_NAME = tableName;
    }
  }, 60_000);
});
