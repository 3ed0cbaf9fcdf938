/**
 * The contact form's requests and the team's inbox, against an in-memory table behind the adapter's own commands:
 * each request kept says whether the team was emailed about it (sent, held back by the per-address limit, failed, or
 * not known when that last write failed), and the inbox lists them newest first, a page at a time.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_LIMITS, type SubmitContactInput } from '@mapnest/shared/contact';
import { keys } from '@mapnest/shared/keys';
import { contactInbox } from '../adapters/contact-inbox';
import { logger } from '../lib/logger';
import { listContactRequests } from './admin/contact-inbox';
import { submitContact } from './contact';

const ddb = mockClient(DynamoDBDocumentClient);
// The unit project shares a module cache per worker: the next file there gets the real client's send back.
afterAll(() => ddb.restore());
let items: Map<string, Record<string, unknown>>;
let failDeliveryWrites: boolean;
const keyOf = (key: Record<string, unknown>) => `${String(key.pk)}|${String(key.sk)}`;

beforeEach(() => {
  ddb.reset();
  vi.stubEnv('TABLE_NAME', 'mapnest-test');
  vi.stubEnv('AWS_REGION', 'us-east-1');
  vi.stubEnv('DEV_MAILBOX_URL', 'http://127.0.0.1:9/_dev/mail');
  vi.spyOn(logger, 'error').mockImplementation(() => undefined);
  vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
  vi.spyOn(logger, 'info').mockImplementation(() => undefined);
  items = new Map();
  failDeliveryWrites = false;
  ddb.on(PutCommand).callsFake((input: { Item: Record<string, unknown> }) => {
    items.set(keyOf(input.Item), structuredClone(input.Item));
    return {};
  });
  ddb
    .on(UpdateCommand)
    .callsFake(
      (input: {
        Key: Record<string, unknown>;
        UpdateExpression: string;
        ExpressionAttributeValues: Record<string, unknown>;
      }) => {
        const key = keyOf(input.Key);
        const item = items.get(key);
        if (input.UpdateExpression.startsWith('ADD')) {
          const count = (item?.count as number | undefined) ?? 0;
          if (count >= (input.ExpressionAttributeValues[':max'] as number))
            throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
          items.set(key, { ...input.Key, ...item, count: count + 1 });
          return {};
        }
        if (failDeliveryWrites) throw new Error('table unavailable');
        if (!item)
          throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
        item.delivery = input.ExpressionAttributeValues[':d'];
        return {};
      },
    );
  ddb
    .on(QueryCommand)
    .callsFake(
      (input: {
        ExpressionAttributeValues: Record<string, string>;
        Limit: number;
        ScanIndexForward: boolean;
        Select?: string;
      }) => {
        const { ':pk': pk, ':before': before } = input.ExpressionAttributeValues;
        // The unread count (admin/contact-inbox.test.ts tests it): the sparse GSI2 partition.
        if (input.Select === 'COUNT') return { Count: [...items.values()].filter((i) => i.gsi2pk === pk).length };
        const found = [...items.values()]
          .filter((i) => i.gsi1pk === pk && (before === undefined || String(i.gsi1sk) < before))
          .sort((a, b) => String(b.gsi1sk).localeCompare(String(a.gsi1sk)));
        expect(input.ScanIndexForward).toBe(false);
        return { Items: found.slice(0, input.Limit) };
      },
    );
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The dev mailbox answers `status` to every email. */
const mailboxAnswers = (status: number) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status })),
  );

const request = (email: string, name: string): SubmitContactInput => ({
  kind: 'contact',
  name,
  email,
  topic: 'support',
  message: 'The map does not load on our kiosk.',
  website: undefined,
});
const stored = (id: string) => items.get(keyOf(keys.contactRequest(id)));
const from = (n: number) => ({ uid: null, sourceIp: `203.0.113.${n}` });

