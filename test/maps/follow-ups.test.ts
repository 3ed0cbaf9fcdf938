/**
 * Follow-ups of committed changes on the local stack (ADR 045, 047): the failure between two writes, made real. A
 * map's publication is committed in the table but its public copy is not written (as when S3 fails right after the
 * commit); the follow-up kept for it is run by the table's stream (the local stack reads DynamoDB Local's stream and
 * runs the follow-ups' trigger, as Lambda's event source mapping does), and by the sweep when the stream's try
 * fails. An email owed is delivered to the dev mailbox. Every assertion is about this file's own maps, users and
 * follow-ups, so it runs in parallel with the rest.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { keys, TABLE_INDEXES } from '@mapnest/shared/keys';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { documentWith } from '../helpers/documents';
import { dynamo, s3, waitForMail } from '../helpers/accounts';
import { adminUser, baseUrl, call, createUser } from '../helpers/stack';

type FollowUpsModule = typeof import('../../lambdas/src/domain/follow-ups');
let retryFollowUps: FollowUpsModule['retryFollowUps'];
let followUps: (typeof import('../../lambdas/src/adapters/follow-ups'))['followUps'];
let mapTable: (typeof import('../../lambdas/src/adapters/maps/map-table'))['mapTable'];
let workers: Parameters<FollowUpsModule['retryFollowUps']>[0];
const HOUR = 3_600_000;

beforeAll(async () => {
  Object.assign(process.env, inject('stackEnv'), { LOG_SILENT: '1' });
  ({ retryFollowUps } = await import('../../lambdas/src/domain/follow-ups'));
  ({ followUps } = await import('../../lambdas/src/adapters/follow-ups'));
  ({ mapTable } = await import('../../lambdas/src/adapters/maps/map-table'));
  ({ followUpRunner: workers } = await import('../../lambdas/src/domain/services/follow-ups'));
});

const publicCopy = async (id: string) => (await fetch(`${baseUrl()}/data/maps/${id}.json`)).json();
const stored = async (id: string) =>
  (await dynamo().send(new GetCommand({ TableName: inject('stackEnv').TABLE_NAME, Key: keys.followUp(id) }))).Item;
/** Waits until the follow-up is done: a follow-up done is deleted (ADR 047). */
async function whenDone(id: string): Promise<void> {
  await expect.poll(async () => stored(id), { timeout: 15_000 }).toBeUndefined();
}

/** A map whose first version is published in the table while its public copy still says "not published". */
async function publishedWithoutCopy(user: { token: string }): Promise<{ id: string; docKey: string }> {
  const id = await call<string>('createMap', { title: 'Owed a copy', mapData: documentWith(3) }, user);
  const entry = (await mapTable.historyEntry(id, 1))!;
  const at = new Date().toISOString();
  await mapTable.setPublication(id, { version: 1, docKey: entry.docKey, title: 'Owed a copy', at, hash: 'h' }, at);
  expect(await publicCopy(id)).toMatchObject({ id, offline: true });
  return { id, docKey: entry.docKey };
}

