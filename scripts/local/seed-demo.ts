/**
 * Seeds the demo map behind /demo and the example maps of the case-study pages (shared/src/demo-maps.ts) by running the
 * deployed seeding function's own handler (lambdas/src/triggers/seed-demo-maps.ts) with CloudFormation's Create event,
 * so the local stack seeds exactly as a deployed stage does: the same maps, in the demo state, owned by the system owner.
 * The handler's answer goes to a one-shot local response URL, as CloudFormation's would. Import this module only after
 * the stack has set the handlers' environment. Idempotent: a map that already exists is left as it is.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CloudFormationCustomResourceEvent, CloudFormationCustomResourceResponse } from 'aws-lambda';
import { PHYSICAL_RESOURCE_ID, handler } from '../../lambdas/src/triggers/seed-demo-maps';
import { runAs } from './lambda/grants-guard';

export { DEMO_MAP_ID } from '@mapnest/shared/demo-maps';

/**
 * Invokes the seeding handler with a CloudFormation event and answers the response it PUT to its response URL (the
 * handler's return value is checked against it). Throws when the handler answered FAILED.
 */
export async function runSeedHandler(
  requestType: 'Create' | 'Update' | 'Delete',
): Promise<CloudFormationCustomResourceResponse> {
  const received: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push(`${req.method} ${body}`);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const base = {
      ServiceToken: 'local',
      ResponseURL: `http://127.0.0.1:${port}/response`,
      StackId: 'local',
      RequestId: `local-${Date.now()}`,
      LogicalResourceId: 'SeedDemoMapsRun',
      ResourceType: 'Custom::MapnestSeedDemoMaps',
      ResourceProperties: { ServiceToken: 'local' },
    };
    const event: CloudFormationCustomResourceEvent =
      requestType === 'Create'
        ? { ...base, RequestType: 'Create' }
        : requestType === 'Update'
          ? {
              ...base,
              RequestType: 'Update',
              PhysicalResourceId: PHYSICAL_RESOURCE_ID,
              OldResourceProperties: { ServiceToken: 'local' },
            }
          : { ...base, RequestType: 'Delete', PhysicalResourceId: PHYSICAL_RESOURCE_ID };
    // As the seeding function, with its grants (./lambda/grants-guard.ts).
    const returned = await runAs('triggers/seed-demo-maps', () => handler(event));
    if (received.length !== 1 || received[0] !== `PUT ${JSON.stringify(returned)}`) {
      throw new Error(
        `The seeding handler's answer did not reach its response URL as returned: ${JSON.stringify(received)}`,
      );
    }
    if (returned.Status !== 'SUCCESS') throw new Error(`Seeding the demo maps failed: ${returned.Reason}`);
    return returned;
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export async function seedDemo(): Promise<'created' | 'exists'> {
  const response = await runSeedHandler('Create');
  return response.Data?.Created ? 'created' : 'exists';
}
