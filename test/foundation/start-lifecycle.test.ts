/**
 * `npm start` as a newcomer runs it: the whole stack comes up, Ctrl-C (SIGINT) leaves no process behind,
 * and a second start keeps the data of the first.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const dynamoAt = (output: string) =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: /DynamoDB Local\s+(http:\S+)/.exec(output)![1],
      region: 'us-east-1',
      credentials,
    }),
  );
// Administrative actions go to the emulator's own port (the gateway's /_cognito passes only the browser's actions).
const cognitoAt = (output: string) =>
  new CognitoIdentityProviderClient({
    endpoint: /Cognito \(local\)\s+(http:\S+)/.exec(output)![1],
    region: 'us-east-1',
    credentials,
  });
const poolId = 'us-east-1_MapnestLocal';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'mapnest-start-'));
/** Every start, so a failed assertion does not leave a stack (and its Java) running. */
const started: ChildProcess[] = [];
afterAll(async () => {
  for (const child of started) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGINT');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
});

function descendants(pid: number): number[] {
  let out = '';
  try {
    out = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  } catch {
    return [];
  }
  const children = out
    .split('\n')
    .map((s) => Number(s.trim()))
    .filter(Boolean);
  return children.flatMap((c) => [c, ...descendants(c)]);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A port free on 127.0.0.1 right now. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });

/** Asks for a URL every 50 ms until the server answers at all; the first answer's status. */
async function firstAnswer(url: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      return (await fetch(url)).status;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`${url} never answered`);
}

async function start(port = 0): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/start.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), MAPNEST_DATA_DIR: dataDir, LOG_SILENT: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not come up:\n${output}`)), 90_000);
    const check = () => {
      const m = /App\s+(http:\/\/localhost:\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  return { child, url, output: () => output };
}

async function stopWithCtrlC(child: ChildProcess): Promise<number[]> {
  const tree = descendants(child.pid!);
  expect(tree.length).toBeGreaterThan(0); // java runs under its watchdog
  child.kill('SIGINT');
  await new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 10_000;
  while (tree.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return tree.filter(alive);
}

describe('npm start', () => {
  it('serves the app, stops cleanly on Ctrl-C and keeps its data for the next start', async () => {
    // The port opens before the first start has seeded the demo map: a request in between waits for it.
    const port = await freePort();
    const demo = firstAnswer(`http://127.0.0.1:${port}/data/maps/demo.json`, 90_000);
    const first = await start(port);
    expect(await demo).toBe(200);
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    const password = /Administrator\s+\S+ \/ (\S+)/.exec(first.output())?.[1];
    expect(password).toBeTruthy();
    const shell = await fetch(first.url);
    expect(shell.status).toBe(200);
    expect(shell.headers.get('content-type')).toContain('text/html');
    await dynamoAt(first.output()).send(
      new PutCommand({ TableName: 'mapnest-local', Item: { pk: 'TEST#persist', sk: 'X', value: 42 } }),
    );
    await cognitoAt(first.output()).send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: 'kept@example.com',
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email', Value: 'kept@example.com' }],
      }),
    );
    expect(await stopWithCtrlC(first.child)).toEqual([]);

    const second = await start();
    expect(/Administrator\s+\S+ \/ (\S+)/.exec(second.output())?.[1]).toBe(password);
    const item = await dynamoAt(second.output()).send(
      new GetCommand({ TableName: 'mapnest-local', Key: { pk: 'TEST#persist', sk: 'X' } }),
    );
    expect(item.Item?.value).toBe(42);
    const kept = await cognitoAt(second.output()).send(
      new AdminGetUserCommand({ UserPoolId: poolId, Username: 'kept@example.com' }),
    );
    expect(kept.Username).toBeTruthy();
    expect(await stopWithCtrlC(second.child)).toEqual([]);
  }, 240_000);
});
