/**
 * The table's stream, filtered to follow-ups that wait in the due index (ADR 047): each kept follow-up is run as
 * soon as it is written, so a public copy or an email a state change owes goes out within about a second. The
 * filter (lambdas/src/routes.ts) lets through only inserts and changes of items in the `DUE#follow-up` partition;
 * a record whose follow-up is not due yet (one this runner or the sweep took: due again an hour later) is skipped,
 * so taking and finishing a follow-up never starts another run. A try that fails leaves it due an hour later for the
 * sweep. Only the table failing while a follow-up is taken fails its record, which the stream then tries again
 * (partial batch responses; after that the record goes to the failed invocations' queue, and the sweep still finds
 * the follow-up in the index).
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { followUpFromImage } from '../adapters/follow-ups';
import { isDue, runFollowUp } from '../domain/follow-ups';
import { followUpRunner } from '../domain/services/follow-ups';
import { logger } from '../lib/logger';
import { recordMetric } from '../lib/observability';

export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const failures: DynamoDBBatchResponse['batchItemFailures'] = [];
  const counts = { done: 0, failed: 0, skipped: 0 };
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage;
    if (!image) continue;
    const item = followUpFromImage(image);
    const at = new Date();
    if (!isDue(item, at)) continue;
    try {
      counts[await runFollowUp(followUpRunner, item, at)]++;
    } catch (error) {
      logger.error('follow-up could not be taken: the stream tries the record again', { id: item.id, error });
      failures.push({ itemIdentifier: record.dynamodb!.SequenceNumber! });
    }
  }
  recordMetric('FollowUpsDone', counts.done);
  // Not alarmed: the sweep tries these again within the hour, and alarms when a try fails there.
  recordMetric('FollowUpsLeftForSweep', counts.failed);
  return { batchItemFailures: failures };
};
