import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { FollowUpWork } from '../follow-up-items';
import { billingTable, type LicenseItem, type SubscriptionItem } from './billing-table';

const ddb = mockClient(DynamoDBDocumentClient);
// The unit project shares a module cache per worker: the next file there gets the real client's send back.
afterAll(() => ddb.restore());
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

beforeEach(() => {
  ddb.reset();
  process.env.TABLE_NAME = 'mapnest-test';
  process.env.AWS_REGION = 'us-east-1';
});

const sub = (fields: Partial<SubscriptionItem> = {}): SubscriptionItem => ({
  uid: 'u1',
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  plan: 'basic',
  period: 'monthly',
  quantity: 3,
  status: 'active',
  cancelAt: null,
  currentPeriodEnd: null,
  counted: 3,
  eventCreated: 100,
  eventType: 'customer.subscription.created',
  revision: 1,
  ...fields,
});
/** The next transaction fails with `err` (a fresh mock each time, so earlier answers never leak into the next). */
const failNext = (err: Error) => {
  ddb.reset();
  ddb.on(TransactWriteCommand).rejects(err);
};
const transactItems = () => ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;

describe('billing table: subscriptions', () => {
  it('writes the event record, the subscription and the capacity change in one transaction', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const { revision: _r, ...next } = sub({ quantity: 5, counted: 5, eventCreated: 200 });
    expect(
      await billingTable.writeSubscription(next, sub(), { id: 'evt_1', type: 'customer.subscription.updated' }),
    ).toBe('applied');
    const items = transactItems();
    expect(items[0]!.Put).toMatchObject({
      Item: { pk: 'WEBHOOK#evt_1' },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(items[1]!.Put).toMatchObject({
      Item: { pk: 'USER#u1', sk: 'SUB#sub_1', revision: 2 },
      ConditionExpression: '#r = :r',
      ExpressionAttributeValues: { ':r': 1 },
    });
    expect(items[2]!.Update).toMatchObject({
      Key: { pk: 'USER#u1', sk: 'SLOTS' },
      ExpressionAttributeValues: { ':basic': 2 },
    });
  });

  it('moves the slots between plans when a subscription changes price from Basic to Professional', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: { basicHolder: 'sub_1' } });
    const { revision: _r, ...next } = sub({ plan: 'pro', counted: 3 });
    await billingTable.writeSubscription(next, sub(), { id: 'evt_2', type: 'customer.subscription.updated' });
    expect(transactItems()[2]!.Update!.ExpressionAttributeValues).toEqual({ ':basic': -3, ':pro': 3, ':sid': 'sub_1' });
    // It no longer holds Basic: the plan is free for another subscription.
    expect(transactItems()[2]!.Update).toMatchObject({
      UpdateExpression: expect.stringContaining('REMOVE #release'),
      ExpressionAttributeNames: expect.objectContaining({ '#release': 'basicHolder' }),
      ConditionExpression: '#release = :sid',
    });
  });

  it('claims the plan for a subscription that starts holding slots, on condition that no other holds it', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const { revision: _r, ...next } = sub({ subscriptionId: 'sub_2' });
    await billingTable.writeSubscription(next, null, { id: 'evt_7', type: 'customer.subscription.created' });
    expect(transactItems()[2]!.Update).toMatchObject({
      Key: { pk: 'USER#u1', sk: 'SLOTS' },
      UpdateExpression: 'ADD #basicS :basic, #basicC :basic SET #claim = :sid',
      ExpressionAttributeNames: expect.objectContaining({ '#claim': 'basicHolder' }),
      ExpressionAttributeValues: { ':basic': 3, ':sid': 'sub_2' },
      ConditionExpression: '(attribute_not_exists(#claim) OR #claim = :sid)',
    });
    // Another subscription claimed the plan first: read again (the domain then finds it and cancels this one).
    failNext(cancelled('None', 'None', 'ConditionalCheckFailed'));
    expect(await billingTable.writeSubscription(next, null, { id: 'evt_7', type: 't' })).toBe('conflict');
  });

  it('releases the plan when its holder ends, and leaves a holder it is not alone', async () => {
    const { revision: _r, ...ended } = sub({ status: 'canceled', counted: 0 });
    ddb.on(TransactWriteCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: { basicHolder: 'sub_1' } });
    await billingTable.writeSubscription(ended, sub(), { id: 'evt_8', type: 'customer.subscription.deleted' });
    expect(transactItems()[2]!.Update).toMatchObject({
      UpdateExpression: 'ADD #basicS :basic, #basicC :basic REMOVE #release',
      ConditionExpression: '#release = :sid',
    });
    // A subscription that held slots before holders were kept (or is not the one named) releases nothing.
    ddb.reset();
    ddb.on(TransactWriteCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: { basicHolder: 'sub_other' } });
    await billingTable.writeSubscription(ended, sub(), { id: 'evt_9', type: 'customer.subscription.deleted' });
    expect(transactItems()[2]!.Update).toMatchObject({ UpdateExpression: 'ADD #basicS :basic, #basicC :basic' });
    expect(transactItems()[2]!.Update!.ConditionExpression).toBeUndefined();
  });

  it('changes no capacity when the counted slots stay the same', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const { revision: _r, ...next } = sub({ cancelAt: '2027-01-01T00:00:00.000Z' });
    await billingTable.writeSubscription(next, sub(), { id: 'evt_3', type: 'customer.subscription.updated' });
    expect(transactItems()).toHaveLength(2);
  });

  it('calls a replayed event a duplicate and a concurrent change a conflict, and rethrows the rest', async () => {
    const { revision: _r, ...next } = sub();
    failNext(cancelled('ConditionalCheckFailed', 'None', 'None'));
    expect(await billingTable.writeSubscription(next, null, { id: 'e', type: 't' })).toBe('duplicate');
    failNext(cancelled('None', 'ConditionalCheckFailed', 'None'));
    expect(await billingTable.writeSubscription(next, null, { id: 'e', type: 't' })).toBe('conflict');
    failNext(new Error('boom'));
    await expect(billingTable.writeSubscription(next, null, { id: 'e', type: 't' })).rejects.toThrow('boom');
  });
});

