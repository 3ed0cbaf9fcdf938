/** Scheduled (hourly): the sweep of domain/expiry.ts (expiry, licences, follow-ups), logged and counted. */
import { logger } from '../lib/logger';
import { recordMetric } from '../lib/observability';
import { sweepExpired, type SweepResult } from '../domain/expiry';

export const handler = async (): Promise<SweepResult> => {
  const result = await sweepExpired();
  logger.info('test map expiry sweep', { ...result });
  recordMetric('TestMapsExpired', result.expired);
  recordMetric('LicencesEnded', result.licensesEnded);
  // Follow-ups that failed again are alarmed on (infra monitoring): each is an email or public copy still owed.
  recordMetric('FollowUpsDone', result.followUps.done);
  recordMetric('FollowUpsFailed', result.followUps.failed);
  return result;
};
