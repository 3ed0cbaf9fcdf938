/** Scheduled (hourly): the expiry sweep of domain/expiry.ts, logged and counted. */
import { logger } from '../lib/logger';
import { recordMetric } from '../lib/observability';
import { sweepExpired } from '../domain/expiry';

export const handler = async (): Promise<{
  checked: number;
  expired: number;
  licensesEnded: number;
  licensesReminded: number;
}> => {
  const result = await sweepExpired();
  logger.info('test map expiry sweep', result);
  recordMetric('TestMapsExpired', result.expired);
  recordMetric('LicencesEnded', result.licensesEnded);
  return result;
};
