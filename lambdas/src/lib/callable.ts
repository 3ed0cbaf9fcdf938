import middy from '@middy/core';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import type { CallInputs, CallName, Out, Parsed } from '@mapnest/shared/calls';
import { CallError, ERROR_CODES, MESSAGES, type FieldIssue } from '@mapnest/shared/errors';
import { bodyTooLargeRefusal, REQUEST_MAX_BYTES } from '@mapnest/shared/storage';
import { callerStatus, type SessionsEnded } from '../adapters/account-status';
import { identityFromClaims, isViewAsEmail, subjectUid, VIEW_AS_HEADER, type Identity } from './identity';
import { AccountDeletedError, SessionEndedError } from './errors';
import { gunzipCapped, InflatedTooLargeError } from './gunzip-capped';
import { createLogger, type Logger } from './logger';
import { DIRECT_ACCESS_MESSAGE, acceptedOriginSecrets, cameThroughOrigin, clientAddress } from './origin-check';
import { recordMetric } from './observability';

export type CallEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type CallResult = APIGatewayProxyStructuredResultV2;

/**
 * Largest request body accepted after decompression: the largest map document and room for the rest of the call's
 * input (ADR 027). A gzipped body is refused as soon as it inflates past this, before any of it is parsed.
 */
export const MAX_BODY_BYTES = REQUEST_MAX_BYTES;

/**
 * The refusal of a body over MAX_BODY_BYTES, compressed or not: a call that carries a map is told the map size limit,
 * any other that the request is too large (a contact message past the limit is not a map).
 */
function bodyTooLarge(call: string): CallError {
  const { message, details } = bodyTooLargeRefusal(call);
  return new CallError('invalid-argument', message, details);
}

/** What a call's body receives besides its validated input. */
export interface CallContext {
  /** The verified caller; null only for calls declared with auth 'optional'. */
  identity: Identity | null;
  /** The user the call acts for: the caller, or the user an administrator views as. */
  subject: string | null;
  log: Logger;
  requestId: string;
  /** The caller's IP address as API Gateway saw it. */
  sourceIp: string;
  /** Milliseconds left before Lambda stops this invocation. */
  remainingMs: () => number;
}

export interface CallableOptions<K extends CallName> {
  /** The call's name in the call table; its output type comes from there. */
  name: K;
  /**
   * The call's input schema: the one the call table names for it (`CALL_INPUTS[name]`), which the compiler checks
   * by shape (a schema with extra fields passes) and lambdas/src/calls.test.ts by identity. Passed here rather than looked up in the table so that a
   * bundle carries (and builds at load) only its own call's schemas, not every call's (ADR 034).
   */
  input: CallInputs[K];
  /** 'required' (default): signed-in callers only; 'admin': administrators only; 'optional': anyone. */
  auth?: 'required' | 'admin' | 'optional';
  /**
   * The call changes data: a deleted account (whose ID token is still valid until it expires) is refused, and an
   * administrator may act only for a user who exists. The tombstones are read with the caller's sessions-ended mark,
   * which every signed-in call reads (one table read per invocation either way), and with a view-as id, one user
   * pool read; the function's grants need 'AdminGetUser'.
   */
  writes?: boolean;
  /**
   * Work before the input is checked, given the request's `data` as it came (the map calls: loading the compiled
   * parser for a large document, lib/document-parser.ts). A failure here is the call's failure.
   */
  prepare?: (data: unknown) => Promise<void>;
  run: (input: Parsed<K>, ctx: CallContext) => Promise<Out<K>>;
}

interface State {
  ctx?: CallContext;
  /** The request's `data`, before validation. */
  data?: unknown;
  /** `data` after validation. */
  input?: unknown;
}

/** Per-invocation state, keyed by the Lambda context object that middy hands to both middleware and body. */
const states = new WeakMap<object, State>();
const stateOf = (context: object): State => {
  let state = states.get(context);
  if (!state) states.set(context, (state = {}));
  return state;
};
const contextOf = (context: object): CallContext => {
  const ctx = stateOf(context).ctx;
  if (!ctx) throw new Error('the requestContext middleware did not run');
  return ctx;
};

const json = (statusCode: number, body: unknown): CallResult => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  body: JSON.stringify(body),
});

