/**
 * AWS clients, created once per Lambda container and shared by every adapter. Locally (s3rver,
 * DynamoDB Local) and on LocalStack the endpoints come from AWS_ENDPOINT_URL / AWS_ENDPOINT_URL_<SERVICE>,
 * which SDK v3 reads itself; S3 then needs path-style addressing and no streaming checksums.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';

const emulated = Boolean(process.env.AWS_ENDPOINT_URL || process.env.AWS_ENDPOINT_URL_S3);

// No X-Ray subsegment per AWS call: the trace is Lambda's own invocation segment (ADR 034).
// The clients are marked pure: a function that never uses one leaves it, and its SDK, out of its bundle (the
// checkout function does not carry S3; infra/test/bundles.test.ts). The user pool is reached through
// adapters/user-pool-api.ts (ADR 049).
export const dynamo = /* @__PURE__ */ DynamoDBDocumentClient.from(/* @__PURE__ */ new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
});

export const s3 = /* @__PURE__ */ new S3Client(
  emulated
    ? {
        forcePathStyle: true,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }
    : {},
);
