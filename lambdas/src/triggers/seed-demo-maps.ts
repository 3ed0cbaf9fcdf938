/**
 * CloudFormation custom resource (infra: MapnestStack 'DemoMaps'): seeds the demo and example maps on Create and on
 * Update (domain/demo-maps.ts: existing maps are left as they are), and does nothing on Delete: the maps are data and
 * stay with the table.
 */
import { seedDemoMaps } from '../domain/demo-maps';
import { customResource } from '../lib/custom-resource';
import { logger } from '../lib/logger';

/** One resource per stage; the same id on every run, so an Update never looks like a replacement. */
export const PHYSICAL_RESOURCE_ID = 'mapnest-demo-maps';

export const handler = customResource(async (event) => {
  if (event.RequestType === 'Delete') return { physicalResourceId: event.PhysicalResourceId };
  const result = await seedDemoMaps();
  logger.info('demo maps seeded', { requestType: event.RequestType, ...result });
  return {
    physicalResourceId: PHYSICAL_RESOURCE_ID,
    data: { Created: result.created.join(','), Kept: result.kept.join(','), Republished: result.republished.join(',') },
  };
});
