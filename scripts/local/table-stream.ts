/**
 * The table's stream on the local stack, as Lambda's event source mapping reads it in AWS (ADR 047): DynamoDB Local
 * keeps the stream (the table is made with one, scripts/local/dynamodb.ts); this poller reads every shard through the
 * Streams API, keeps the records the trigger's filter lets through (Lambda's filter syntax, as deployed), and runs
 * the trigger's handler on batches of at most 10, one batch per shard at a time and in order, with the event Lambda
 * sends. A batch whose answer names failed records (partial batch responses) is tried again from the first of them,
 * three times, then logged as AWS would send it to the failed invocations' queue. It starts at the newest record,
 * as a new mapping does (`LATEST`); shards and streams that appear later (a shard split, the table made again after
 * DynamoDB Local restarted in memory) are read from their start.
 */
import type { StreamFilter, TriggerSpec } from '@mapnest/lambdas/routes';

/** Lambda polls a stream's shards about four times a second. */
const POLL_MS = 250;
/** How often the shard list is read again, for new shards. */
const DESCRIBE_EVERY_MS = 5_000;
const BATCH_SIZE = 10;
const RETRY_ATTEMPTS = 3;

type Json = Record<string, unknown>;
/** A stream record as the Streams API answers it (Lambda's record, without `eventSourceARN`). */
export interface StreamRecord extends Json {
  eventName: string;
  dynamodb: { SequenceNumber: string; NewImage?: Json; Keys?: Json };
}

/**
 * Whether `value` matches a Lambda filter pattern: every field the pattern names is present and, at a leaf, equal
 * to one of its listed values. Only exact values are supported locally; other rules (prefix, numeric, exists) are
 * refused when the poller starts, so a filter that would behave differently is never silently applied.
 */
export function matchesFilter(pattern: StreamFilter, value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(pattern).every(([field, rule]) => {
    const inner = (value as Json)[field];
    if (Array.isArray(rule)) return rule.includes(inner as string);
    return matchesFilter(rule as StreamFilter, inner);
  });
}

/** Refuses filter rules the local poller does not apply as Lambda does. */
export function checkFilter(pattern: StreamFilter, path = ''): void {
  for (const [field, rule] of Object.entries(pattern)) {
    if (!Array.isArray(rule)) checkFilter(rule as StreamFilter, `${path}${field}.`);
    else if (!rule.every((v) => typeof v === 'string'))
      throw new Error(`filter rule at ${path}${field}: only exact string values are applied by the local stream`);
  }
}

/**
 * One JSON 1.0 request to DynamoDB Local: `DynamoDB_20120810.*` (the table) or `DynamoDBStreams_20120810.*` (its
 * stream). The shared database takes any credentials, so the request is not signed.
 */
async function dynamoLocal(endpoint: string, target: string, body: Json): Promise<Json> {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': target,
      authorization:
        'AWS4-HMAC-SHA256 Credential=local/20260101/local/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${target}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Json;
}

/** One call of the Streams API. */
const streams = (endpoint: string, operation: string, body: Json) =>
  dynamoLocal(endpoint, `DynamoDBStreams_20120810.${operation}`, body);

/** The table's current stream (DescribeTable), or null when it has none. */
async function latestStreamArn(endpoint: string, tableName: string): Promise<string | null> {
  const out = await dynamoLocal(endpoint, 'DynamoDB_20120810.DescribeTable', { TableName: tableName });
  return (out.Table as { LatestStreamArn?: string } | undefined)?.LatestStreamArn ?? null;
}

export interface TableStream {
  /** Resolves once a whole poll has run after this call (every record written before it has been handled). */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

export interface TableStreamOptions {
  endpoint: string;
  tableName: string;
  triggers: readonly TriggerSpec[];
  /** Runs a trigger's handler on an event, answering what the handler answers. */
  run: (module: string, event: { Records: Json[] }) => Promise<unknown>;
  log?: (line: string) => void;
}

/** Where the poller is in one shard: its next iterator (null: to get again), the last record read. */
interface ShardPosition {
  iterator: string | null;
  after: string | null;
}

/** Reads the table's stream for every 'table-stream' trigger of `triggers` until stopped. */
export function startTableStream(opts: TableStreamOptions): TableStream {
  const poller = new StreamPoller(opts);
  const loop = poller.loop();
  return {
    settled: () =>
      new Promise<void>((resolve) => {
        poller.waiters.push(resolve);
        poller.wake();
      }),
    stop: async () => {
      poller.stopped = true;
      poller.wake();
      await loop;
      for (const r of poller.waiters) r();
    },
  };
}

class StreamPoller {
  stopped = false;
  /** Who waits for the end of the next whole poll. */
  waiters: Array<() => void> = [];
  private readonly log: (line: string) => void;
  private readonly triggers: TriggerSpec[];
  private streamArn: string | null = null;
  private readonly shards = new Map<string, ShardPosition>();
  private described = 0;
  private failing = false;
  /** Ends the wait between two polls at once (someone waits for the next poll). */
  wake: () => void = () => undefined;

