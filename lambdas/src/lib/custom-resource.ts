/**
 * CloudFormation custom resources backed directly by one of our functions (no provider framework): CloudFormation
 * invokes the function with the event and waits for the response it PUTs to the event's pre-signed ResponseURL. Every
 * outcome is answered, failures included, so a deployment never waits out the resource's timeout on an error.
 */
import type { CloudFormationCustomResourceEvent, CloudFormationCustomResourceResponse } from 'aws-lambda';
import { logger } from './logger';

export interface CustomResourceOutcome {
  physicalResourceId: string;
  data?: Record<string, string>;
}

/** CloudFormation keeps at most 4 KB of a response; the reason is cut well below that. */
const MAX_REASON = 1000;

export function customResource(work: (event: CloudFormationCustomResourceEvent) => Promise<CustomResourceOutcome>) {
  return async (event: CloudFormationCustomResourceEvent): Promise<CloudFormationCustomResourceResponse> => {
    const base = { StackId: event.StackId, RequestId: event.RequestId, LogicalResourceId: event.LogicalResourceId };
    let response: CloudFormationCustomResourceResponse;
    try {
      const outcome = await work(event);
      response = {
        ...base,
        Status: 'SUCCESS',
        PhysicalResourceId: outcome.physicalResourceId,
        ...(outcome.data ? { Data: outcome.data } : {}),
      };
    } catch (error) {
      logger.error('custom resource failed', {
        requestType: event.RequestType,
        logicalResourceId: event.LogicalResourceId,
        error,
      });
      const reason = error instanceof Error ? error.message : String(error);
      response = {
        ...base,
        Status: 'FAILED',
        Reason: reason.slice(0, MAX_REASON),
        // A failed Create has no id yet; CloudFormation needs one all the same.
        PhysicalResourceId:
          'PhysicalResourceId' in event ? event.PhysicalResourceId : `${event.LogicalResourceId}-failed`,
      };
    }
    await send(event.ResponseURL, response);
    return response;
  };
}

/** PUTs the response; throwing makes Lambda retry the invocation (the work must be idempotent). */
async function send(url: string, response: CloudFormationCustomResourceResponse): Promise<void> {
  const body = JSON.stringify(response);
  // The pre-signed URL signs no content type: send none, as AWS's own cfn-response does.
  const res = await fetch(url, {
    method: 'PUT',
    body,
    headers: { 'content-type': '', 'content-length': String(Buffer.byteLength(body)) },
  });
  if (!res.ok) throw new Error(`CloudFormation did not take the custom resource response (HTTP ${res.status}).`);
}
