/**
 * The manifest of every Lambda in the product, as pure data: the local gateway serves it, the CDK app
 * provisions it, and tests check the two agree. Callables live in `calls/<kebab-name>.ts` and are
 * reached at `POST /api/fn/<camelName>`; public HTTP routes live in `http/`; event triggers in `triggers/`.
 */
import type { CallName } from '@mapnest/shared/calls';
import { keys, TABLE_INDEXES } from '@mapnest/shared/keys';

export const CALL_PATH_PREFIX = '/api/fn/';

export interface HttpRouteSpec {
  /** Handler module under lambdas/src/http, without extension. */
  module: string;
  method: 'GET' | 'POST';
  path: string;
}

/** Public routes: no authorizer. Everything else under /api is a callable behind the JWT authorizer. */
export const HTTP_ROUTES: readonly HttpRouteSpec[] = [
  { module: 'health', method: 'GET', path: '/api/health' },
  // Stripe signs its requests; the handler checks the signature over the raw body.
  { module: 'stripe-webhook', method: 'POST', path: '/api/stripe/webhook' },
  // The embed's analytics beacon (sendBeacon, text/plain): Professional maps only, rate-limited per map.
  { module: 'beacon', method: 'POST', path: '/api/beacon' },
];

export interface TriggerSpec {
  /** Handler module under lambdas/src/triggers, without extension. */
  module: string;
  /**
   * 'custom-resource': run by CloudFormation during each deployment (Create/Update/Delete of its resource).
   * 'table-stream': the single table's stream (new images), through an event source mapping with `filter`.
   */
  source: 's3-upload' | 'cognito-custom-message' | 'schedule' | 'custom-resource' | 'table-stream';
  /** For 'schedule': an EventBridge schedule expression. */
  schedule?: string;
  /**
   * For 'table-stream': the event source mapping's filter pattern (Lambda's filter syntax: each leaf a list of
   * accepted values), which the CDK app deploys and the local stream poller applies the same way.
   */
  filter?: StreamFilter;
}

/** A filter pattern over a stream record: nested fields, each leaf the list of values it may have. */
export interface StreamFilter {
  [field: string]: StreamFilter | readonly string[];
}

/** Kept follow-ups waiting in the due index (ADR 047): inserted or changed, with the due partition key. */
const FOLLOW_UPS_DUE: StreamFilter = {
  eventName: ['INSERT', 'MODIFY'],
  dynamodb: { NewImage: { [TABLE_INDEXES.byDue.pk]: { S: [keys.dueBy('follow-up', '').pk] } } },
};

export const TRIGGERS: readonly TriggerSpec[] = [
  { module: 'cognito-custom-message', source: 'cognito-custom-message' },
  { module: 'expire-test-maps', source: 'schedule', schedule: 'rate(1 hour)' },
  { module: 'thumbnail', source: 's3-upload' },
  { module: 'seed-demo-maps', source: 'custom-resource' },
  { module: 'follow-ups', source: 'table-stream', filter: FOLLOW_UPS_DUE },
];

/** 'save-map' -> 'saveMap'. */
export function callNameFromModule(module: string): string {
  return module.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** 'saveMap' -> 'save-map'. */
export function moduleFromCallName(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/**
 * Callables that signed-out visitors may use: their routes have no JWT authorizer, so their handlers see no
 * identity (they are declared with auth 'optional'). Everything else under /api/fn requires a valid ID token.
 */
export const PUBLIC_CALLS: readonly string[] = ['submitContact'] satisfies CallName[];

/** Call names are lower camelCase letters and digits; anything else is never a module path. */
export const CALL_NAME_PATTERN = /^[a-z][a-zA-Z0-9]{0,63}$/;
