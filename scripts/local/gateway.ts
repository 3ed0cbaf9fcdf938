/**
 * The local gateway: one origin (http://localhost:8080) routed the way CloudFront routes production.
 *   /api/fn/{name}  -> the callable Lambda handler from lambdas/src/calls, behind a JWT check that behaves
 *                      like API Gateway's Cognito JWT authorizer (claims handed over as strings)
 *   /api/...        -> public HTTP handlers (lambdas/src/routes.ts HTTP_ROUTES)
 *   /data/*         -> the public bucket (published maps), /files/* -> the uploads bucket
 *   /_s3/*, /_cognito/* -> the emulators, for the browser (presigned uploads, Amplify)
 *   /_dev/mail      -> the dev mailbox
 *   /m/*            -> the embed page; everything else -> the SPA with history fallback
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { GetObjectCommand, NoSuchKey, type S3Client } from '@aws-sdk/client-s3';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { objectKeySchema } from '@mapnest/shared/files';
import {
  CALL_NAME_PATTERN,
  CALL_PATH_PREFIX,
  HTTP_ROUTES,
  PUBLIC_CALLS,
  callNameFromModule,
} from '@mapnest/lambdas/routes';
import { edgeHeaderSpec, edgeKindOf, edgeResponseHeaders, type EdgeKind } from '../../infra/src/edge/headers';
import {
  SPA_REWRITE_SOURCE,
  STRIP_PREFIX_SOURCE,
  UNAUTHENTICATED_BODY,
  loadEdgeFunction,
  requireTokenSource,
  type EdgeRequest,
  type EdgeResponse,
} from '../../infra/src/edge/viewer-functions';
import { BROWSER_COGNITO_ACTIONS, cognitoAction } from './cognito';
import type { Mailbox } from './mailbox';
import type { LocalS3 } from './s3';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const LAMBDAS_SRC = path.join(REPO_ROOT, 'lambdas/src');
const MAX_REQUEST_BYTES = 10 * 1024 * 1024; // API Gateway HTTP API's payload limit

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

type LambdaHandler = (event: unknown, context: Context) => Promise<unknown>;

export interface GatewayOptions {
  port: number;
  host?: string;
  /** Built SPA (web/dist); ignored when `vite` is given. */
  webDist: string;
  /** Vite dev server in middleware mode, for `npm run dev`. */
  vite?: { middlewares: (req: IncomingMessage, res: ServerResponse, next: () => void) => void };
  s3: LocalS3;
  buckets: { public: string; uploads: string };
  cognito: {
    app: (req: IncomingMessage, res: ServerResponse) => void;
    userPoolId: string;
    clientId: string;
    region: string;
    jwks: { keys: unknown[] };
  };
  mailbox: Mailbox;
  /** The local payments sandbox's hosted pages (/_dev/checkout/*, /_dev/portal/*), when it runs. */
  payments?: { handlePage: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void> };
  log?: (line: string) => void;
}

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

