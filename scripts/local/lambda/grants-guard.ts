/**
 * IAM for the table, in the local stack: each function may send DynamoDB only what its grants (infra/src/grants.ts)
 * let the deployed function's role send, and anything else is refused as AWS refuses it (AccessDeniedException, a
 * 400). DynamoDB Local checks no permission, so without this a call whose grants lack an action it sends passes every
 * local test and fails only once deployed. The handlers share one table client (lambdas/src/lib/clients.ts), as each
 * runs in its own container in AWS; which function is running is carried with its invocation (`runAs`), so a request
 * is checked against the grants of the function that sent it, however its work interleaves with others'.
 *
 * Requests sent outside any function (the stack's own set-up, the tests' helpers) are not checked: in AWS they are
 * not made by a function's role.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GRANTS, TABLE_ACTIONS } from '../../../infra/src/grants';

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

/** AWS's answer to a request the caller's role does not allow, as the SDK raises it. */
function accessDenied(id: string, action: string): Error {
  const role = `arn:aws:sts::000000000000:assumed-role/mapnest-local-${id.replace('/', '-')}/mapnest-${id}`;
  const error = new Error(
    `User: ${role} is not authorized to perform: ${action} on resource: the table because no identity-based policy ` +
      `allows the ${action} action (the local stack, from infra/src/grants.ts)`,
  );
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
          console.error(`[grants] ${id} sent ${denied}, which infra/src/grants.ts does not grant it`);
          throw accessDenied(id, denied);
        }
      }
      return next(args);
    },
    { step: 'initialize', name: 'mapnestLocalGrants', override: true },
  );
}
