/**
 * Whether each store the API depends on answers: the table, the three buckets and the user pool. One cheap read
 * each (a point read of a key that never exists, HeadBucket, DescribeUserPool), in parallel, each given a short
 * deadline and a second try, so a dead dependency is reported as down within about three seconds instead of hanging
 * the health check.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients';
import { s3Send } from './s3-api';
import { config } from '../lib/config';
import { userPoolCall } from './user-pool-api';

export type DependencyName = 'table' | 'documentsBucket' | 'uploadsBucket' | 'publicBucket' | 'userPool';
export type DependencyState = 'ok' | 'down';

const DEADLINE_MS = 1500;
const TRIES = 2;

/**
 * 'ok' when the read answers within the deadline; 'down' when it fails twice in a row. One slow answer is not an
 * outage: the first read of a cold Lambda (or of a busy machine) can miss a deadline its second read meets, and a
 * monitor paging on that would page on nothing. A dependency that refuses connections fails both tries at once.
 */
export async function probe(
  check: (abortSignal: AbortSignal) => Promise<unknown>,
  deadlineMs = DEADLINE_MS,
): Promise<DependencyState> {
  for (let attempt = 1; attempt <= TRIES; attempt += 1) {
    try {
      await check(AbortSignal.timeout(deadlineMs));
      return 'ok';
    } catch {
      // Tried again, then reported down.
    }
  }
  return 'down';
}

export async function dependencyStates(): Promise<Record<DependencyName, DependencyState>> {
  // Names are read inside each probe: a name missing from the configuration is that dependency down, not a crash.
  const bucket = (name: () => string) => (abortSignal: AbortSignal) =>
    s3Send('HeadBucket', { Bucket: name() }, { abortSignal });
  const [table, documentsBucket, uploadsBucket, publicBucket, userPool] = await Promise.all([
    probe((abortSignal) =>
      dynamo.send(new GetCommand({ TableName: config.tableName, Key: { pk: 'HEALTH', sk: 'CHECK' } }), { abortSignal }),
    ),
    probe(bucket(() => config.documentsBucket)),
    probe(bucket(() => config.uploadsBucket)),
    probe(bucket(() => config.publicBucket)),
    probe((abortSignal) => userPoolCall('DescribeUserPool', { UserPoolId: config.userPoolId }, { abortSignal })),
  ]);
  return { table, documentsBucket, uploadsBucket, publicBucket, userPool };
}