  constructor(private readonly opts: TableStreamOptions) {
    this.log = opts.log ?? ((line: string) => console.warn(line));
    this.triggers = opts.triggers.filter((t) => t.source === 'table-stream');
    for (const t of this.triggers) checkFilter(t.filter ?? {});
  }

  async loop(): Promise<void> {
    let started = false;
    while (!this.stopped) {
      const resolve = this.waiters;
      this.waiters = [];
      try {
        await this.poll(!started);
        started = true;
        if (this.failing) this.log('[stack] table stream: reading again');
        this.failing = false;
      } catch (err) {
        // DynamoDB Local restarting: logged once, read again when it answers.
        if (!this.failing && !this.stopped)
          this.log(`[stack] table stream: ${String(err).slice(0, 200)}; trying again`);
        this.failing = true;
      }
      for (const r of resolve) r();
      if (this.stopped || this.waiters.length > 0) continue;
      await new Promise<void>((r) => {
        const timer = setTimeout(r, POLL_MS);
        this.wake = () => {
          clearTimeout(timer);
          r();
        };
      });
      this.wake = () => undefined;
    }
  }

  private async poll(atStart: boolean): Promise<void> {
    if (atStart || Date.now() - this.described > DESCRIBE_EVERY_MS) await this.describe(atStart);
    for (const [shardId, at] of [...this.shards]) await this.pollShard(shardId, at);
  }

  /** Reads the shard list: shards of the stream found at the start are read from now on, later ones from their start. */
  private async describe(atStart: boolean): Promise<void> {
    const arn = await latestStreamArn(this.opts.endpoint, this.opts.tableName);
    if (!arn) throw new Error(`table ${this.opts.tableName} has no stream`);
    if (arn !== this.streamArn) {
      // A new stream (the table made again): everything in it is new.
      if (this.streamArn) this.shards.clear();
      this.streamArn = arn;
    }
    const listed = ((await streams(this.opts.endpoint, 'DescribeStream', { StreamArn: arn })).StreamDescription as Json)
      .Shards as { ShardId: string; SequenceNumberRange?: { EndingSequenceNumber?: string } }[];
    for (const shard of listed) {
      if (this.shards.has(shard.ShardId) || shard.SequenceNumberRange?.EndingSequenceNumber) continue;
      const position = { ShardIteratorType: atStart ? 'LATEST' : 'TRIM_HORIZON' };
      this.shards.set(shard.ShardId, { iterator: await this.iteratorOf(shard.ShardId, position), after: null });
    }
    this.described = Date.now();
  }

  private async iteratorOf(shardId: string, position: Json): Promise<string> {
    const request = { StreamArn: this.streamArn, ShardId: shardId, ...position };
    return (await streams(this.opts.endpoint, 'GetShardIterator', request)).ShardIterator as string;
  }

  private async pollShard(shardId: string, at: ShardPosition): Promise<void> {
    // An iterator lost to an error is taken again after the last record read (or from now on).
    at.iterator ??= await this.iteratorOf(
      shardId,
      at.after
        ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: at.after }
        : { ShardIteratorType: 'LATEST' },
    );
    let out: Json;
    try {
      out = await streams(this.opts.endpoint, 'GetRecords', { ShardIterator: at.iterator, Limit: 100 });
    } catch (err) {
      at.iterator = null;
      throw err;
    }
    const records = (out.Records as StreamRecord[] | undefined) ?? [];
    if (out.NextShardIterator) {
      at.iterator = out.NextShardIterator as string;
    } else {
      // The shard is closed: its children are read from the next poll on, not after the next timed look.
      this.shards.delete(shardId);
      this.described = 0;
    }
    for (const t of this.triggers) {
      const chosen = records.filter((r) => matchesFilter(t.filter!, r));
      for (let i = 0; i < chosen.length; i += BATCH_SIZE) await this.deliver(t.module, chosen.slice(i, i + BATCH_SIZE));
    }
    if (records.length > 0) at.after = records[records.length - 1]!.dynamodb.SequenceNumber;
  }

  /** Runs one trigger on one batch, trying again from the first failed record as Lambda does. */
  private async deliver(module: string, batch: StreamRecord[]): Promise<void> {
    let pending = batch;
    for (let attempt = 0; pending.length > 0; attempt++) {
      const event = { Records: pending.map((r) => ({ ...r, eventSourceARN: this.streamArn })) };
      const answer = (await this.opts.run(module, event).catch((err: unknown) => {
        this.log(`[stack] stream trigger ${module} failed: ${String(err)}`);
        return { batchItemFailures: [{ itemIdentifier: pending[0]!.dynamodb.SequenceNumber }] };
      })) as { batchItemFailures?: { itemIdentifier: string }[] } | undefined;
      const failed = new Set((answer?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
      const first = pending.findIndex((r) => failed.has(r.dynamodb.SequenceNumber));
      if (first < 0) return;
      if (attempt === RETRY_ATTEMPTS) {
        this.log(
          `[stack] stream trigger ${module}: ${pending.length - first} records given up (AWS: the failure queue)`,
        );
        return;
      }
      pending = pending.slice(first);
    }
  }
}
