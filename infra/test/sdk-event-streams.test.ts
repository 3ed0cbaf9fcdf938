/**
 * The SDK's event streams left out of the bundles (infra/src/sdk-event-streams.ts, ADR 048): the clients still send
 * every other command, an operation that streams events fails with a sentence naming why, and the operations that
 * stream events are found from the SDK's own types.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths';
import { eventStreamCommands } from '../src/sdk-event-streams';
import { buildWithBundlePlugins } from './sdk-bundle';

const requireFromLambdas = createRequire(join(REPO_ROOT, 'lambdas', 'package.json'));
const clientDir = (client: string) => dirname(requireFromLambdas.resolve(`@aws-sdk/${client}/package.json`));

/** What the module built with the bundles' plugins does against the server at `endpoint`. */
const SOURCE = `
import { S3Client, PutObjectCommand, GetObjectCommand, SelectObjectContentCommand } from '@aws-sdk/client-s3';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
export async function run(endpoint) {
  const credentials = { accessKeyId: 'AKIDLOCAL', secretAccessKey: 'local-secret' };
  const s3 = new S3Client({ region: 'eu-west-1', endpoint, forcePathStyle: true, credentials, maxAttempts: 1 });
  await s3.send(new PutObjectCommand({ Bucket: 'maps', Key: 'a.json', Body: '{"title":"Mall"}' }));
  const got = await s3.send(new GetObjectCommand({ Bucket: 'maps', Key: 'a.json' }));
  const dynamo = new DynamoDBClient({ region: 'eu-west-1', endpoint, credentials, maxAttempts: 1 });
  const item = await dynamo.send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'MAP#1' } } }));
  const select = await s3
    .send(new SelectObjectContentCommand({
      Bucket: 'maps', Key: 'a.json', Expression: 'select * from s3object', ExpressionType: 'SQL',
      InputSerialization: { JSON: { Type: 'DOCUMENT' } }, OutputSerialization: { JSON: {} },
    }))
    .then((out) => out.Payload[Symbol.asyncIterator]().next())
    .then(() => 'sent', (e) => e.message);
  return { body: await got.Body.transformToString(), item: item.Item, select };
}
`;

let server: Server;
let endpoint: string;
const objects = new Map<string, string>();
const requests: string[] = [];
const scratch = mkdtempSync(join(tmpdir(), 'mapnest-event-streams-'));

const read = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

beforeAll(async () => {
  server = createServer((req, res) => {
    void read(req).then((body) => {
      requests.push(`${req.method} ${req.url}`);
      const target = req.headers['x-amz-target'];
      if (target === 'DynamoDB_20120810.GetItem') {
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
        return res.end(JSON.stringify({ Item: { pk: { S: 'MAP#1' }, title: { S: 'Mall' } } }));
      }
      const path = (req.url ?? '').split('?')[0]!;
      if (req.method === 'PUT') objects.set(path, body);
      res.writeHead(200, { 'content-type': req.method === 'GET' ? 'application/json' : 'application/octet-stream' });
      res.end(req.method === 'GET' ? (objects.get(path) ?? '') : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(scratch, { recursive: true, force: true });
});

describe('the SDK without its event streams', () => {
  it('sends S3 and DynamoDB commands as before, and refuses an operation that streams events with the reason', async () => {
    const built = await buildWithBundlePlugins(SOURCE);
    const inputs = Object.keys(built.metafile.inputs);
    expect(inputs.some((f) => f.includes('submodules/event-streams'))).toBe(false);
    expect(inputs).toContain('mapnest-no-event-streams:event-streams');
    const file = join(scratch, 'client.mjs');
    writeFileSync(file, built.code);
    const { run } = (await import(pathToFileURL(file).href)) as {
      run: (endpoint: string) => Promise<{ body: string; item: unknown; select: string }>;
    };
    const out = await run(endpoint);
    expect(out.body).toBe('{"title":"Mall"}');
    expect(out.item).toEqual({ pk: { S: 'MAP#1' }, title: { S: 'Mall' } });
    expect(out.select).toMatch(/^AWS SDK event streams are left out of this function's bundle \(ADR 048\)/);
    // The select reached the server: what failed was reading its answer's event stream, where the bundle has none.
    expect(requests).toContain('POST /maps/a.json?select=&select-type=2');
  });

  it('finds the operations that stream events from the SDK’s types', () => {
    expect(eventStreamCommands(clientDir('client-s3'))).toEqual(['SelectObjectContentCommand']);
    expect(eventStreamCommands(clientDir('client-dynamodb'))).toEqual([]);
    expect(eventStreamCommands(clientDir('client-cognito-identity-provider'))).toEqual([]);
    expect(eventStreamCommands(clientDir('client-sesv2'))).toEqual([]);
  });
});
