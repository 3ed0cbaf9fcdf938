import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { carriedOver, rateLimits, secondsUntilAllowed, type RateLimit } from './rate-limits';

/** The counters as a table would hold them, behind the same Get and conditional Update the adapter sends. */
const ddb = mockClient(DynamoDBDocumentClient);
// The unit project shares a module cache per worker: the next file there gets the real client's send back.
afterAll(() => ddb.restore());
let counters: Map<string, number>;
const keyOf = (key: Record<string, unknown>) => `${String(key.pk)}|${String(key.sk)}`;

beforeEach(() => {
  ddb.reset();
  process.env.TABLE_NAME = 'mapnest-test';
  process.env.AWS_REGION = 'us-east-1';
  counters = new Map();
  ddb.on(GetCommand).callsFake((input: { Key: Record<string, unknown> }) => {
    const count = counters.get(keyOf(input.Key));
    return { Item: count === undefined ? undefined : { count } };
  });
  ddb
    .on(UpdateCommand)
    .callsFake((input: { Key: Record<string, unknown>; ExpressionAttributeValues: { ':allowance': number } }) => {
      const key = keyOf(input.Key);
      const count = counters.get(key);
      if (count !== undefined && count >= input.ExpressionAttributeValues[':allowance']) {
        throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
      }
      counters.set(key, (count ?? 0) + 1);
      return {};
    });
});

const perMinute: RateLimit[] = [{ scope: 'test-minute', windowSeconds: 60, max: 10 }];
/** A time `seconds` after a minute began. */
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 28, 12, 0, 0) + seconds * 1000);

describe('rate limits over a sliding window', () => {
  it('lets max requests through, then answers how long to wait', async () => {
    const waits = [];
    for (let i = 0; i < 12; i++) waits.push(await rateLimits.take('203.0.113.7', perMinute, at(5)));
    expect(waits.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(waits[10]).toBeGreaterThan(0);
    // Ten requests made 5 s into a minute: the next is let through once one of them has slid out of the window.
    const wait = waits[10]!;
    expect(await rateLimits.take('203.0.113.7', perMinute, at(5 + wait - 1))).toBeGreaterThan(0);
    expect(await rateLimits.take('203.0.113.7', perMinute, at(5 + wait))).toBe(0);
  });

  it('does not double the limit across the edge of a window', async () => {
    const results = [];
    // Seven at the end of one minute, eight at the start of the next: a fixed window would let all fifteen through.
    for (let i = 0; i < 7; i++) results.push(await rateLimits.take('client', perMinute, at(59.5)));
    for (let i = 0; i < 8; i++) results.push(await rateLimits.take('client', perMinute, at(60.5)));
    expect(results.filter((w) => w === 0)).toHaveLength(10);
    expect(results.slice(10).every((w) => w > 0)).toBe(true);
  });

  it('forgets the previous window as it slides out', async () => {
    for (let i = 0; i < 10; i++) expect(await rateLimits.take('client', perMinute, at(0))).toBe(0);
    // Half-way through the next minute, half of those ten still count.
    const through = [];
    for (let i = 0; i < 6; i++) through.push(await rateLimits.take('client', perMinute, at(90)));
    expect(through).toEqual([0, 0, 0, 0, 0, expect.any(Number)]);
    expect(through[5]).toBeGreaterThan(0);
    // Two windows on, nothing of them is left.
    for (let i = 0; i < 10; i++) expect(await rateLimits.take('client', perMinute, at(180))).toBe(0);
  });

  it('counts each value apart', async () => {
    for (let i = 0; i < 10; i++) await rateLimits.take('one', perMinute, at(1));
    expect(await rateLimits.take('one', perMinute, at(1))).toBeGreaterThan(0);
    expect(await rateLimits.take('two', perMinute, at(1))).toBe(0);
  });

  it('never stores the value itself', async () => {
    await rateLimits.take('198.51.100.23', perMinute, at(1));
    expect([...counters.keys()].join(' ')).not.toContain('198.51.100.23');
  });

  it('answers a wait after which a request is let through', () => {
    for (const [previous, current, elapsed] of [
      [10, 0, 0],
      [10, 3, 20],
      [4, 8, 59],
      [0, 10, 30],
      [25, 10, 1],
    ] as const) {
      const wait = secondsUntilAllowed(previous, current, 10, elapsed, 60);
      const t = elapsed + wait;
      const allowed = t < 60 ? carriedOver(previous, t, 60) + current < 10 : carriedOver(current, t - 60, 60) < 10;
      expect(allowed, `previous ${previous}, current ${current}, ${elapsed} s in: wait ${wait}`).toBe(true);
      const before = elapsed + wait - 1;
      if (wait > 1) {
        const refused =
          before < 60 ? carriedOver(previous, before, 60) + current >= 10 : carriedOver(current, before - 60, 60) >= 10;
        expect(refused, `previous ${previous}, current ${current}: 1 s sooner is still refused`).toBe(true);
      }
    }
  });
});
