/**
 * Lambda behind API Gateway's HTTP API, emulated for the local stack: the same handler modules, the v2 event and
 * result formats, the JWT authorizer's claim strings, the 29 s timeout and the 6 MB payload limits.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { callNameFromModule } from '@mapnest/lambdas/routes';
import { ORIGIN_SECRET_HEADER } from '@mapnest/lambdas/lib/origin-check';
import { runAs } from './grants-guard';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
export const LAMBDAS_SRC = path.join(REPO_ROOT, 'lambdas/src');

/**
 * What Lambda behind API Gateway allows a call: 29 s (the function timeout, infra's CALL_TIMEOUT; the HTTP API
 * itself gives up at 30 s) and 6 MB of invocation payload each way (the event, base64 bodies included, and the
 * result). Past either, API Gateway answers the browser, not the handler.
 */
export const LAMBDA_LIMITS = { timeoutMs: 29_000, payloadBytes: 6 * 1024 * 1024 } as const;

/** An HTTP answer as API Gateway sends it. */
export interface GatewayAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: Buffer;
}

const gatewayMessage = (statusCode: number, message: string): GatewayAnswer => ({
  statusCode,
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(JSON.stringify({ message })),
});

/**
 * Invokes a handler as Lambda behind an HTTP API does: an event over 6 MB is refused (413) before the handler
 * runs; a handler that throws, runs past the timeout or answers more than 6 MB is a 500 from API Gateway
 * ({"message":"Internal Server Error"}, the body the browser then gets); otherwise its result in the v2 format.
 */
export async function invokeLambda(
  handler: LambdaHandler,
  event: unknown,
  functionName: string,
  limits: { timeoutMs: number; payloadBytes: number } = LAMBDA_LIMITS,
): Promise<GatewayAnswer> {
  if (Buffer.byteLength(JSON.stringify(event)) > limits.payloadBytes)
    return gatewayMessage(413, 'Request Entity Too Large');
  const context = lambdaContext(functionName, limits.timeoutMs);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), limits.timeoutMs);
  });
  let result: unknown;
  try {
    result = await Promise.race([handler(event, context), timeout]);
  } catch (err) {
    console.error(`[gateway] ${functionName} threw outside its error handling:`, err);
    return gatewayMessage(500, 'Internal Server Error');
  } finally {
    clearTimeout(timer);
  }
  if (result === 'timeout') {
    console.error(`[gateway] ${functionName} timed out after ${limits.timeoutMs} ms`);
    return gatewayMessage(500, 'Internal Server Error');
  }
  // API Gateway v2 payload format: a structured result, or anything else sent as JSON with 200.
  const structured =
    result && typeof result === 'object' && 'statusCode' in result
      ? (result as APIGatewayProxyStructuredResultV2)
      : { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(result ?? null) };
  if (Buffer.byteLength(JSON.stringify(structured)) > limits.payloadBytes) {
    console.error(`[gateway] ${functionName} answered more than ${limits.payloadBytes} bytes`);
    return gatewayMessage(500, 'Internal Server Error');
  }
  const body =
    structured.body === undefined
      ? Buffer.alloc(0)
      : Buffer.from(structured.body, structured.isBase64Encoded ? 'base64' : 'utf8');
  return {
    statusCode: structured.statusCode ?? 200,
    headers: (structured.headers ?? {}) as Record<string, string>,
    body,
  };
}

export type LambdaHandler = (event: unknown, context: Context) => Promise<unknown>;

/** Every callable module, by call name, read from lambdas/src/calls. */
export function listCalls(): Map<string, string> {
  const dir = path.join(LAMBDAS_SRC, 'calls');
  const calls = new Map<string, string>();
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    calls.set(callNameFromModule(file.slice(0, -3)), path.join(dir, file));
  }
  return calls;
}

/** The function id of a handler module (`lambdas/src/calls/save-map.ts` → `calls/save-map`): its key in GRANTS. */
export const functionIdOf = (file: string): string =>
  path.relative(LAMBDAS_SRC, file).split(path.sep).join('/').replace(/\.ts$/, '');

const handlerCache = new Map<string, Promise<LambdaHandler>>();
/**
 * Loads a handler module once, as Lambda keeps a warm container; each invocation runs as its function, so what it
 * sends the table is checked against that function's grants (./grants-guard.ts), as its role's are in AWS.
 */
export function loadHandler(file: string): Promise<LambdaHandler> {
  let pending = handlerCache.get(file);
  if (!pending) {
    const id = functionIdOf(file);
    pending = import(pathToFileURL(file).href).then((m: { handler?: LambdaHandler }) => {
      const handler = m.handler;
      if (typeof handler !== 'function') throw new Error(`${file} exports no handler`);
      return (event: unknown, context: Context) => runAs(id, () => handler(event, context));
    });
    handlerCache.set(file, pending);
  }
  return pending;
}

/** A Lambda context for one invocation, with the remaining time counting down from the timeout. */
export function lambdaContext(functionName: string, timeoutMs: number = LAMBDA_LIMITS.timeoutMs): Context {
  const started = Date.now();
  const requestId = randomUUID();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, timeoutMs - (Date.now() - started)),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Claims as API Gateway's JWT authorizer hands them to a Lambda: every value a string, arrays as "[a b]". */
export function apiGatewayClaims(payload: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(payload)) {
    out[k] = Array.isArray(v)
      ? `[${v.join(' ')}]`
      : typeof v === 'object' && v !== null
        ? JSON.stringify(v)
        : String(v);
  }
  return out;
}

/**
 * The API Gateway v2 event of a request, as a Lambda behind an HTTP API receives it (no authorizer yet). With
 * `originSecret`, the request carries CloudFront's secret origin header (infra's API origin adds it, replacing any
 * value the viewer sent), which the calls check (lambdas/src/lib/origin-check.ts). `edgeHeaders` are the headers of
 * the request as CloudFront's viewer-request function forwarded it (edge.ts forwardThroughEdge): what the function
 * set (the viewer's address, VIEWER_IP_HEADER) replaces what the viewer sent, as at the edge.
 */
export function apiGatewayEvent(
  req: IncomingMessage,
  url: URL,
  routeKey: string,
  body: Buffer,
  originSecret?: string,
  edgeHeaders?: Record<string, { value: string }>,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers))
    if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : v;
  for (const [k, v] of Object.entries(edgeHeaders ?? {})) headers[k.toLowerCase()] = v.value;
  if (originSecret !== undefined) headers[ORIGIN_SECRET_HEADER] = originSecret;
  const contentType = headers['content-type'] ?? '';
  const textual =
    !headers['content-encoding'] && /^(application\/json|text\/|application\/x-www-form-urlencoded)/.test(contentType);
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : undefined,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: body.length ? (textual ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !textual,
  };
}
