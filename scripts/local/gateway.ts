/**
 * The local gateway: one origin (http://localhost:8080) routed the way CloudFront routes production.
 *   /api/fn/{name}  -> the callable Lambda handler from lambdas/src/calls, behind a JWT check that behaves
 *                      like API Gateway's Cognito JWT authorizer (claims handed over as strings)
 *   /api/...        -> public HTTP handlers (lambdas/src/routes.ts HTTP_ROUTES)
 *   /data/*         -> the public bucket (published maps), /files/* -> the uploads bucket
 *   /_s3/*, /_cognito/* -> the emulators, for the browser (presigned uploads, Amplify)
 *   /_dev/mail      -> the dev mailbox
 *   /_dev/stream-settled -> answers once the table stream's triggers have run for what was written before
 *   /m/*            -> the embed page; everything else -> the SPA with history fallback
 * Lambda's side is in lambda/lambda-runtime.ts, CloudFront's functions in edge.ts, S3 origins in static-files.ts.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { objectKeySchema } from '@mapnest/shared/files';
import { CALL_PATH_PREFIX, HTTP_ROUTES } from '@mapnest/lambdas/routes';
import { edgeHeaderSpec, edgeKindOf, edgeResponseHeaders, type EdgeKind } from '../../infra/src/edge/headers';
import { STRIP_PREFIX_SOURCE, VIEWER_IP_SOURCE } from '../../infra/src/edge/viewer-functions';
import { createCallRoute, invokeAndSend } from './call-route';
import { localRuntimeConfig, proxyCognito, receiveMail, serveDevPage, type DevServer } from './dev-routes';
import { LOCAL_SOURCES, rewrittenUri, sendEdgeResponse, viewerRequest } from './edge';
import { badRequest, decodePath, envelope, readBody, sendJson } from './http-util';
import { LAMBDAS_SRC, apiGatewayEvent } from './lambda/lambda-runtime';
import type { Mailbox } from './mailbox';
import type { LocalS3 } from './s3/s3';
import { createStaticFiles, serveObject } from './static-files';

export { REPO_ROOT } from './lambda/lambda-runtime';

export interface GatewayOptions {
  port: number;
  host?: string;
  /** Built SPA (web/dist); ignored when `vite` is given. */
  webDist: string;
  /** Vite dev server in middleware mode, for `npm run dev`. */
  vite?: DevServer;
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
  /** The value CloudFront's API origin sends in the secret origin header (the handlers' ORIGIN_SECRETS). */
  originSecret: string;
  /** The local payments sandbox's hosted pages (/_dev/checkout/*, /_dev/portal/*), when it runs. */
  payments?: { handlePage: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void> };
  /** Resolves once the table's stream has been read and its triggers run for everything written before the call. */
  streamSettled?: () => Promise<void>;
  log?: (line: string) => void;
}

