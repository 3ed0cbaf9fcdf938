/**
 * IAM for the table, the user pool and Parameter Store, in the local stack: each function may send DynamoDB and
 * Cognito's user-pool API only what its grants (infra/src/grants.ts) let the deployed function's role send, and read
 * only the parameters they name, and anything else is refused as AWS refuses it (AccessDeniedException, a 400).
 * Neither DynamoDB Local, cognito-local nor the stack's extension checks any permission, so without this a call whose
 * grants lack an action it sends passes every local test and fails only once deployed. The handlers share one table
 * client (lambdas/src/lib/clients.ts) and one process, where each runs in its own container in AWS; which function is
 * running is carried with its invocation (`runAs`), so a request is checked against the grants of the function that
 * sent it, however its work interleaves with others'.
 *
 * Requests sent outside any function (the stack's own set-up, the tests' helpers) are not checked: in AWS they are
 * not made by a function's role.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GRANTS, TABLE_ACTIONS } from '../../../infra/src/grants';
import { EXTENSION_FAILURE, LOCAL_PARAMETERS, requestedParameter } from './parameters-extension';

const running = new AsyncLocalStorage<string>();

/** Runs `fn` as the function `id`: what it sends the table, now or later in its work, is checked against its grants. */
export function runAs<T>(id: string, fn: () => T): T {
  return running.run(id, fn);
}

/** A transaction's item kinds, by the IAM action each needs. */
const TRANSACT_ACTIONS: Readonly<Record<string, string>> = {
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  ConditionCheck: 'dynamodb:ConditionCheckItem',
  Get: 'dynamodb:GetItem',
};

/**
 * The IAM actions a request needs: its operation's, or for a transaction each item's (IAM has no action of its own
 * for TransactWriteItems or TransactGetItems).
 */
export function actionsFor(commandName: string, input: unknown): string[] {
  const operation = commandName.replace(/Command$/, '');
  if (operation !== 'TransactWriteItems' && operation !== 'TransactGetItems') return [`dynamodb:${operation}`];
  const items = (input as { TransactItems?: Record<string, unknown>[] }).TransactItems ?? [];
  return [...new Set(items.flatMap((item) => Object.keys(item).map((kind) => TRANSACT_ACTIONS[kind] ?? kind)))];
}

/** Whether the function `id` is granted `action` on the table (a function without grants is granted nothing). */
export function tableAllows(id: string, action: string): boolean {
  return (GRANTS[id]?.table ?? []).some((access) => TABLE_ACTIONS[access].includes(action));
}

/** Whether the function `id` is granted the user pool's operation `operation` (AdminGetUser, ListUsers, …). */
export function userPoolAllows(id: string, operation: string): boolean {
  return (GRANTS[id]?.userPool ?? []).some((granted) => granted === operation);
}

/** AWS's words for a request the caller's role does not allow. */
function deniedMessage(id: string, action: string, resource: string): string {
  const role = `arn:aws:sts::000000000000:assumed-role/mapnest-local-${id.replace('/', '-')}/mapnest-${id}`;
  return (
    `User: ${role} is not authorized to perform: ${action} on resource: ${resource} because no identity-based ` +
    `policy allows the ${action} action (the local stack, from infra/src/grants.ts)`
  );
}

/** One line on the stack's error output for each refusal, since the function may word the error its own way. */
function sayRefused(id: string, action: string): void {
  console.error(`[grants] ${id} sent ${action}, which infra/src/grants.ts does not grant it`);
}

/** AWS's answer to a request the caller's role does not allow, as the SDK raises it. */
function accessDenied(id: string, action: string): Error {
  const error = new Error(deniedMessage(id, action, 'the table'));
  return Object.assign(error, {
    name: 'AccessDeniedException',
    $fault: 'client',
    $metadata: { httpStatusCode: 400 },
  });
}

const guarded = new WeakSet<object>();

/**
 * Makes a table client refuse, for a request sent by a function (`runAs`), any action that function's grants do not
 * allow; said on the stack's error output too, since the function may turn the error into a message of its own.
 */
export function guardTable(client: DynamoDBDocumentClient): void {
  if (guarded.has(client)) return;
  guarded.add(client);
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const id = running.getStore();
      if (id !== undefined) {
        const denied = actionsFor(context.commandName ?? '', args.input).find((action) => !tableAllows(id, action));
        if (denied) {
          sayRefused(id, denied);
          throw accessDenied(id, denied);
        }
      }
      return next(args);
    },
    { step: 'initialize', name: 'mapnestLocalGrants', override: true },
  );
}

