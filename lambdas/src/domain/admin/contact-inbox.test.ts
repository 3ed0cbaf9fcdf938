/**
 * Marks in the team's inbox, against an in-memory table that evaluates the adapter's own expressions as DynamoDB
 * does (SET with if_not_exists, REMOVE, conditions, filters, the sparse index): a mark is made by a conditional
 * update that never re-creates a request the inbox no longer holds, keeps the first mark of a request already
 * marked, leaves the other kind of mark alone, and moves the request in and out of the unread count.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_REQUEST_GONE } from '@mapnest/shared/contact';
import { CallError } from '@mapnest/shared/errors';
import { keys, TABLE_INDEXES } from '@mapnest/shared/keys';
import { contactRequests } from '../../adapters/contact-requests';
import type { Identity } from '../../lib/identity';
import { listContactRequests, markContactRequest } from './contact-inbox';

type Item = Record<string, unknown>;
type Names = Record<string, string>;
type Values = Record<string, unknown>;

const ddb = mockClient(DynamoDBDocumentClient);
// The unit project shares a module cache per worker: the next file there gets the real client's send back.
afterAll(() => ddb.restore());
let items: Map<string, Item>;
const keyOf = (key: Item) => `${String(key.pk)}|${String(key.sk)}`;

/** A DynamoDB condition or filter expression of the kinds the adapter writes, evaluated on `item`. */
function holds(expression: string, item: Item | undefined, names: Names, values: Values): boolean {
  const tokens = expression.match(/\(|\)|[#:]?\w+|[=<>]/g) ?? [];
  let at = 0;
  const operand = (token: string) => (token.startsWith(':') ? values[token] : item?.[names[token] ?? token]);
  const term = (): boolean => {
    const token = tokens[at++]!;
    if (token === '(') {
      const inner = or();
      at++; // ')'
      return inner;
    }
    if (token === 'attribute_exists' || token === 'attribute_not_exists') {
      const path = tokens[at + 1]!;
      at += 3;
      return (operand(path) !== undefined) === (token === 'attribute_exists');
    }
    // Numbers (TTL) or strings (sort keys): JavaScript compares either as DynamoDB does.
    const [op, right] = [tokens[at++]!, operand(tokens[at++]!) as number];
    const left = operand(token) as number;
    if (left === undefined) return false;
    return op === '=' ? left === right : op === '>' ? left > right : left < right;
  };
  const and = (): boolean => {
    let value = term();
    while (tokens[at] === 'AND') {
      at++;
      value = term() && value;
    }
    return value;
  };
  const or = (): boolean => {
    let value = and();
    while (tokens[at] === 'OR') {
      at++;
      value = and() || value;
    }
    return value;
  };
  return or();
}

/** SET (values, paths, if_not_exists) and REMOVE, as DynamoDB applies them to a copy of the item. */
function applyUpdate(expression: string, item: Item, names: Names, values: Values): Item {
  const next = structuredClone(item);
  const name = (token: string) => names[token] ?? token;
  const value = (token: string) => (token.startsWith(':') ? values[token] : item[name(token)]);
  for (const [, verb, body] of expression.matchAll(/(SET|REMOVE) ((?:(?!SET |REMOVE ).)+)/g)) {
    for (const action of body!.split(/,(?![^(]*\))/).map((a) => a.trim())) {
      if (verb === 'REMOVE') delete next[name(action)];
      else {
        const [path, source] = action.split(' = ') as [string, string];
        const kept = /^if_not_exists\((\S+), (\S+)\)$/.exec(source);
        next[name(path)] = kept ? (value(kept[1]!) ?? value(kept[2]!)) : value(source);
      }
    }
  }
  return next;
}

beforeEach(() => {
  ddb.reset();
  vi.stubEnv('TABLE_NAME', 'mapnest-test');
  vi.stubEnv('AWS_REGION', 'us-east-1');
  items = new Map();
  ddb
    .on(PutCommand)
    .callsFake((input: { Item: Item }) => void items.set(keyOf(input.Item), structuredClone(input.Item)));
  ddb.on(UpdateCommand).callsFake((input) => {
    const { Key, UpdateExpression, ConditionExpression, ExpressionAttributeNames: names = {} } = input;
    const values = input.ExpressionAttributeValues ?? {};
    const item = items.get(keyOf(Key));
    if (ConditionExpression && !holds(ConditionExpression, item, names, values))
      throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
    const next = applyUpdate(UpdateExpression, item ?? { ...Key }, names, values);
    items.set(keyOf(Key), next);
    return { Attributes: structuredClone(next) };
  });
  ddb.on(QueryCommand).callsFake((input) => {
    const index = Object.values(TABLE_INDEXES).find((i) => i.name === input.IndexName)!;
    const names: Names = input.ExpressionAttributeNames ?? {};
    const values: Values = input.ExpressionAttributeValues ?? {};
    const inKey = (i: Item) =>
      holds(input.KeyConditionExpression, i, { ...names, '#pk': index.pk, '#sk': index.sk }, values);
    let found = [...items.values()]
      .filter((i) => i[index.pk] !== undefined && inKey(i))
      .sort((a, b) => String(b[index.sk]).localeCompare(String(a[index.sk])));
    const start = input.ExclusiveStartKey ? found.findIndex((i) => keyOf(i) === keyOf(input.ExclusiveStartKey)) : -1;
    found = found.slice(start + 1);
    const page = input.Limit ? found.slice(0, input.Limit) : found;
    const last = input.Limit && found.length > input.Limit ? page.at(-1) : undefined;
    const kept = input.FilterExpression ? page.filter((i) => holds(input.FilterExpression, i, names, values)) : page;
    return {
      ...(input.Select === 'COUNT' ? { Count: kept.length } : { Items: structuredClone(kept) }),
      ...(last ? { LastEvaluatedKey: { pk: last.pk, sk: last.sk } } : {}),
    };
  });
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

const ann: Identity = { uid: 'admin-ann', email: 'ann@mapnest.example', emailVerified: true, name: 'Ann', admin: true };
const ben: Identity = { uid: 'admin-ben', email: 'ben@mapnest.example', emailVerified: true, name: 'Ben', admin: true };
const T0 = new Date('2026-11-29T09:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** Stores requests 1..n, a minute apart; answers their ids, oldest first. */
async function store(n: number): Promise<string[]> {
  const ids = [];
  for (let i = 1; i <= n; i++) {
    const id = `req-${i}`;
    await contactRequests.store(id, at(i), {
      uid: null,
      priority: false,
      request: {
        kind: 'contact',
        name: `Person ${i}`,
        email: `p${i}@example.com`,
        topic: 'support',
        message: 'Hello there.',
      },
    });
    ids.push(id);
  }
  return ids;
}

describe('marks in the team’s inbox', () => {
  it('marks a request read and answered, with who and when, and counts it out of the unread', async () => {
    const [first, second] = await store(2);
    expect((await listContactRequests({}, at(10))).unread).toBe(2);

    const read = await markContactRequest(ann, { id: first!, read: true }, at(11));
    expect(read).toMatchObject({ id: first, read: { by: ann.email, at: at(11).toISOString() }, answered: null });
    expect((await listContactRequests({}, at(12))).unread).toBe(1);

    // Answering marks it read too (whoever answered it has read it).
    const answered = await markContactRequest(ben, { id: second!, answered: true }, at(13));
    expect(answered.read).toEqual({ by: ben.email, at: at(13).toISOString() });
    expect(answered.answered).toEqual({ by: ben.email, at: at(13).toISOString() });
    expect((await listContactRequests({}, at(14))).unread).toBe(0);

    // Unread again: counted again, and the answer is kept.
    const unread = await markContactRequest(ann, { id: second!, read: false }, at(15));
    expect(unread).toMatchObject({ read: null, answered: { by: ben.email } });
    expect((await listContactRequests({}, at(16))).unread).toBe(1);
  });

  it('keeps the first mark when a second administrator marks the same, and each mark of the other kind', async () => {
    const [id] = await store(1);
    await markContactRequest(ann, { id: id!, answered: true, read: false }, at(5));
    await markContactRequest(ben, { id: id!, read: true }, at(6));
    const again = await markContactRequest(ben, { id: id!, answered: true }, at(7));
    expect(again.answered).toEqual({ by: ann.email, at: at(5).toISOString() });
    expect(again.read).toEqual({ by: ben.email, at: at(6).toISOString() });
  });

  it('refuses a request the inbox does not hold, and creates nothing', async () => {
    await store(1);
    const gone = markContactRequest(ann, { id: 'no-such-request', read: true }, at(5));
    await expect(gone).rejects.toEqual(new CallError('not-found', CONTACT_REQUEST_GONE));
    expect(items.has(keyOf(keys.contactRequest('no-such-request')))).toBe(false);
    // Past its year (TTL not run yet) it is no longer in the inbox either.
    const late = markContactRequest(ann, { id: 'req-1', read: true }, new Date(T0.getTime() + 366 * 86_400_000));
    await expect(late).rejects.toMatchObject({ code: 'not-found' });
    expect(items.get(keyOf(keys.contactRequest('req-1')))!.read).toBeUndefined();
  });

  it('lists only the requests nobody marked answered when asked, in full pages', async () => {
    const ids = await store(90);
    // Every third one is left unanswered: 30 of them, spread over the whole inbox.
    const open = ids.filter((_, n) => n % 3 === 0).reverse();
    for (const id of ids) if (!open.includes(id)) await markContactRequest(ann, { id, answered: true }, at(100));
    const first = await listContactRequests({ needsAnswer: true }, at(101));
    expect(first.requests.map((r) => r.id)).toEqual(open.slice(0, 25));
    expect(first.more).not.toBeNull();
    const second = await listContactRequests({ needsAnswer: true, before: first.more! }, at(101));
    expect(second.requests.map((r) => r.id)).toEqual(open.slice(25));
    expect(second.more).toBeNull();
    expect((await listContactRequests({}, at(101))).requests).toHaveLength(25);
  });
});
