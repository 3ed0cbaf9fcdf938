/**
 * CloudFront Functions (viewer request, cloudfront-js-2.0). Kept as source text so the exact code
 * deployed to the edge is also what the tests and the local gateway (scripts/local/gateway.ts) execute.
 */
import { MESSAGES } from '@mapnest/shared/errors';

/** The call protocol's answer to a call made without a token: 401 with the message 'Unauthenticated'. */
export const UNAUTHENTICATED_BODY = {
  error: { status: 'UNAUTHENTICATED', message: MESSAGES.unauthenticated },
} as const;

/** A viewer request as CloudFront hands it to a function (headers as { name: { value } }). */
export interface EdgeRequest {
  method: string;
  uri: string;
  headers: Record<string, { value: string }>;
}
/** A response a viewer-request function answers with instead of forwarding the request. */
export interface EdgeResponse {
  statusCode: number;
  statusDescription?: string;
  headers: Record<string, { value: string }>;
  body?: { encoding: string; data: string };
}
export type EdgeHandler = (event: { request: EdgeRequest; viewer?: { ip: string } }) => EdgeRequest | EdgeResponse;

/** Loads a function's source the way CloudFront does: a script defining `handler`. */
export function loadEdgeFunction(source: string): EdgeHandler {
  return new Function(`${source}\nreturn handler;`)() as EdgeHandler;
}

/**
 * Default and /m/* behaviours: /m/{id} is the embed entry page; any other path without a file
 * extension is a client-side route of the SPA and gets /index.html. Files (/assets/x.js, /config.json)
 * pass through, so a missing asset is a real 404 instead of an HTML page.
 */
export const SPA_REWRITE_SOURCE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri === '/m' || uri.startsWith('/m/')) {
    request.uri = '/embed.html';
    return request;
  }
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/** /data/* and /files/*: the buckets hold maps/{id}.json and {uid}/..., without the routing prefix. */
export const STRIP_PREFIX_SOURCE = `function handler(event) {
  var request = event.request;
  request.uri = request.uri.replace(/^\\/(data|files)\\//, '/');
  return request;
}`;

/**
 * The viewer's address, set by the edge on every request to the API (whatever the viewer sent under that name): the
 * API's own distribution sees the app distribution's address instead of the viewer's, so its WAF rate rule counts
 * requests per value of this header (ADR 028).
 */
export const VIEWER_IP_HEADER = 'x-mapnest-viewer-ip';

/** /api/* (besides calls): only stamps the viewer's address for the API distribution's rate rule. */
export const VIEWER_IP_SOURCE = `function handler(event) {
  var request = event.request;
  request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;

/**
 * /api/fn/*: a call without an Authorization header is answered here, with the call protocol's
 * envelope. API Gateway's JWT authorizer would answer {"message":"Unauthorized"}, which HTTP APIs
 * cannot customise, and CloudFront cannot replace 401 bodies (custom error responses exist only for
 * 400, 403, 404, 405, 414, 416 and 5xx). Requests with a token still go to the authorizer, which
 * remains the only check that counts. Public calls and CORS preflights pass through, with the viewer's address
 * stamped (VIEWER_IP_HEADER).
 */
export function requireTokenSource(unauthenticatedBody: string, publicPaths: readonly string[] = []): string {
  return `var PUBLIC_PATHS = ${JSON.stringify(publicPaths)};
function handler(event) {
  var request = event.request;
  var authorization = request.headers.authorization;
  if (request.method !== 'OPTIONS' && PUBLIC_PATHS.indexOf(request.uri) === -1 && (!authorization || authorization.value.trim() === '')) {
    return {
      statusCode: 401,
      statusDescription: 'Unauthorized',
      headers: {
        'content-type': { value: 'application/json; charset=utf-8' },
        'cache-control': { value: 'no-store' }
      },
      body: { encoding: 'text', data: ${JSON.stringify(unauthenticatedBody)} }
    };
  }
  request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;
}