/** The protocol's error envelope for any thrown value: 4xx messages reach the caller, 5xx do not. */
export function errorResponse(error: unknown, log: Logger): CallResult {
  if (error instanceof CallError) {
    const { status, http } = ERROR_CODES[error.code];
    // 'unavailable' answers are written for the caller (what to do now); other 5xx messages are not shown.
    if (error.code === 'unavailable') {
      log.warn('call answered unavailable', { error });
      return json(http, {
        error: { status, message: error.message, ...(error.details ? { details: error.details } : {}) },
      });
    }
    if (http >= 500) {
      log.error('call failed', { error });
      return json(http, { error: { status, message: MESSAGES.internal } });
    }
    const body: { status: string; message: string; details?: unknown } = { status, message: error.message };
    if (error.details !== undefined) body.details = error.details;
    const answer = json(http, { error: body });
    // The standard header too, so any HTTP client (and our own, web/src/lib/call.ts) can wait as long as asked.
    const wait = http === 429 ? retryAfterSeconds(error) : undefined;
    if (wait !== undefined) answer.headers = { ...answer.headers, 'retry-after': String(wait) };
    return answer;
  }
  if (isTransient(error)) {
    log.error('call failed on a dependency; the client may retry', { error });
    return json(503, { error: { status: 'UNAVAILABLE', message: MESSAGES.unavailable } });
  }
  log.error('call failed with an unexpected error', { error });
  return json(500, { error: { status: 'INTERNAL', message: MESSAGES.internal } });
}

/**
 * The whole seconds a refusal asks the caller to wait: its details' `retryAfterSeconds` (the licence limit), else the
 * error's own `retryAfterMs`; undefined when it names no wait.
 */
function retryAfterSeconds(error: CallError): number | undefined {
  const inDetails = (error.details as { retryAfterSeconds?: unknown } | null | undefined)?.retryAfterSeconds;
  const seconds =
    typeof inDetails === 'number' ? inDetails : error.retryAfterMs !== undefined ? error.retryAfterMs / 1000 : NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}

/**
 * Failures of a dependency (an AWS service error, throttling, a dropped connection) rather than of our code:
 * answered 503 so the client knows a retry may succeed. Nothing was committed when these reach `callable`.
 */
export function isTransient(error: unknown): boolean {
  const e = error as { $metadata?: { httpStatusCode?: number }; $retryable?: unknown; name?: string; code?: string };
  if (!e || typeof e !== 'object') return false;
  if (e.$retryable) return true;
  const status = e.$metadata?.httpStatusCode;
  if (typeof status === 'number' && (status >= 500 || status === 429)) return true;
  if (
    [
      'ThrottlingException',
      'ProvisionedThroughputExceededException',
      'RequestLimitExceeded',
      'TransactionConflictException',
      'SlowDown',
      'ServiceUnavailable',
      'InternalError',
      'TimeoutError',
    ].includes(e.name ?? '')
  )
    return true;
  return ['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN'].includes(e.code ?? '');
}

/** Zod issues as the field list sent in an INVALID_ARGUMENT answer's details. */
export function fieldIssues(error: z.core.$ZodError): FieldIssue[] {
  return error.issues
    .slice(0, 20)
    .map((issue) => ({ path: issue.path.map(String).join('.') || '(data)', message: issue.message }));
}

function describeIssues(issues: FieldIssue[]): string {
  const first = issues[0];
  if (!first) return 'The request is not valid.';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
  return `Invalid ${first.path}: ${first.message}${more}`;
}

/**
 * The answer to a call whose body is not declared JSON. Only a JSON content type makes a browser ask first (a CORS
 * preflight, which the API answers for the app's own origins only); a text/plain or form POST from another site is
 * sent without asking, so reading it as JSON would let any page a visitor opens make calls through their browser.
 */
export const NOT_JSON_MESSAGE = 'Calls are sent as JSON, with the header "content-type: application/json".';