const handlerCache = new Map<string, Promise<LambdaHandler>>();
/** Loads a handler module once, as Lambda keeps a warm container. */
export function loadHandler(file: string): Promise<LambdaHandler> {
  let pending = handlerCache.get(file);
  if (!pending) {
    pending = import(pathToFileURL(file).href).then((m: { handler?: LambdaHandler }) => {
      if (typeof m.handler !== 'function') throw new Error(`${file} exports no handler`);
      return m.handler;
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

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_REQUEST_BYTES) tooBig = true;
      else chunks.push(c);
    });
    req.on('end', () => resolve(tooBig ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

const envelope = (status: string, message: string) => ({ error: { status, message } });

/** decodeURIComponent, or null for malformed percent-encoding (which CloudFront and API Gateway refuse with 400). */
export function decodePath(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

const badRequest = (res: ServerResponse) => sendJson(res, 400, { message: 'Bad Request' });

/**
 * Sources the local app and embed pages may also load from (added to connect-src and img-src): test servers
 * on this machine stand in for the https hosts authors keep CSVs and images on.
 */
export const LOCAL_SOURCES = ['http://localhost:*', 'http://127.0.0.1:*'] as const;

const edgeHandlers = new Map<string, ReturnType<typeof loadEdgeFunction>>();
/** Runs a CloudFront viewer-request function (infra/src/edge/viewer-functions.ts) on this request. */
function viewerRequest(source: string, req: IncomingMessage, uri: string): EdgeRequest | EdgeResponse {
  let handler = edgeHandlers.get(source);
  if (!handler) edgeHandlers.set(source, (handler = loadEdgeFunction(source)));
  const headers: EdgeRequest['headers'] = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = { value: v };
  return handler({ request: { method: req.method ?? 'GET', uri, headers } });
}

/** The URI a rewriting viewer-request function forwards to the origin. */
function rewrittenUri(source: string, req: IncomingMessage, uri: string): string {
  const out = viewerRequest(source, req, uri);
  return 'uri' in out ? out.uri : uri;
}

function sendEdgeResponse(res: ServerResponse, answer: EdgeResponse): void {
  const headers = Object.fromEntries(Object.entries(answer.headers).map(([k, v]) => [k, v.value]));
  res.writeHead(answer.statusCode, headers);
  res.end(answer.body?.data ?? '');
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

export function createGateway(opts: GatewayOptions) {
  const log = opts.log ?? (() => undefined);
  const calls = listCalls();
  const verifier = CognitoJwtVerifier.create({
    userPoolId: opts.cognito.userPoolId,
    tokenUse: 'id',
    clientId: opts.cognito.clientId,
  });
  verifier.cacheJwks(opts.cognito.jwks as Parameters<typeof verifier.cacheJwks>[0]);
  const gzipCache = new Map<string, { mtime: number; body: Buffer }>();

  function baseEvent(req: IncomingMessage, url: URL, routeKey: string, body: Buffer): APIGatewayProxyEventV2 {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : v;
    const contentType = headers['content-type'] ?? '';
    const textual =
      !headers['content-encoding'] &&
      /^(application\/json|text\/|application\/x-www-form-urlencoded)/.test(contentType);
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

  async function invoke(res: ServerResponse, file: string, name: string, event: unknown): Promise<void> {
    const handler = await loadHandler(file);
    const answer = await invokeLambda(handler, event, `mapnest-${name}`);
    res.writeHead(answer.statusCode, { ...answer.headers, 'content-length': answer.body.length });
    res.end(answer.body);
  }

  async function handleCall(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const name = decodePath(url.pathname.slice(CALL_PATH_PREFIX.length));
    if (name === null)
      return sendJson(res, 400, envelope('INVALID_ARGUMENT', 'The function name is not valid percent-encoding.'));
    const file = CALL_NAME_PATTERN.test(name) ? calls.get(name) : undefined;
    if (!file || req.method !== 'POST') {
      if (req.method === 'OPTIONS') return void res.writeHead(204).end();
      return sendJson(
        res,
        404,
        envelope(
          'NOT_FOUND',
          file ? `Calls are made with POST.` : `There is no function named "${name.slice(0, 64)}".`,
        ),
      );
    }
    // CloudFront's token gate first (the same function source): a call without a token gets the protocol's envelope.
    const gated = viewerRequest(
      requireTokenSource(
        JSON.stringify(UNAUTHENTICATED_BODY),
        PUBLIC_CALLS.map((n) => `${CALL_PATH_PREFIX}${n}`),
      ),
      req,
      url.pathname,
    );
    if (!('uri' in gated)) return sendEdgeResponse(res, gated);
    // The JWT authorizer runs before the Lambda: no valid ID token, no invocation. Public calls have no authorizer.
    let claims: Record<string, string> | null = null;
    if (!PUBLIC_CALLS.includes(name)) {
      const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      try {
        if (!token) throw new Error('missing token');
        claims = apiGatewayClaims((await verifier.verify(token)) as unknown as Record<string, unknown>);
      } catch {
        return sendJson(res, 401, envelope('UNAUTHENTICATED', 'Unauthenticated'));
      }
    }
    const body = await readBody(req);
    if (!body) return sendJson(res, 413, { message: 'Request Entity Too Large' });
    const event = baseEvent(req, url, `POST ${CALL_PATH_PREFIX}${name}`, body) as APIGatewayProxyEventV2 & {
      requestContext: { authorizer?: unknown };
    };
    if (claims) event.requestContext.authorizer = { jwt: { claims, scopes: null } };
    await invoke(res, file, name, event);
  }

  async function serveObject(
    req: IncomingMessage,
    res: ServerResponse,
    client: S3Client,
    bucket: string,
    key: string,
  ): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { message: 'Method Not Allowed' });
    try {
      const obj = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: key, IfNoneMatch: req.headers['if-none-match'] }),
      );
      const body = Buffer.from(await obj.Body!.transformToByteArray());
      const headers: Record<string, string | number> = {
        'content-type': obj.ContentType ?? 'application/octet-stream',
        'cache-control': obj.CacheControl ?? 'public, max-age=60',
        'content-length': body.length,
      };
      if (obj.ETag) headers.etag = obj.ETag;
      if (obj.LastModified) headers['last-modified'] = obj.LastModified.toUTCString();
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 304) return void res.writeHead(304).end();
      if (err instanceof NoSuchKey || status === 404 || status === 403)
        return sendJson(res, 404, { message: 'Not Found' });
      throw err;
    }
  }

  function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string, kind: EdgeKind): void {
    const dist = opts.webDist;
    if (decodePath(pathname) === null) return badRequest(res);
    // The app's and the embed's behaviours run the SPA rewrite function CloudFront runs (/m/* is the embed page,
    // other paths without a file extension the app); the static files' behaviours have none.
    const uri = kind === 'app' || kind === 'embed' ? rewrittenUri(SPA_REWRITE_SOURCE, req, pathname) : pathname;
    const decoded = decodePath(uri);
    if (decoded === null) return badRequest(res);
    const file = path.join(dist, path.normalize(decoded).replace(/^(\.\.[/\\])+/, ''));
    const isFile = file.startsWith(dist) && existsSync(file) && statSync(file).isFile();
    if (!isFile) {
      if ((uri === '/index.html' || uri === '/embed.html') && !existsSync(path.join(dist, 'index.html'))) {
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
        return void res.end('The web app is not built yet: run `npm run build`.');
      }
      return sendJson(res, 404, { message: 'Not Found' });
    }
    const type = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
    const stat = statSync(file);
    const immutable = pathname.startsWith('/assets/');
    const headers: Record<string, string | number> = {
      'content-type': type,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'last-modified': stat.mtime.toUTCString(),
    };
    let body: Buffer = readFileSync(file);
    if (COMPRESSIBLE.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && body.length > 512) {
      const cached = gzipCache.get(file);
      if (cached && cached.mtime === stat.mtimeMs) body = cached.body;
      else {
        const gz = gzipSync(body, { level: 9 });
        gzipCache.set(file, { mtime: stat.mtimeMs, body: gz });
        body = gz;
      }
      headers['content-encoding'] = 'gzip';
      headers.vary = 'accept-encoding';
    }
    headers['content-length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const p = url.pathname;
    // The headers CloudFront's response headers policy for this path adds, on every answer (errors included).
    // Local-only paths (/_s3, /_cognito, /_dev) have no CloudFront counterpart.
    const kind = edgeKindOf(p);
    if (!p.startsWith('/_')) {
      for (const [name, value] of Object.entries(edgeResponseHeaders(edgeHeaderSpec(kind, [], LOCAL_SOURCES)))) {
        // Vite's dev server injects inline scripts (React refresh), which the app's CSP rightly refuses.
        if (opts.vite && name === 'content-security-policy' && (kind === 'app' || kind === 'embed')) continue;
        res.setHeader(name, value);
      }
    }
    if (p.startsWith(CALL_PATH_PREFIX)) return handleCall(req, res, url);
    const httpRoute = HTTP_ROUTES.find((r) => r.path === p && r.method === req.method);
    if (httpRoute) {
      const body = (await readBody(req)) ?? Buffer.alloc(0);
      return invoke(
        res,
        path.join(LAMBDAS_SRC, 'http', `${httpRoute.module}.ts`),
        httpRoute.module,
        baseEvent(req, url, `${httpRoute.method} ${httpRoute.path}`, body),
      );
    }
    if (p.startsWith('/api/')) return sendJson(res, 404, envelope('NOT_FOUND', `No route for ${req.method} ${p}.`));
    for (const [prefix, bucket] of [
      ['/data/', opts.buckets.public],
      ['/files/', opts.buckets.uploads],
    ] as const) {
      if (!p.startsWith(prefix)) continue;
      // CloudFront's function strips the routing prefix; the rest is the bucket key.
      const key = decodePath(rewrittenUri(STRIP_PREFIX_SOURCE, req, p).slice(1));
      // A "folder" is never an object: CloudFront (no ListBucket for its origin access) shows no bucket listing.
      if (key === '' || key?.endsWith('/')) return sendJson(res, 404, { message: 'Not Found' });
      // A key S3 could not hold (control characters, lone surrogates, over 1,024 bytes) is a bad request, not an error.
      if (key === null || objectKeySchema.safeParse(key).success === false) return badRequest(res);
      return serveObject(req, res, opts.s3.client, bucket, key);
    }
    if (p.startsWith('/_s3/')) return opts.s3.handle(req, res, p.slice('/_s3'.length), url.searchParams);
    if (p === '/_cognito' || p.startsWith('/_cognito/')) {
      // Only the user-facing actions the web app calls, as Cognito's public endpoint allows without IAM credentials.
      const sub = p.slice('/_cognito'.length) || '/';
      const action = cognitoAction(req.headers['x-amz-target']);
      if (req.method !== 'POST' || sub !== '/' || !action || !BROWSER_COGNITO_ACTIONS.has(action)) {
        res.writeHead(400, {
          'content-type': 'application/x-amz-json-1.1',
          'x-amzn-errortype': 'MissingAuthenticationTokenException',
        });
        return void res.end(
          JSON.stringify({ __type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' }),
        );
      }
      req.url = sub + url.search;
      return opts.cognito.app(req, res);
    }
    if (opts.payments && (p.startsWith('/_dev/checkout/') || p.startsWith('/_dev/portal/')))
      return opts.payments.handlePage(req, res, url);
    if (p === '/_dev/mail' && req.method === 'POST') {
      // The product's own emails (lambdas/src/adapters/mailer.ts with DEV_MAILBOX_URL), from this machine only.
      const remote = req.socket.remoteAddress ?? '';
      if (!['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(remote))
        return sendJson(res, 403, { message: 'Forbidden' });
      const raw = await readBody(req);
      let mail: { to?: unknown; subject?: unknown; html?: unknown; text?: unknown } = {};
      try {
        mail = JSON.parse(raw?.toString('utf8') ?? '');
      } catch {
        /* answered below */
      }
      if (typeof mail.to !== 'string' || typeof mail.subject !== 'string' || typeof mail.html !== 'string') {
        return sendJson(res, 400, { message: 'Expected {to, subject, html, text?}' });
      }
      return sendJson(
        res,
        201,
        opts.mailbox.add({
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: typeof mail.text === 'string' ? mail.text : undefined,
        }),
      );
    }
    if (p === '/_dev/mail.json') return opts.mailbox.serveJson(res, url.searchParams.get('to'));
    if (p === '/_dev/mail') return opts.mailbox.serveHtml(res);
    if (p === '/config.json') {
      return sendJson(res, 200, {
        stage: 'local',
        region: opts.cognito.region,
        userPoolId: opts.cognito.userPoolId,
        userPoolClientId: opts.cognito.clientId,
        cognitoEndpoint: `http://${req.headers.host ?? 'localhost'}/_cognito`,
        googleSignIn: false,
      });
    }
    if (opts.vite) {
      if (p.startsWith('/m/')) req.url = '/embed.html';
      return new Promise<void>((resolve) =>
        opts.vite!.middlewares(req, res, () => {
          req.url = '/index.html';
          opts.vite!.middlewares(req, res, () => resolve());
          resolve();
        }),
      );
    }
    return serveStatic(req, res, p, kind);
  }

  /** Requests wait for this before they are answered (the first start seeds data while the port is open). */
  let gate: Promise<unknown> = Promise.resolve();
  const server = http.createServer((req, res) => {
    const started = Date.now();
    res.on('finish', () => {
      if (req.url?.startsWith('/api/'))
        log(`${req.method} ${req.url.split('?')[0]} ${res.statusCode} ${Date.now() - started}ms`);
    });
    gate
      .then(
        () => route(req, res),
        () => route(req, res),
      )
      .catch((err: unknown) => {
        console.error('[gateway] request failed:', err);
        if (!res.headersSent) sendJson(res, 500, envelope('INTERNAL', 'Internal Server Error'));
        else res.end();
      });
  });

  return {
    server,
    hold: (until: Promise<unknown>) => {
      gate = until;
    },
    listen: () =>
      new Promise<number>((resolve, reject) => {
        server.once('error', reject);
        server.listen(opts.port, opts.host ?? '127.0.0.1', () => {
          const a = server.address();
          resolve(a && typeof a === 'object' ? a.port : opts.port);
        });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
