/**
 * The local stack's reading of a table's stream (scripts/local/table-stream.ts, ADR 047), against the run's DynamoDB
 * Local: a table of this file's own, with a stream, and a poller whose trigger records what it is handed. It must
 * behave as Lambda's event source mapping does in AWS: from the newest record at its start, only what the filter
 * lets through, in order, at most 10 records a batch, and a batch whose answer names a failed record tried again
 * from that record.
 */
import { randomUUID } from 'node:crypto';
import {
  CreateTableCommand,
  DeleteItemCommand,
  DeleteTableCommand,
  DynamoDBClient,
  PutItemCommand,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TriggerSpec } from '../../lambdas/src/routes';
import { checkFilter, matchesFilter, startTableStream, type TableStream } from '../../scripts/local/table-stream';
import { awsClientConfig } from '../helpers/stack';

const endpoint = () => inject('stackEnv').AWS_ENDPOINT_URL_DYNAMODB;
const tableName = `stream-test-${randomUUID()}`;
let client: DynamoDBClient;

const trigger: TriggerSpec = {
  module: 'recorder',
  source: 'table-stream',
  filter: { eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { kind: { S: ['due'] } } } },
};
interface StreamRecord {
  eventName: string;
  eventSourceARN: string;
  dynamodb: { SequenceNumber: string; NewImage: { pk: { S: string } } };
}
const batches: StreamRecord[][] = [];
/** Keys of records to answer as failed: once each, or always. */
const failOnce = new Set<string>();
const failAlways = new Set<string>();
let stream: TableStream;

const put = (pk: string, kind: string) =>
  client.send(new PutItemCommand({ TableName: tableName, Item: { pk: { S: pk }, kind: { S: kind } } }));
const delivered = () => batches.flat().map((r) => r.dynamodb.NewImage.pk.S);

beforeAll(async () => {
  client = new DynamoDBClient(awsClientConfig(endpoint()));
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' },
    }),
  );
  await put('before-start', 'due');
  stream = startTableStream({
    endpoint: endpoint(),
    tableName,
    triggers: [trigger, { module: 'not-a-stream-trigger', source: 'schedule', schedule: 'rate(1 hour)' }],
    log: () => undefined,
    run: async (module, event) => {
      expect(module).toBe('recorder');
      const records = event.Records as unknown as StreamRecord[];
      batches.push(records);
      const failed = records.find((r) => {
        const pk = r.dynamodb.NewImage.pk.S;
        return failAlways.has(pk) || failOnce.delete(pk);
      });
      return { batchItemFailures: failed ? [{ itemIdentifier: failed.dynamodb.SequenceNumber }] : [] };
    },
  });
  await stream.settled();
});

afterAll(async () => {
  await stream?.stop();
  await client?.send(new DeleteTableCommand({ TableName: tableName }));
  client?.destroy();
});

describe('the local table stream', () => {
  it('hands the trigger what its filter lets through, from its start on, in order and in batches of at most 10', async () => {
    for (let i = 0; i < 23; i++) {
      await put(`due-${String(i).padStart(2, '0')}`, 'due');
      if (i % 5 === 0) await put(`other-${i}`, 'not-due');
    }
    await client.send(new DeleteItemCommand({ TableName: tableName, Key: { pk: { S: 'due-00' } } }));
    await stream.settled();
    expect(delivered()).toEqual(Array.from({ length: 23 }, (_, i) => `due-${String(i).padStart(2, '0')}`));
    expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(10);
    for (const r of batches.flat()) {
      expect(r.eventName).toBe('INSERT');
      expect(r.eventSourceARN).toMatch(new RegExp(`table/${tableName}/stream/`));
    }
  });

  it('tries a batch again from the record its answer names as failed, three times at most', async () => {
    batches.length = 0;
    failOnce.add('retry-c');
    for (const pk of ['retry-a', 'retry-b', 'retry-c', 'retry-d']) await put(pk, 'due');
    await stream.settled();
    const got = delivered();
    // Everything once, and the failed record again with what follows it.
    expect(got.filter((pk) => pk === 'retry-c')).toHaveLength(2);
    expect(got.slice(-2)).toEqual(['retry-c', 'retry-d']);
    expect(new Set(got)).toEqual(new Set(['retry-a', 'retry-b', 'retry-c', 'retry-d']));

    batches.length = 0;
    failAlways.add('poison');
    await put('poison', 'due');
    await put('after-poison', 'due');
    await stream.settled();
    // Tried once and again three times with what follows it, then given up (AWS: the failure queue)...
    expect(delivered().filter((pk) => pk === 'poison')).toHaveLength(4);
    const withPoison = batches.filter((b) => b.some((r) => r.dynamodb.NewImage.pk.S === 'poison'));
    expect(withPoison.every((b) => b[0]!.dynamodb.NewImage.pk.S === 'poison')).toBe(true);
    // ...and the stream goes on.
    await put('later', 'due');
    await stream.settled();
    expect(batches.at(-1)!.map((r) => r.dynamodb.NewImage.pk.S)).toEqual(['later']);
  });

  it('applies exact values only, and refuses other filter rules rather than apply them differently', () => {
    expect(matchesFilter({ a: { b: ['x', 'y'] } }, { a: { b: 'y', c: 1 } })).toBe(true);
    expect(matchesFilter({ a: { b: ['x'] } }, { a: { b: 'z' } })).toBe(false);
    expect(matchesFilter({ a: { b: ['x'] } }, { a: {} })).toBe(false);
    expect(matchesFilter({ a: { b: ['x'] } }, null)).toBe(false);
    expect(() => checkFilter({ a: { b: ['x'] } })).not.toThrow();
    expect(() => checkFilter({ a: [{ prefix: 'x' }] as unknown as string[] })).toThrow(/only exact string values/);
  });
});