/** A content-type header naming application/json, with or without parameters such as charset. */
export function isJsonContentType(header: string | undefined): boolean {
  return (header ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}

async function readBody(event: CallEvent, call: string): Promise<unknown> {
  if (event.body === undefined || event.body === null || event.body === '') {
    throw new CallError('invalid-argument', 'The request body must be a JSON object with a "data" field.');
  }
  let raw: Buffer = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  const encoding = (event.headers?.['content-encoding'] ?? '').toLowerCase();
  if (encoding === 'gzip') {
    try {
      raw = await gunzipCapped(raw, MAX_BODY_BYTES);
    } catch (error) {
      if (error instanceof InflatedTooLargeError) throw bodyTooLarge(call);
      throw new CallError('invalid-argument', 'The request body is not valid gzip.');
    }
  } else if (encoding !== '' && encoding !== 'identity') {
    throw new CallError('invalid-argument', `Unsupported content encoding "${encoding}".`);
  }
  if (raw.length > MAX_BODY_BYTES) throw bodyTooLarge(call);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new CallError('invalid-argument', 'The request body is not valid JSON.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed) || !('data' in parsed)) {
    throw new CallError('invalid-argument', 'The request body must be a JSON object with a "data" field.');
  }
  return (parsed as { data: unknown }).data;
}

/** The protocol's middleware, one concern each; `callable` composes them in this order. */

/**
 * Only requests CloudFront forwarded (lib/origin-check.ts): on deployed stages (ORIGIN_SECRETS set) a request
 * without CloudFront's secret header, e.g. one made to the API's execute-api address, is answered 403 before
 * anything else is read.
 */
export function originCheck(): MiddlewareObj<CallEvent, CallResult, Error, Context> {
  return {
    before: async (request) => {
      if (!cameThroughOrigin(request.event.headers, acceptedOriginSecrets()))
        throw new CallError('permission-denied', DIRECT_ACCESS_MESSAGE);
    },
  };
}

/** Request context and logging, and the protocol's one method: every later step and the body read `ctx`. */
export function requestContext(name: string): MiddlewareObj<CallEvent, CallResult, Error, Context> {
  return {
    before: async (request) => {
      const requestId = request.context?.awsRequestId ?? request.event.requestContext?.requestId ?? 'local';
      const ctx: CallContext = {
        identity: null,
        subject: null,
        log: createLogger({ service: 'mapnest', fn: name, requestId }),
        requestId,
        sourceIp: clientAddress(request.event),
        remainingMs: () => request.context?.getRemainingTimeInMillis?.() ?? 60_000,
      };
      stateOf(request.context).ctx = ctx;
      if (request.event.requestContext?.http?.method !== 'POST') {
        throw new CallError('invalid-argument', 'Calls are made with POST.');
      }
    },
  };
}

/**
 * Authentication from the verified JWT claims ('required', 'admin' or 'optional'), the check that the caller's session
 * was not ended since it began, the subject an administrator acts for, and for calls that write, the check that
 * neither account was deleted.
 */
export function authentication(
  auth: 'required' | 'admin' | 'optional',
  writes: boolean,
): MiddlewareObj<CallEvent, CallResult, Error, Context> {
  return {
    before: async (request) => {
      const ctx = contextOf(request.context);
      const identity = identityFromClaims(request.event.requestContext?.authorizer?.jwt?.claims);
      if (!identity && auth !== 'optional') throw new CallError('unauthenticated', MESSAGES.unauthenticated);
      if (identity && auth === 'admin' && !identity.admin) {
        throw new CallError('permission-denied', 'This action is for administrators.');
      }
      ctx.identity = identity;
      ctx.subject = identity
        ? await resolveViewAs(subjectUid(identity, request.event.headers?.[VIEW_AS_HEADER]))
        : null;
      if (identity && ctx.subject) await assertAccountsLive(identity, ctx.subject, writes);
    },
  };
}

/**
 * The request body: `{data}` as JSON, gzipped or not, within MAX_BODY_BYTES. A body of another content type is
 * answered 415 (HTTP's "unsupported media type") before it is read: the call protocol has no code of its own for it.
 */
export function jsonBody(call: string): MiddlewareObj<CallEvent, CallResult, Error, Context> {
  return {
    before: async (request) => {
      if (!isJsonContentType(request.event.headers?.['content-type']))
        return json(415, { error: { status: 'INVALID_ARGUMENT', message: NOT_JSON_MESSAGE } });
      stateOf(request.context).data = await readBody(request.event, call);
      return undefined;
    },
  };
}

/** Validation of `data` against the call's schema; the field list goes back in the answer's details. */
export function validation(
  input: z.ZodMiniType,
  prepare?: (data: unknown) => Promise<void>,
): MiddlewareObj<CallEvent, CallResult, Error, Context> {
  return {
    before: async (request) => {
      const state = stateOf(request.context);
      await prepare?.(state.data);
      const parsed = input.safeParse(state.data);
      if (!parsed.success) {
        const issues = fieldIssues(parsed.error);
        throw new CallError('invalid-argument', describeIssues(issues), { issues });
      }
      state.input = parsed.data;
    },
  };
}

/** Error mapping: any failure becomes the protocol's error envelope (errorResponse); 5xx are counted. */
export function errorMapping(name: string): MiddlewareObj<CallEvent, CallResult, Error, Context> {
  return {
    onError: async (request) => {
      const log = stateOf(request.context).ctx?.log ?? createLogger({ fn: name });
      request.response = errorResponse(request.error, log);
      if (request.response.statusCode !== undefined && request.response.statusCode >= 500)
        recordMetric('CallFailures', 1);
    },
  };
}

/**
 * The user pool look-ups of view-as, loaded when an administrator first views as someone else. In a bundle the
 * specifier is `./view-as.mjs`, a file of its own next to index.mjs (infra/src/bundle.ts, ON_DEMAND_MODULES), so no
 * call carries the user pool API for them (ADR 042); from the sources it is this folder's view-as.ts.
 */
const viewAs = (): Promise<typeof import('./view-as')> => import(/* @vite-ignore */ VIEW_AS_MODULE);
/** A variable, not a literal in the import: esbuild would otherwise fold the two and try to bundle the file. */
const VIEW_AS_MODULE = process.env.MAPNEST_VIEW_AS_MODULE ?? './view-as';

/**
 * An administrator's view-as email address becomes the user's id here, once, before any call runs: every call
 * then reads and writes under the id (a map made "as" an address would belong to no one). An address that names
 * no user, or more than one, is refused.
 */
async function resolveViewAs(subject: string): Promise<string> {
  if (!isViewAsEmail(subject)) return subject;
  const uids = await (await viewAs()).usersWithEmail(subject);
  if (uids.length === 0) throw new CallError('not-found', MESSAGES.noSuchUser);
  if (uids.length > 1)
    throw new CallError('failed-precondition', 'More than one user has this email address; view as a user id.');
  return uids[0]!;
}

/**
 * A session began before its account's sessions were ended when the sign-in it comes from (the token's auth_time,
 * whole seconds, kept by every refresh) is older than the mark. A sign-in in the mark's own second counts as older:
 * the token cannot say which came first, and a session that should have ended must not go on. The call that sets
 * the mark answers only once that second is over (adapters/account-status.ts `markSessionsEnded`), so a sign-in after
 * it is never refused.
 */
export function sessionEnded(authTime: number | undefined, ended: SessionsEnded | null): boolean {
  return ended !== null && (authTime ?? 0) <= Math.floor(ended.before / 1000);
}

/**
 * Every signed-in call: the caller's session must not have been ended since it began (a password reset, "Sign out of
 * all devices": ADR 079). For calls that write, also: the caller's account (and the account an administrator acts
 * for) must not have been deleted, and an administrator's view-as id must name a user. Read fresh on every invocation
 * (a warm container outlives a sign-out or a deletion), in one table read.
 */
async function assertAccountsLive(identity: Identity, subject: string, writes: boolean): Promise<void> {
  const caller = identity.uid;
  const [status, exists] = await Promise.all([
    callerStatus(caller, writes ? [caller, subject] : []),
    !writes || subject === caller ? Promise.resolve(true) : viewAs().then((lookUp) => lookUp.userExists(subject)),
  ]);
  if (status.deleted) throw new AccountDeletedError();
  if (sessionEnded(identity.authTime, status.sessionsEnded)) throw new SessionEndedError(status.sessionsEnded!.reason);
  if (!exists) throw new CallError('not-found', 'There is no user with this id.');
}

/**
 * A callable Lambda handler: `export const handler = callable({ name: 'saveMap', input: saveMapInput, run })`. The
 * input schema is the call table's for the name (@mapnest/shared/calls), and the body must answer the table's output
 * type for the name.
 */
export function callable<K extends CallName>(opts: CallableOptions<K>) {
  const auth = opts.auth ?? 'required';
  const handler = middy<CallEvent, CallResult, Error, Context>()
    .use(errorMapping(opts.name))
    .use(originCheck())
    .use(requestContext(opts.name))
    .use(authentication(auth, opts.writes ?? false))
    .use(jsonBody(opts.name))
    .use(validation(opts.input, opts.prepare))
    .handler(async (_event, context) => {
      const result = await opts.run(stateOf(context).input as Parsed<K>, contextOf(context));
      return json(200, { data: result === undefined ? null : result });
    });
  return Object.assign(handler, { callName: opts.name, input: opts.input, writes: opts.writes ?? false });
}

/** The caller and the user they act for, for calls that require a signed-in user. */
export function actorOf(ctx: CallContext): { identity: Identity; subject: string } {
  if (!ctx.identity || !ctx.subject) throw new CallError('unauthenticated', MESSAGES.unauthenticated);
  return { identity: ctx.identity, subject: ctx.subject };
}