/** The header naming a user-pool operation (the AWS JSON 1.1 protocol: lambdas/src/adapters/user-pool-api.ts). */
const USER_POOL_TARGET = 'awscognitoidentityproviderservice.';

type FetchInput = Parameters<typeof fetch>[0];
type FetchInit = Parameters<typeof fetch>[1];
/** A guarded endpoint's check of a request a function sends it: AWS's refusal, or null to let it through. */
type EndpointCheck = (id: string, input: FetchInput, init: FetchInit) => Response | null;

/** The endpoints the handlers reach with fetch that are guarded, by origin: one fetch wrapper serves them all. */
const guardedEndpoints = new Map<string, EndpointCheck>();
/** Puts back the fetch the guard wrapped. */
let unguardFetch = () => {};

const requestUrl = (input: FetchInput) => (input instanceof Request ? input.url : String(input));

/**
 * Checks what a function (`runAs`) sends to `origin` with fetch: `check` answers AWS's refusal, which the function
 * gets instead of the endpoint's answer (the request never reaches it). Every other request goes through unchanged,
 * and an address fetch cannot read is left to fetch, to refuse as it does. Answers what takes the guard off again.
 */
function guardEndpoint(origin: string, check: EndpointCheck): () => Promise<void> {
  if (guardedEndpoints.size === 0) {
    const send = globalThis.fetch;
    unguardFetch = () => void (globalThis.fetch = send);
    globalThis.fetch = (input, init) => {
      const id = running.getStore();
      const url = requestUrl(input);
      const guard = id === undefined || !URL.canParse(url) ? undefined : guardedEndpoints.get(new URL(url).origin);
      const refusal = guard?.(id!, input, init) ?? null;
      return refusal ? Promise.resolve(refusal) : send(input, init);
    };
  }
  guardedEndpoints.set(origin, check);
  return async () => {
    if (guardedEndpoints.delete(origin) && guardedEndpoints.size === 0) unguardFetch();
  };
}

/** The user-pool operation a request names, or null when it names none. */
function userPoolOperation(input: FetchInput, init: FetchInit): string | null {
  const target = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).get(
    'x-amz-target',
  );
  return target?.toLowerCase().startsWith(USER_POOL_TARGET) ? target.slice(USER_POOL_TARGET.length) : null;
}

/**
 * Makes the user-pool API at `endpoint` refuse, for a request a function sends (`runAs`), any operation that
 * function's grants do not allow, answering as Cognito answers a role without the action (a 400 whose `__type` is
 * AccessDeniedException); the request never reaches the pool. The handlers call the API with fetch, so the process's
 * fetch checks it. Answers what takes the guard off again.
 */
export function guardUserPool(endpoint: string): () => Promise<void> {
  return guardEndpoint(new URL(endpoint).origin, (id, input, init) => {
    const operation = userPoolOperation(input, init);
    if (operation === null || userPoolAllows(id, operation)) return null;
    const action = `cognito-idp:${operation}`;
    sayRefused(id, action);
    const body = { __type: 'AccessDeniedException', message: deniedMessage(id, action, 'the user pool') };
    return new Response(JSON.stringify(body), {
      status: 400,
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': 'AccessDeniedException' },
    });
  });
}

/** Whether the function `id` may read the Parameter Store parameter `name` (one of LOCAL_PARAMETERS). */
export function parameterAllows(id: string, name: string): boolean {
  return Object.values(LOCAL_PARAMETERS).some((p) => p.name === name && p.granted(GRANTS[id]));
}

/**
 * Makes the Parameters and Secrets extension at `origin` (./parameters-extension.ts) refuse, for a read a function
 * sends (`runAs`), a parameter that function's grants do not let it read (`stripe`, `marketplace`), with the
 * extension's answer when Parameter Store refuses its role: a 400 with its one sentence. Answers what takes the guard
 * off again.
 */
export function guardParameterStore(origin: string): () => Promise<void> {
  return guardEndpoint(new URL(origin).origin, (id, input) => {
    const name = requestedParameter(requestUrl(input));
    if (name === null || parameterAllows(id, name)) return null;
    sayRefused(id, `ssm:GetParameter on ${name}`);
    return new Response(EXTENSION_FAILURE, { status: 400, headers: { 'content-type': 'text/plain' } });
  });
}
