/**
 * The browser half of the call protocol: `call(name, data)` POSTs `{data}` to /api/fn/{name} with the
 * caller's ID token and maps the answer back (body status first, HTTP status otherwise), so every screen handles one
 * error type (CallError) with one code vocabulary. Calls are typed by the call table (@mapnest/shared/calls,
 * imported for its types only): `call<K>(name: K, data: In<K>): Promise<Out<K>>`, so call sites need no casts.
 */
import { CALL_TIMEOUT_MS } from '@mapnest/shared/constants';
import type { CallName, In, Out } from '@mapnest/shared/calls';
import { CallError, codeForHttpStatus, codeForWireStatus, MESSAGES } from '@mapnest/shared/errors';
import { gatewayTooLargeRefusal } from '@mapnest/shared/storage';

export interface CallOptions {
  /** Abort the call; the promise rejects with code 'cancelled'. */
  signal?: AbortSignal;
  /** Overrides the 70 s default. */
  timeoutMs?: number;
}

export interface CallClientConfig {
  /** Base of the API, '' for the same origin. */
  baseUrl?: string;
  /** The signed-in user's ID token, or null when signed out. */
  getIdToken?: () => Promise<string | null>;
  /** The user id an administrator is viewing as, if any. */
  getViewAs?: () => string | null;
  /** Told of every 401 answer before the call rejects with it (a session the server ended, ADR 079). */
  onUnauthenticated?: (error: CallError) => void;
  fetch?: typeof fetch;
}

/** Bodies over this size are gzipped when the browser can (Lambda's request payload limit is 6 MB). */
const GZIP_ABOVE_BYTES = 256 * 1024;

/**
 * A Retry-After header's wait in ms: delay-seconds or an HTTP date (as RFC 9110 defines the field); undefined when
 * absent or unreadable. A date already past is a wait of 0.
 */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * The error for a non-2xx answer: the body's status first, the HTTP status otherwise; the wait the answer asked
 * for (`retryAfter`, its Retry-After header) goes with it.
 */
export function errorForResponse(httpStatus: number, body: unknown, retryAfter?: string | null): CallError | null {
  let code = codeForHttpStatus(httpStatus);
  let message: string = code;
  let details: unknown;
  const error = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  if (error && typeof error === 'object') {
    const { status, message: m, details: d } = error as { status?: unknown; message?: unknown; details?: unknown };
    if (typeof status === 'string') {
      const mapped = codeForWireStatus(status);
      if (!mapped) return new CallError('internal', 'internal', undefined, { answeredWith: httpStatus });
      code = mapped;
      message = status;
    }
    if (typeof m === 'string') message = m;
    details = d;
  }
  if (code === 'ok') return null;
  // API Gateway's JWT authorizer answers a bad token with {"message":"Unauthorized"}, not our envelope.
  if (code === 'unauthenticated' && message === code) message = MESSAGES.unauthenticated;
  return new CallError(code, message, details, {
    retryAfterMs: parseRetryAfter(retryAfter),
    answeredWith: httpStatus,
  });
}

async function encodeBody(payload: string): Promise<{ body: BodyInit; gzip: boolean }> {
  if (payload.length < GZIP_ABOVE_BYTES || typeof CompressionStream === 'undefined')
    return { body: payload, gzip: false };
  const stream = new Blob([payload]).stream().pipeThrough(new CompressionStream('gzip'));
  return { body: await new Response(stream).blob(), gzip: true };
}

/**
 * Whether a call reached nothing: its request was rejected before any answer (the browser offline, the request
 * blocked, a server that is down), which the client reports as a bare 'internal' with no HTTP status; any answer,
 * ours or a gateway's or CDN's own 500, carries its status (`answeredWith`).
 */
export const reachedNothing = (e: CallError): boolean =>
  e.code === 'internal' && e.message === 'internal' && e.answeredWith === undefined;

/** Whether the browser says it is offline (true only when it knows; unknown is online). */
export const browserOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

export function createCallClient(config: CallClientConfig = {}) {
  const doFetch = config.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  return async function call<K extends CallName>(name: K, data: In<K>, options: CallOptions = {}): Promise<Out<K>> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const token = config.getIdToken ? await config.getIdToken() : null;
    if (token) headers.authorization = `Bearer ${token}`;
    const viewAs = config.getViewAs?.();
    if (viewAs) headers['x-mapnest-view-as'] = viewAs;
    const { body, gzip } = await encodeBody(JSON.stringify({ data: data === undefined ? null : data }));
    if (gzip) headers['content-encoding'] = 'gzip';

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs ?? CALL_TIMEOUT_MS);
    const onAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onAbort);
    // The signal may have fired while the token or body was being prepared.
    if (options.signal?.aborted) controller.abort();

    let response: Response;
    try {
      response = await doFetch(`${config.baseUrl ?? ''}/api/fn/${encodeURIComponent(name)}`, {
        method: 'POST',
        headers,
        body,
        signal: controller.signal,
      });
    } catch (err) {
      if (timedOut) throw new CallError('deadline-exceeded', 'deadline-exceeded');
      if (options.signal?.aborted) throw new CallError('cancelled', 'cancelled');
      throw new CallError('internal', 'internal', err instanceof Error ? err.message : undefined);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }

    // The gateway refuses a body over its payload limit before any handler reads it ({"message": ...}, no envelope):
    // a refusal that names what is too large, as the server's own does, so no screen takes it for a fault to retry.
    if (response.status === 413) {
      const { message, details } = gatewayTooLargeRefusal(name);
      throw new CallError('invalid-argument', message, details, { answeredWith: 413 });
    }
    let json: unknown = null;
    try {
      json = await response.json();
    } catch {
      json = null;
    }
    const error = errorForResponse(response.status, json, response.headers.get('retry-after'));
    if (error?.code === 'unauthenticated') config.onUnauthenticated?.(error);
    if (error) throw error;
    if (!json || typeof json !== 'object' || Array.isArray(json))
      throw new CallError('internal', MESSAGES.responseNotJson);
    const record = json as Record<string, unknown>;
    const result = 'data' in record ? record.data : record.result;
    if (result === undefined) throw new CallError('internal', MESSAGES.responseMissingData);
    // The server built this answer to the table's output type for `name` (lambdas' callable checks it).
    return result as Out<K>;
  };
}

export type CallFn = ReturnType<typeof createCallClient>;
