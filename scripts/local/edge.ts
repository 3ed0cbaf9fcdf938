/**
 * CloudFront's viewer-request functions (infra/src/edge/viewer-functions.ts), run on local requests by the same
 * source CloudFront runs, and the local extra sources its CSP allows.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  loadEdgeFunction,
  type EdgeHandler,
  type EdgeRequest,
  type EdgeResponse,
  type EdgeResponseHandler,
} from '../../infra/src/edge/viewer-functions';

/**
 * Sources the local app and embed pages may also load from (added to connect-src and img-src): test servers
 * on this machine stand in for the https hosts authors keep CSVs and images on.
 */
export const LOCAL_SOURCES = ['http://localhost:*', 'http://127.0.0.1:*'] as const;

const handlers = new Map<string, unknown>();
/** A function's handler, loaded once per source. */
function handlerOf<H>(source: string): H {
  if (!handlers.has(source)) handlers.set(source, loadEdgeFunction<H>(source));
  return handlers.get(source) as H;
}

/** Runs a CloudFront viewer-request function (infra/src/edge/viewer-functions.ts) on this request. */
export function viewerRequest(source: string, req: IncomingMessage, uri: string): EdgeRequest | EdgeResponse {
  const handler = handlerOf<EdgeHandler>(source);
  const headers: EdgeRequest['headers'] = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = { value: v };
  return handler({
    request: { method: req.method ?? 'GET', uri, headers },
    viewer: { ip: req.socket.remoteAddress ?? '127.0.0.1' },
  });
}

/** The status a CloudFront viewer-response function gives the answer to this request (its `uri` as the viewer sent it). */
export function viewerResponseStatus(source: string, req: IncomingMessage, uri: string, statusCode: number): number {
  return handlerOf<EdgeResponseHandler>(source)({
    request: { method: req.method ?? 'GET', uri, headers: {} },
    response: { statusCode, headers: {} },
  }).statusCode;
}

/** The URI a rewriting viewer-request function forwards to the origin. */
export function rewrittenUri(source: string, req: IncomingMessage, uri: string): string {
  const out = viewerRequest(source, req, uri);
  return 'uri' in out ? out.uri : uri;
}

export function sendEdgeResponse(res: ServerResponse, answer: EdgeResponse): void {
  const headers = Object.fromEntries(Object.entries(answer.headers).map(([k, v]) => [k, v.value]));
  res.writeHead(answer.statusCode, headers);
  res.end(answer.body?.data ?? '');
}