describe('a contact request kept', () => {
  it('says the team was emailed, or that it was held back past the per-address limit', async () => {
    mailboxAnswers(200);
    const answers = [];
    for (let i = 0; i <= CONTACT_LIMITS.perEmailPerHour; i++)
      answers.push(await submitContact(request('ana@example.com', `Ana ${i}`), from(i)));
    expect(answers.map((a) => stored(a.id)?.delivery)).toEqual([
      ...Array<string>(CONTACT_LIMITS.perEmailPerHour).fill('sent'),
      'held',
    ]);
    // Answered as any other: the sender learns nothing of the address's other requests.
    expect(answers.at(-1)).toEqual({ id: answers.at(-1)!.id });
  });

  it('says the email failed when it could not be sent, and still answers the sender', async () => {
    mailboxAnswers(500);
    const answer = await submitContact(request('bo@example.com', 'Bo'), from(1));
    expect(answer).toEqual({ id: answer.id });
    expect(stored(answer.id)).toMatchObject({ delivery: 'failed', request: { name: 'Bo' } });
  });

  it('stays "not known" when its outcome cannot be written, and the sender is answered all the same', async () => {
    mailboxAnswers(200);
    failDeliveryWrites = true;
    const answer = await submitContact(request('cy@example.com', 'Cy'), from(1));
    expect(stored(answer.id)).toMatchObject({ delivery: 'pending' });
    expect(logger.error).toHaveBeenCalledWith(
      'contact request delivery not recorded',
      expect.objectContaining({ id: answer.id, delivery: 'sent' }),
    );
  });
});

describe('priority support', () => {
  it("marks a signed-in Professional customer's request priority, in the team's email and inbox, and keeps no client address", async () => {
    const mailbox = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', mailbox);
    // The slot counters: a Professional customer (2 Professional slots) and a Basic one.
    ddb.on(GetCommand).callsFake((input: { Key: { pk: string } }) => ({
      Item: input.Key.pk === 'USER#pro-user' ? { proCapacity: 2, proSubscribed: 2 } : { basicCapacity: 1 },
    }));
    const pro = await submitContact(request('pa@example.com', 'Pa'), { uid: 'pro-user', sourceIp: '203.0.113.7' });
    const basic = await submitContact(request('ba@example.com', 'Ba'), { uid: 'basic-user', sourceIp: '203.0.113.7' });
    const visitor = await submitContact(request('vi@example.com', 'Vi'), from(7));
    expect(stored(pro.id)).toMatchObject({ uid: 'pro-user', priority: true });
    expect(stored(basic.id)).toMatchObject({ uid: 'basic-user', priority: false });
    expect(stored(visitor.id)).toMatchObject({ uid: null, priority: false });
    for (const { id } of [pro, basic, visitor]) expect(stored(id)).not.toHaveProperty('sourceIp');
    const mails = mailbox.mock.calls.map(
      ([, init]) => JSON.parse(String(init.body)) as { subject: string; text: string },
    );
    expect(mails.map((m) => m.subject)).toEqual([
      '[Mapnest] Priority support · Contact: Pa <pa@example.com>',
      '[Mapnest] Contact: Ba <ba@example.com>',
      '[Mapnest] Contact: Vi <vi@example.com>',
    ]);
    expect(mails[0]!.text).toContain('Account: pro-user (Professional plan: priority support)');
    expect(mails[1]!.text).toContain('Account: basic-user');
    expect(mails[2]!.text).not.toContain('Account:');
    const inbox = await listContactRequests({});
    // Sent within the same millisecond they may list in any order: compared by sender.
    expect(Object.fromEntries(inbox.requests.map((r) => [r.request.name, r.priority]))).toEqual({
      Pa: true,
      Ba: false,
      Vi: false,
    });
  });
});

describe("the team's inbox", () => {
  it('lists the requests newest first, a page at a time, older pages from `more`', async () => {
    mailboxAnswers(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    const names = [];
    for (let i = 0; i < 30; i++) {
      vi.setSystemTime(new Date(Date.UTC(2026, 10, 29, 9, i)));
      names.push(`Person ${i}`);
      await submitContact(request(`p${i}@example.com`, `Person ${i}`), from(i));
    }
    vi.useRealTimers();
    const first = await listContactRequests({});
    expect(first.requests.map((r) => r.request.name)).toEqual(names.slice(5).reverse());
    expect(first.requests[0]).toMatchObject({ delivery: 'sent', uid: null, received: '2026-11-29T09:29:00.000Z' });
    expect(first.more).not.toBeNull();
    expect(first.unread).toBe(30);
    const second = await listContactRequests({ before: first.more! });
    expect(second.requests.map((r) => r.request.name)).toEqual(names.slice(0, 5).reverse());
    expect(second.more).toBeNull();
  });

  it('leaves out requests past their year that the table has not removed yet', async () => {
    mailboxAnswers(200);
    const kept = await submitContact(request('old@example.com', 'Old'), from(1));
    const now = new Date(Date.now() + 366 * 86_400_000);
    expect((await contactInbox.list(25, {}, now)).requests).toEqual([]);
    expect((await contactInbox.list(25, {}, new Date())).requests.map((r) => r.id)).toEqual([kept.id]);
  });
});
