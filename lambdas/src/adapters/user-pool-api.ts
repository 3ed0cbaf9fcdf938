/**
 * Cognito's user-pool API (the AWS JSON 1.1 protocol) with fetch, as the SDK's Cognito client sends it, for every
 * function that reads or changes users: that client carried about 35 kB into each such bundle, whose budget is 400 kB,
 * and Mapnest uses seven of its operations (ADR 049). What the SDK does, this does with the SDK's own parts:
 * - the request: `POST /` with `content-type: application/x-amz-json-1.1`,
 *   `x-amz-target: AWSCognitoIdentityProviderService.<Operation>` and the input as JSON;
 * - the signature: Signature V4 by the SDK's signer (`@smithy/signature-v4`), credentials from the environment as
 *   in every bundle (lib/lambda-credentials.ts);
 * - the endpoint: `AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER`, else `AWS_ENDPOINT_URL` (the local emulator,
 *   LocalStack), else `https://cognito-idp.<region>.amazonaws.com`;
 * - errors: named by the answer's `__type`, `code` or `x-amzn-errortype` header (the SDK's order), with its message,
 *   status and fault, so callers test `err.name` as they did and `isTransient` (lib/callable.ts) reads them as it
 *   read the SDK's;
 * - retries: the SDK's standard mode, its classifiers (`@smithy/core/retry`) deciding, 3 attempts, backing off
 *   from 50 ms (1 s after throttling).
 * The contract test (user-pool-api.test.ts) runs the SDK's client next to this module against one server and
 * requires the same requests, a signature that verifies, and the same answers and errors.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { HttpRequest, loadJsonRpcErrorCode } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import { AwsApiError, Sha256, unanswered, withRetries } from './aws-request';

export { timing } from './aws-request';

/** A user attribute as the API writes it. */
export interface UserAttribute {
  Name: string;
  Value?: string;
}

/** The operations Mapnest sends, by their names in the API, and the parts of their answers it reads. */
export interface UserPoolOutputs {
  AdminGetUser: { Username?: string; UserAttributes?: UserAttribute[] };
  ListUsers: { Users?: Array<{ Username?: string; Attributes?: UserAttribute[] }> };
  DescribeUserPool: { UserPool?: { Id?: string } };
  AdminUpdateUserAttributes: object;
  AdminDeleteUserAttributes: object;
  AdminDeleteUser: object;
  AdminUserGlobalSignOut: object;
  AdminListGroupsForUser: { Groups?: Array<{ GroupName?: string }>; NextToken?: string };
}

/** An answer of the API that is not a success: named as the SDK names its errors. */
export class UserPoolApiError extends AwsApiError {}

/** Where the API is, and the region its requests are signed for. */
export function userPoolEndpoint(env: NodeJS.ProcessEnv = process.env): { url: URL; region: string } {
  const region = env.AWS_REGION || env.AWS_DEFAULT_REGION;
  if (!region) throw new Error('AWS_REGION is not set: the user pool API cannot be addressed.');
  const configured = env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER || env.AWS_ENDPOINT_URL;
  return { url: new URL(configured || `https://cognito-idp.${region}.amazonaws.com`), region };
}

let signer: { key: string; signer: SignatureV4 } | undefined;
function signerFor(region: string): SignatureV4 {
  if (signer?.key !== region)
    signer = {
      key: region,
      signer: new SignatureV4({ service: 'cognito-idp', region, credentials: fromEnv(), sha256: Sha256 }),
    };
  return signer.signer;
}

/** An error of the answer, named and worded as the SDK's JSON protocols name and word it. */
async function answerError(res: Response): Promise<UserPoolApiError> {
  const text = await res.text().catch(() => '');
  let body: { message?: string; Message?: string } = {};
  try {
    body = (JSON.parse(text) as typeof body | null) ?? {};
  } catch {
    // Not JSON (a proxy's page): the header or the status names it.
  }
  const code =
    loadJsonRpcErrorCode({ statusCode: res.status, headers: Object.fromEntries(res.headers) }, body) ?? 'Unknown';
  return new UserPoolApiError(code, body.message ?? body.Message ?? 'UnknownError', res.status);
}

/** Sends one operation; answers its output, or throws the answer's error once the SDK would stop trying. */
export async function userPoolCall<Operation extends keyof UserPoolOutputs>(
  operation: Operation,
  input: object,
  options: { abortSignal?: AbortSignal } = {},
): Promise<UserPoolOutputs[Operation]> {
  const { url, region } = userPoolEndpoint();
  const body = JSON.stringify(input);
  return withRetries(async () => {
    const request = new HttpRequest({
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: '/',
      headers: {
        host: url.host,
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      body,
    });
    const signed = await signerFor(region).sign(request);
    const { host: _host, ...headers } = signed.headers;
    try {
      const res = await fetch(new URL('/', url), { method: 'POST', headers, body, signal: options.abortSignal });
      // An operation with no output may answer an empty body, which the SDK reads as {}.
      if (res.ok)
        return {
          ok: true as const,
          value: (await res.text().then((text) => (text ? JSON.parse(text) : {}))) as UserPoolOutputs[Operation],
        };
      return { ok: false as const, error: await answerError(res) };
    } catch (thrown) {
      // A caller's abort ends the call, as it ends the SDK's; a broken success is not the network's either.
      if (options.abortSignal?.aborted || thrown instanceof SyntaxError) throw thrown;
      return { ok: false as const, error: unanswered(thrown, 'The user pool API') };
    }
  });
}
