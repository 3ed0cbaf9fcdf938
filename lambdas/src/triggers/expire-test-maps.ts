/**
 * Scheduled sweep: test maps whose 7 days are over get their public copy replaced by the expiry notice, so
 * their data stops being served. The embed also checks `expiresAt` itself, so visitors see the notice on time
 * even between sweeps; this makes sure the document itself is no longer public. It also ends marketplace licences
 * whose 6 months are over, which may send maps back to test like a lapsed subscription (domain/billing.ts).
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { isExpiredTestMap } from '@mapnest/shared/maps';
import { dynamo } from '../lib/clients';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { recordMetric } from '../lib/observability';
import { mapObjects } from '../adapters/map-objects';
import { endDueLicenses } from '../domain/billing';
import { publishLatest } from '../domain/maps';

export async function expireTestMaps(at: Date = new Date()): Promise<{ checked: number; expired: number }> {
  let checked = 0;
  let expired = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(new ScanCommand({
      TableName: config.tableName,
      FilterExpression: '#type = :map AND #state < :live AND attribute_not_exists(#deleting)',
      ExpressionAttributeNames: { '#type': 'type', '#state': 'state', '#deleting': 'deleting' },
      ExpressionAttributeValues: { ':map': 'map', ':live': 1 },
      ProjectionExpression: 'id, #state, created, testSince',
      ExclusiveStartKey: start,
    }));
    for (const item of page.Items ?? []) {
      checked++;
      if (!isExpiredTestMap(item.state as number, (item.testSince ?? item.created) as string, at)) continue;
      const published = await mapObjects.publishedState(item.id as string);
      if (published?.expired) continue;
      await publishLatest(item.id as string, at);
      expired++;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { checked, expired };
}

export const handler = async (): Promise<{ checked: number; expired: number; licensesEnded: number }> => {
  // Licences first: a map that lapses because its licence ended is a test map from now, not expired yet.
  const { ended } = await endDueLicenses();
  const result = { ...(await expireTestMaps()), licensesEnded: ended };
  logger.info('test map expiry sweep', result);
  recordMetric('TestMapsExpired', result.expired);
  recordMetric('LicencesEnded', result.licensesEnded);
  return result;
};