export function createGateway(opts: GatewayOptions) {
  const log = opts.log ?? (() => undefined);
  const handleCall = createCallRoute(opts.cognito, opts.originSecret);
  const serveStatic = createStaticFiles(opts.webDist);

  /** The bucket behind /data/ or /files/, if the path is under one. */
  function bucketOf(p: string): string | undefined {
    if (p.startsWith('/data/')) return opts.buckets.public;
    if (p.startsWith('/files/')) return opts.buckets.uploads;
    return undefined;
  }

  function serveBucketPath(req: IncomingMessage, res: ServerResponse, p: string, bucket: string): Promise<void> | void {
    // CloudFront's function strips the routing prefix; the rest is the bucket key.
    const key = decodePath(rewrittenUri(STRIP_PREFIX_SOURCE, req, p).slice(1));
    // A "folder" is never an object: CloudFront (no ListBucket for its origin access) shows no bucket listing.
    if (key === '' || key?.endsWith('/')) return sendJson(res, 404, { message: 'Not Found' });
    // A key S3 could not hold (control characters, lone surrogates, over 1,024 bytes) is a bad request, not an error.
    if (key === null || objectKeySchema.safeParse(key).success === false) return badRequest(res);
    // S3 takes "." and ".." in a key literally, and no object of ours has such a key: S3 would answer it missing.
    // s3rver keeps objects as files, and would resolve them into another bucket (the private documents).
    if (key.split('/').some((segment) => segment === '.' || segment === '..'))
      return sendJson(res, 404, { message: 'Not Found' });
    return serveObject(req, res, opts.s3.client, bucket, key);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const p = url.pathname;
    const kind = edgeKindOf(p);
    setEdgeHeaders(res, p, kind, Boolean(opts.vite));
    if (p.startsWith(CALL_PATH_PREFIX)) return handleCall(req, res, url);
    const httpRoute = HTTP_ROUTES.find((r) => r.path === p && r.method === req.method);
    if (httpRoute) {
      // CloudFront's /api/* behaviour runs VIEWER_IP_SOURCE first: the viewer's address replaces any claimed one.
      const edge = viewerRequest(VIEWER_IP_SOURCE, req, p);
      if (!('uri' in edge)) return sendEdgeResponse(res, edge);
      // Over API Gateway's payload limit, API Gateway answers before any Lambda, as the call route does.
      const body = await readBody(req);
      if (!body) return sendJson(res, 413, { message: 'Request Entity Too Large' });
      return invokeAndSend(
        res,
        path.join(LAMBDAS_SRC, 'http', `${httpRoute.module}.ts`),
        httpRoute.module,
        apiGatewayEvent(req, url, `${httpRoute.method} ${httpRoute.path}`, body, opts.originSecret, edge.headers),
      );
    }
    if (p.startsWith('/api/')) return sendJson(res, 404, envelope('NOT_FOUND', `No route for ${req.method} ${p}.`));
    const bucketPath = bucketOf(p);
    if (bucketPath) return serveBucketPath(req, res, p, bucketPath);
    if (p.startsWith('/_s3/')) return opts.s3.handle(req, res, p.slice('/_s3'.length), url.searchParams);
    if (p === '/_cognito' || p.startsWith('/_cognito/')) return proxyCognito(req, res, url, opts.cognito.app);
    if (opts.payments && (p.startsWith('/_dev/checkout/') || p.startsWith('/_dev/portal/')))
      return opts.payments.handlePage(req, res, url);
    if (p === '/_dev/mail' && req.method === 'POST') return receiveMail(req, res, opts.mailbox);
    if (p === '/_dev/mail.json') return opts.mailbox.serveJson(res, url.searchParams.get('to'));
    if (p === '/_dev/mail') return opts.mailbox.serveHtml(res);
    if (p === '/_dev/stream-settled' && opts.streamSettled)
      return opts.streamSettled().then(() => void res.writeHead(204).end());
    if (p === '/config.json') return sendJson(res, 200, localRuntimeConfig(req, opts.cognito));
    if (opts.vite) return serveDevPage(opts.vite, req, res, p, kind);
    return serveStatic(req, res, p, kind);
  }

  return serve(opts, route, log);
}

/** The HTTP server on 127.0.0.1, its gate (requests wait for it) and its lifecycle. */
function serve(
  opts: Pick<GatewayOptions, 'port' | 'host'>,
  route: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  log: (line: string) => void,
) {
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

  // An idle connection is closed by its client, never by us. Node's default (close after 5 s idle) races a client
  // that picks the connection for its next request just then, and under load that request fails with "other side
  // closed" though nothing was wrong with it. Connections still open are closed on stop (closeAllConnections).
  server.keepAliveTimeout = 0;

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

/**
 * The headers CloudFront's response headers policy for this path adds, on every answer (errors included).
 * Local-only paths (/_s3, /_cognito, /_dev) have no CloudFront counterpart.
 */
function setEdgeHeaders(res: ServerResponse, p: string, kind: EdgeKind, vite: boolean): void {
  if (p.startsWith('/_')) return;
  for (const [name, value] of Object.entries(edgeResponseHeaders(edgeHeaderSpec(kind, [], LOCAL_SOURCES)))) {
    // Vite's dev server injects inline scripts (React refresh), which the app's CSP rightly refuses.
    if (vite && name === 'content-security-policy' && (kind === 'app' || kind === 'embed')) continue;
    res.setHeader(name, value);
  }
}
