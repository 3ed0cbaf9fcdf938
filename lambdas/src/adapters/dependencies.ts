/**
 * Whether each store the API depends on answers: the table, the three buckets and the user pool. One cheap read
 * each (a point read of a key that never exists, HeadBucket, DescribeUserPool), in parallel, each given a short
 * deadline so a dead dependency is reported as down within a second or two instead of hanging the health check.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients';
import { s3Send } from './s3-api';
import { config } from '../lib/config';
import { userPoolCall } from './user-pool-api';

export type DependencyName = 'table' | 'documentsBucket' | 'uploadsBucket' | 'publicBucket' | 'userPool';
export type DependencyState = 'ok' | 'down';

const DEADLINE_MS = 1500;

async function probe(check: (abortSignal: AbortSignal) => Promise<unknown>): Promise<DependencyState> {
  try {
    await check(AbortSignal.timeout(DEADLINE_MS));
    return 'ok';
  } catch {
    return 'down';
  }
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
