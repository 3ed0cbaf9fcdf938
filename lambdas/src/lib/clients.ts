/**
 * AWS clients, created once per Lambda container and shared by every adapter. Locally (DynamoDB Local) and on
 * LocalStack the endpoints come from AWS_ENDPOINT_URL / AWS_ENDPOINT_URL_<SERVICE>, which SDK v3 reads itself.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

// No X-Ray subsegment per AWS call: the trace is Lambda's own invocation segment (ADR 034).
// The clients are marked pure: a function that never uses one leaves it, and its SDK, out of its bundle (the
// checkout function does not carry S3; infra/test/bundles.test.ts). The user pool is reached through
// adapters/user-pool-api.ts (ADR 049), S3 through adapters/s3-api.ts (ADR 097).
export const dynamo = /* @__PURE__ */ DynamoDBDocumentClient.from(/* @__PURE__ */ new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
});