describe('billing table: what an event owes (ADR 047)', () => {
  const receipt = { kind: 'notice' as const, uid: 'u1', subject: 'Your receipt', paragraphs: ['Thanks.'] };

  it("writes the email a subscription change owes in the change's own transaction, last", async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const { revision: _r, ...next } = sub({ quantity: 5, counted: 5 });
    await billingTable.writeSubscription(next, sub(), { id: 'evt_4', type: 'customer.subscription.updated' }, [
      receipt,
    ]);
    const items = transactItems();
    expect(items).toHaveLength(4);
    expect(items[3]!.Put!.Item).toMatchObject({ gsi3pk: 'DUE#follow-up', work: receipt, attempts: 0 });
  });

  it('records an event with its email in one transaction, and a replay owes nothing again', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    expect(await billingTable.recordEvent('evt_5', 'invoice.paid', [receipt])).toBe(true);
    const items = transactItems();
    expect(items[0]!.Put).toMatchObject({
      Item: { pk: 'WEBHOOK#evt_5' },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(items[1]!.Put!.Item).toMatchObject({ pk: expect.stringMatching(/^FOLLOWUP#notice#/), work: receipt });
    failNext(cancelled('ConditionalCheckFailed', 'None'));
    expect(await billingTable.recordEvent('evt_5', 'invoice.paid', [receipt])).toBe(false);
    // With nothing owed, a plain conditional put, as before.
    ddb.reset();
    ddb.on(PutCommand).resolves({});
    expect(await billingTable.recordEvent('evt_6', 'checkout.session.completed')).toBe(true);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});

describe('billing table: licences', () => {
  const license: LicenseItem = {
    code: '00000000-1111-4222-8333-444444444444',
    uid: 'u1',
    mapId: 'm1',
    registeredAt: 'a',
    endsAt: 'b',
    ended: false,
    itemName: 'x',
  };
  const map = { id: 'm1', state: 0, promote: true, previousLicenseEndsAt: null, licenseEndsAt: 'b', now: 'a' };

  it('registers the code once, counts it apart from slots and promotes a test map in one transaction', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    expect(await billingTable.registerLicense(license, map)).toBe('registered');
    const items = transactItems();
    expect(items[0]!.Put).toMatchObject({
      Item: { pk: `LICENSE#${license.code}` },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    // The licence is the map's own: no subscription slot is taken, no capacity added.
    expect(items[2]!.Update!.UpdateExpression).toBe('ADD #bl :one, #tm :minusOne');
    expect(items[3]!.Update).toMatchObject({
      Key: { pk: 'MAP#m1', sk: 'META' },
      ExpressionAttributeValues: { ':old': 0, ':live': 1 },
    });
  });

  it('writes what the registration owes in its own transaction, after the items whose failures it reads (ADR 047)', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const notice = { kind: 'notice' as const, uid: 'u1', subject: 'Licence registered', paragraphs: ['Thanks.'] };
    const now = '2026-11-29T10:00:00.000Z';
    await billingTable.registerLicense(license, { ...map, now }, [{ kind: 'publish', mapId: 'm1' }, notice]);
    const items = transactItems();
    expect(items).toHaveLength(6);
    expect(items[4]!.Put!.Item).toMatchObject({
      pk: 'FOLLOWUP#publish#m1',
      gsi3pk: 'DUE#follow-up',
      gsi3sk: `${now}#publish#m1`,
      work: { kind: 'publish', mapId: 'm1' },
      attempts: 0,
    });
    expect(items[5]!.Put!.Item).toMatchObject({ pk: expect.stringMatching(/^FOLLOWUP#notice#/), work: notice });
    // Still told apart by position when the code is used or the map moved.
    failNext(cancelled('None', 'None', 'None', 'ConditionalCheckFailed', 'None', 'None'));
    const owed = [{ kind: 'publish' as const, mapId: 'm1' }];
    expect(await billingTable.registerLicense(license, { ...map, now }, owed)).toBe('map-changed');
  });

  it('gives back the subscription slot of a live map that gets its own licence', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await billingTable.registerLicense(license, { ...map, state: 1, promote: false });
    expect(transactItems()[2]!.Update!.UpdateExpression).toBe('ADD #bl :one, #bu :minusOne');
    expect(transactItems()[3]!.Update!.ConditionExpression).toContain('attribute_not_exists(#le)');
    ddb.reset();
    ddb.on(TransactWriteCommand).resolves({});
    await billingTable.registerLicense(license, { ...map, state: 1, promote: false, previousLicenseEndsAt: 'c' });
    expect(transactItems()[2]!.Update!.UpdateExpression).toBe('ADD #bl :one');
    expect(transactItems()[3]!.Update).toMatchObject({
      ConditionExpression: expect.stringContaining('#le = :prevLe') as string,
      ExpressionAttributeValues: { ':prevLe': 'c' },
    });
  });

  it('tells a used code from a map that moved meanwhile', async () => {
    failNext(cancelled('ConditionalCheckFailed', 'None', 'None', 'None'));
    expect(await billingTable.registerLicense(license, map)).toBe('used');
    failNext(cancelled('None', 'None', 'None', 'ConditionalCheckFailed'));
    expect(await billingTable.registerLicense(license, map)).toBe('map-changed');
  });

  it('ends a licence once: a second end changes nothing', async () => {
    failNext(cancelled('ConditionalCheckFailed', 'None', 'None'));
    expect(await billingTable.endLicense(license)).toBeNull();
  });

  it('marks a licence reminded once, with its reminder owed in the same transaction (ADR 047)', async () => {
    const reminder: FollowUpWork = { kind: 'notice', uid: 'u1', subject: 'ends', paragraphs: ['soon'] };
    const at = new Date('2026-11-29T10:00:00Z');
    ddb.on(TransactWriteCommand).resolves({});
    expect(await billingTable.markReminded(license.code, at, reminder)).toBe(true);
    const items = transactItems();
    expect(items).toHaveLength(2);
    expect(items[0]!.Update).toMatchObject({
      Key: { pk: `LICENSE#${license.code}` },
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#rem)',
      ExpressionAttributeValues: { ':at': at.toISOString() },
    });
    expect(items[1]!.Put!.Item).toMatchObject({ pk: expect.stringMatching(/^FOLLOWUP#notice#/), work: reminder });
    // Marked by another run first: nothing is owed twice.
    failNext(cancelled('ConditionalCheckFailed', 'None'));
    expect(await billingTable.markReminded(license.code, at, reminder)).toBe(false);
    // Nothing to owe (the map is gone): a plain conditional update.
    ddb.reset();
    ddb.on(UpdateCommand).resolves({});
    expect(await billingTable.markReminded(license.code, at)).toBe(true);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
