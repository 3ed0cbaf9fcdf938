/**
 * The SDK's package.json files as the bundles load them (infra/src/sdk-package-info.ts, ADR 048): the name and the
 * version, which is all the SDK reads of them, so a client built with the bundles' plugins still names its version in
 * the user agent of every request.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths';
import { packageInfoReads, packageInfoSource, SDK_PACKAGE_JSON } from '../src/sdk-package-info';
import { buildWithBundlePlugins } from './sdk-bundle';

const requireFromLambdas = createRequire(join(REPO_ROOT, 'lambdas', 'package.json'));
const packageJson = (name: string) => requireFromLambdas.resolve(`${name}/package.json`);
const versionOf = (name: string) =>
  (JSON.parse(readFileSync(packageJson(name), 'utf8')) as { version: string }).version;

const SOURCE = `
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
export async function run(endpoint) {
  const credentials = { accessKeyId: 'AKIDLOCAL', secretAccessKey: 'local-secret' };
  const dynamo = new DynamoDBClient({ region: 'eu-west-1', endpoint, credentials, maxAttempts: 1 });
  return (await dynamo.send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'MAP#1' } } }))).Item;
}
`;

let server: Server;
let endpoint: string;
const agents: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    agents.push(String(req.headers['x-amz-user-agent'] ?? ''), String(req.headers['user-agent'] ?? ''));
    req.resume().on('end', () => {
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify({ Item: { pk: { S: 'MAP#1' } } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('the SDK’s package.json in the bundles', () => {
  it('is loaded as its name and version, and applies to the SDK’s packages only', () => {
    const file = packageJson('@aws-sdk/client-s3');
    expect(SDK_PACKAGE_JSON.test(file)).toBe(true);
    expect(SDK_PACKAGE_JSON.test(packageJson('zod'))).toBe(false);
    expect(SDK_PACKAGE_JSON.test(join(dirname(file), 'dist-es', 'package.json'))).toBe(false);
    expect(JSON.parse(packageInfoSource(readFileSync(file, 'utf8')))).toEqual({
      name: '@aws-sdk/client-s3',
      version: versionOf('@aws-sdk/client-s3'),
    });
  });

  it('is read for its version only, by every SDK module that imports one', () => {
    const reads = packageInfoReads(join(dirname(dirname(packageJson('@aws-sdk/client-s3')))));
    const clients = ['client-dynamodb', 'client-s3', 'client-sesv2'];
    for (const client of clients)
      expect(
        [...reads.keys()].some((path) => path.includes(`/${client}/dist-es/`)),
        client,
      ).toBe(true);
    for (const [path, uses] of reads) expect([...uses], path).toEqual(['version']);
  });

  it('still gives a bundled client its version in the user agent, and nothing else of the file', async () => {
    const { code } = await buildWithBundlePlugins(SOURCE);
    expect(code).not.toContain('"devDependencies"');
    expect(code).not.toContain('"scripts"');
    const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
    const { run } = (await import(/* @vite-ignore */ url)) as { run: (endpoint: string) => Promise<unknown> };
    expect(await run(endpoint)).toEqual({ pk: { S: 'MAP#1' } });
    expect(agents.join(' ')).toContain(`api/dynamodb#${versionOf('@aws-sdk/client-dynamodb')}`);
  });
});