describe('follow-ups of committed changes', () => {
  it('writes a public copy owed after its change was committed within seconds, from the table’s stream, and is done with it', async () => {
    const user = await createUser();
    const { id } = await publishedWithoutCopy(user);
    const kept = await followUps.keep({ kind: 'publish', mapId: id }, new Date(), 'public bucket unavailable');
    await whenDone(kept);
    const copy = await publicCopy(id);
    expect(copy).toMatchObject({ id, version: 1, title: 'Owed a copy' });
    expect(copy.offline).toBeUndefined();
    expect(copy.document.locations).toHaveLength(3);
    await call('deleteMap', id, await adminUser());
  });

  it('sends an email owed to the account’s current address', async () => {
    const user = await createUser();
    const since = Date.now();
    const kept = await followUps.keep(
      { kind: 'notice', uid: user.uid, subject: 'Your receipt', paragraphs: ['Thank you.', 'Paid: $10.'] },
      new Date(),
    );
    const mail = await waitForMail(user.email, { subject: /^Your receipt - Mapnest$/, since });
    expect(mail.text).toBe('Thank you.\n\nPaid: $10.');
    // Nothing of the email stays in the table once it is sent.
    await whenDone(kept);
  });

  it('answers a change whose public copy cannot be written with success, and keeps the copy owed', async () => {
    const user = await createUser();
    const maps = await import('../../lambdas/src/domain/services/maps');
    const identity = { uid: user.uid, email: user.email, emailVerified: true, name: 'Test User', admin: false };
    const bucket = process.env.PUBLIC_BUCKET;
    // The public bucket is unreachable for this change only: S3 answers NoSuchBucket to the copy's write.
    process.env.PUBLIC_BUCKET = `missing-${Date.now()}`;
    let id: string;
    try {
      id = await maps.createMap({ identity, subject: user.uid }, { title: 'Copy owed', mapData: documentWith(2) });
    } finally {
      process.env.PUBLIC_BUCKET = bucket;
    }
    expect((await call<{ title: string }[]>('listMaps', {}, user)).map((m) => m.title)).toEqual(['Copy owed']);
    // Kept (with S3's reason: lambdas/src/domain/follow-ups.test.ts), then written by the stream's runner, which has
    // the bucket.
    await whenDone(`publish#${id}`);
    expect(await publicCopy(id)).toMatchObject({ id, offline: true });
    await call('deleteMap', id, await adminUser());
  });

  it('keeps a follow-up that fails again, due an hour later with the reason, and finishes it once it can', async () => {
    const user = await createUser();
    const admin = await adminUser();
    const { id, docKey } = await publishedWithoutCopy(user);
    // The published version's document is gone: writing the copy fails for real, in the sweep too.
    await s3().send(new DeleteObjectCommand({ Bucket: inject('stackEnv').DOCUMENTS_BUCKET, Key: docKey }));
    const kept = await followUps.keep({ kind: 'publish', mapId: id }, new Date(), 'first failure');
    // The stream's try fails: due again an hour later, with the new reason (noted after the try).
    await expect.poll(async () => (await stored(kept))?.lastError, { timeout: 15_000 }).not.toBe('first failure');
    const waiting = (await stored(kept))!;
    expect(waiting.attempts).toBe(1);
    expect(waiting[TABLE_INDEXES.byDue.pk]).toBe('DUE#follow-up');
    const dueAt = Date.parse(String(waiting[TABLE_INDEXES.byDue.sk]).split('#')[0]!);
    expect(dueAt).toBeGreaterThan(Date.now() + HOUR - 60_000);
    expect(await publicCopy(id)).toMatchObject({ offline: true });

    // Not due again within the hour.
    const at = new Date(dueAt - HOUR);
    await retryFollowUps(workers, new Date(at.getTime() + HOUR / 2));
    expect((await stored(kept))!.attempts).toBe(1);

    // The map is deleted meanwhile: the next try takes its copy down, and the follow-up is done.
    await call('deleteMap', id, admin);
    await retryFollowUps(workers, new Date(at.getTime() + HOUR + 1000));
    expect(await stored(kept)).toBeUndefined();
    expect((await fetch(`${baseUrl()}/data/maps/${id}.json`)).status).toBe(404);
  });

  it('tells the owner about maps sent back to test by a run that stopped half way, at the summary’s due time', async () => {
    const admin = await adminUser();
    const user = await createUser();
    await call('setUserSlots', { uid: user.uid, basic: 3, pro: 0 }, admin);
    for (const title of ['Atrium', 'Boardwalk', 'Cloister']) {
      const id = await call<string>('createMap', { title }, user);
      await call('setMapState', { id, state: 1 }, user);
    }
    // Slots granted down to one without their run (the table's grant alone), then a run that stops after one lapse.
    const { setGrantedSlots } = await import('../../lambdas/src/adapters/maps/slot-table');
    const { reconcileSlots, LAPSE_SUMMARY_GRACE_MS } = await import('../../lambdas/src/domain/billing');
    await setGrantedSlots(user.uid, 1, 0);
    let lapses = 0;
    const stopping = {
      ...mapTable,
      lapse: async (...args: Parameters<typeof mapTable.lapse>) => {
        if (++lapses > 1) throw new Error('function stopped');
        return mapTable.lapse(...args);
      },
    };
    const since = Date.now();
    await expect(
      reconcileSlots({ mapTable: stopping, followUps, isAdministrator: async () => false }, user.uid, 'were reduced'),
    ).rejects.toThrow('function stopped');
    const lapsed = (await call<{ title: string; state: number }[]>('listMaps', {}, user)).filter((m) => m.state === 0);
    expect(lapsed).toHaveLength(1);
    // Held, not yet due: the stream's trigger saw it and left it, and the sweep leaves it until its due time.
    const held = async (at: number) =>
      (await followUps.due(new Date(at))).filter((f) => f.work.kind === 'lapse-summary' && f.work.uid === user.uid);
    expect(await held(Date.now() + LAPSE_SUMMARY_GRACE_MS - 60_000)).toEqual([]);
    const [summary] = await held(Date.now() + LAPSE_SUMMARY_GRACE_MS + 1000);
    expect(summary).toMatchObject({ attempts: 0, work: { kind: 'lapse-summary', why: 'were reduced' } });
    // At its due time the sweep sends it, naming the one map that did go back to test.
    await retryFollowUps(workers, new Date(Date.now() + LAPSE_SUMMARY_GRACE_MS + 1000));
    const mail = await waitForMail(user.email, { subject: /^A map went back to test - Mapnest$/, since });
    expect(mail.text).toContain(
      `Your Basic map slots were reduced, so this map went back to test: "${lapsed[0]!.title}".`,
    );
  });
});
