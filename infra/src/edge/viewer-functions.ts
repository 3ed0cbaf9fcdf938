/**
 * CloudFront Functions (viewer request, cloudfront-js-2.0). Kept as source text so the exact code
 * deployed to the edge is also what the tests and the local gateway (scripts/local/gateway.ts) execute.
 */
import { MESSAGES } from '@mapnest/shared/errors';
import { SITE_ROUTES, siteRoutesPattern } from '@mapnest/shared/site-routes';

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

/** A viewer-response function: it sees the request and the response CloudFront is about to send, and returns it. */
export type EdgeResponseHandler = (event: { request: EdgeRequest; response: EdgeResponse }) => EdgeResponse;

/** Loads a function's source the way CloudFront does: a script defining `handler`. */
export function loadEdgeFunction<H = EdgeHandler>(source: string): H {
  return new Function(`${source}\nreturn handler;`)() as H;
}

/** The SPA's not-found page: a copy of index.html made by the build (web/vite.config.ts), served with status 404. */
export const NOT_FOUND_PAGE = '/404.html';

/**
 * The script both SPA functions share: `route(uri)` says what serves an address. /m and /m/{id} are the embed page; an
 * address whose last segment names a file is that file; one of the app's own pages (SITE_ROUTES, matched as its router
 * matches) is the app; anything else is the app's not-found page.
 */
const ROUTE_SOURCE = `var PAGES = new RegExp(${JSON.stringify(siteRoutesPattern(SITE_ROUTES))}, 'i');
function route(uri) {
  if (uri === '/m' || uri.startsWith('/m/')) return 'embed';
  if (uri.substring(uri.lastIndexOf('/') + 1).indexOf('.') !== -1) return 'file';
  return PAGES.test(uri) ? 'app' : 'missing';
}`;

/**
 * Default and /m/* behaviours, viewer request: /m/{id} gets the embed entry page, the app's pages get /index.html, any
 * other address without a file extension gets the not-found page. Files (/assets/x.js, /config.json) pass through, so
 * a missing asset is a real 404 instead of an HTML page.
 */
export const SPA_REWRITE_SOURCE = `${ROUTE_SOURCE}
function handler(event) {
  var request = event.request;
  var kind = route(request.uri);
  if (kind === 'embed') request.uri = '/embed.html';
  else if (kind === 'app') request.uri = '/index.html';
  else if (kind === 'missing') request.uri = '${NOT_FOUND_PAGE}';
  return request;
}`;

/**
 * Default and /m/* behaviours, viewer response: the not-found page goes out with status 404 (the bucket holds it as an
 * ordinary object, answered 200). It is recognised by the address the viewer asked for and by the page's own name, so
 * the answer is the same whichever of the two CloudFront hands the function.
 */
export const SPA_STATUS_SOURCE = `${ROUTE_SOURCE}
function handler(event) {
  var response = event.response;
  var uri = event.request.uri;
  if (response.statusCode === 200 && (uri === '${NOT_FOUND_PAGE}' || route(uri) === 'missing')) {
    response.statusCode = 404;
    response.statusDescription = 'Not Found';
  }
  return response;
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
