import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  ScanCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { GRANTS } from '../../../infra/src/grants';
import { userPoolCall } from '@mapnest/lambdas/adapters/user-pool-api';
import { actionsFor, guardTable, guardUserPool, runAs, tableAllows, userPoolAllows } from './grants-guard';
import { functionIdOf, LAMBDAS_SRC } from './lambda-runtime';

/** A table client that never reaches a table: a request the guard lets through is answered empty. */
function offlineClient(): DynamoDBDocumentClient {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } }),
  );
  client.middlewareStack.add(() => async () => ({ output: { $metadata: {} }, response: {} }), {
    step: 'build',
    name: 'answeredOffline',
  });
  return client;
}

const put = new TransactWriteCommand({
  TransactItems: [
    { Put: { TableName: 't', Item: { pk: 'a' } } },
    { ConditionCheck: { TableName: 't', Key: { pk: 'b' }, ConditionExpression: 'attribute_exists(pk)' } },
  ],
});

describe('the local stack’s table permissions', () => {
  it('name each handler by its module under lambdas/src, the key of its grants', () => {
    expect(functionIdOf(`${LAMBDAS_SRC}/calls/save-map.ts`)).toBe('calls/save-map');
    expect(functionIdOf(`${LAMBDAS_SRC}/triggers/follow-ups.ts`)).toBe('triggers/follow-ups');
    expect(GRANTS['calls/save-map']).toBeDefined();
  });

  it('need an operation’s own action, or for a transaction each item’s, as IAM checks them', () => {
    expect(actionsFor('GetItemCommand', {})).toEqual(['dynamodb:GetItem']);
    expect(actionsFor('ScanCommand', {})).toEqual(['dynamodb:Scan']);
    expect(actionsFor('TransactWriteItemsCommand', put.input)).toEqual([
      'dynamodb:PutItem',
      'dynamodb:ConditionCheckItem',
    ]);
    expect(actionsFor('TransactGetItemsCommand', { TransactItems: [{ Get: {} }] })).toEqual(['dynamodb:GetItem']);
  });

  it('allow a function what its grants name and nothing else; a function without grants nothing', () => {
    expect(tableAllows('calls/get-map', 'dynamodb:GetItem')).toBe(true);
    expect(tableAllows('calls/get-map', 'dynamodb:PutItem')).toBe(false);
    expect(tableAllows('calls/get-map', 'dynamodb:Scan')).toBe(false);
    expect(tableAllows('calls/no-such-call', 'dynamodb:GetItem')).toBe(false);
  });

  it('refuse a request its function is not granted, as AWS does, and let the others through', async () => {
    const said = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = offlineClient();
    guardTable(client);
    guardTable(client); // once only
    // get-map reads: a read goes through, a write, a scan or a transaction's put is refused before it is sent.
    await expect(
      runAs('calls/get-map', () => client.send(new GetCommand({ TableName: 't', Key: { pk: 'a' } }))),
    ).resolves.toBeDefined();
    const refused: (() => Promise<unknown>)[] = [
      () => client.send(new PutCommand({ TableName: 't', Item: { pk: 'a' } })),
      () => client.send(new ScanCommand({ TableName: 't' })),
      () => client.send(put),
    ];
    for (const send of refused)
      await expect(runAs('calls/get-map', send)).rejects.toMatchObject({
        name: 'AccessDeniedException',
        $metadata: { httpStatusCode: 400 },
        message: expect.stringMatching(/not authorized to perform: dynamodb:(PutItem|Scan) /),
      });
    // Each refusal also said on the stack's output, naming the function and the action.
    expect(said.mock.calls.map(([line]) => line)).toEqual([
      '[grants] calls/get-map sent dynamodb:PutItem, which infra/src/grants.ts does not grant it',
      '[grants] calls/get-map sent dynamodb:Scan, which infra/src/grants.ts does not grant it',
      '[grants] calls/get-map sent dynamodb:PutItem, which infra/src/grants.ts does not grant it',
    ]);
    said.mockRestore();
    // Checked against the function that sent it, also after an await within its work.
    await expect(
      runAs('calls/save-map', async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return client.send(put);
      }),
    ).resolves.toBeDefined();
    // Sent by no function (the stack's set-up, a test's helper): not a role's request, not checked.
    await expect(client.send(new ScanCommand({ TableName: 't' }))).resolves.toBeDefined();
  });

  it('refuse a user-pool operation its function is not granted, as Cognito does, before it reaches the pool', async () => {
    const reached: string[] = [];
    const pool = createServer((req, res) => {
      reached.push(String(req.headers['x-amz-target'] ?? 'no operation'));
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end('{}');
    });
    await new Promise<void>((ok) => pool.listen(0, '127.0.0.1', ok));
    const endpoint = `http://127.0.0.1:${(pool.address() as AddressInfo).port}`;
    vi.stubEnv('AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER', endpoint);
    vi.stubEnv('AWS_REGION', 'us-east-1');
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'local');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'local');
    const said = vi.spyOn(console, 'error').mockImplementation(() => {});
    let unguard = async () => {};
    try {
      unguard = guardUserPool(endpoint);
      expect(userPoolAllows('calls/find-users', 'AdminGetUser')).toBe(true);
      expect(userPoolAllows('calls/find-users', 'AdminDeleteUser')).toBe(false);
      expect(userPoolAllows('calls/get-map', 'AdminGetUser')).toBe(false);

      const getUser = () => userPoolCall('AdminGetUser', { UserPoolId: 'p', Username: 'u' });
      const deleteUser = () => userPoolCall('AdminDeleteUser', { UserPoolId: 'p', Username: 'u' });
      await expect(runAs('calls/find-users', getUser)).resolves.toEqual({});
      // The adapter names the refusal as the SDK names Cognito's: a client error, not retried.
      await expect(runAs('calls/find-users', deleteUser)).rejects.toMatchObject({
        name: 'AccessDeniedException',
        message: expect.stringMatching(
          /not authorized to perform: cognito-idp:AdminDeleteUser on resource: the user pool/,
        ),
      });
      await expect(runAs('calls/get-map', getUser)).rejects.toMatchObject({ name: 'AccessDeniedException' });
      // Sent by no function (a test's helper): not a role's request, not checked.
      await expect(deleteUser()).resolves.toEqual({});
      // An address fetch cannot read is fetch's to refuse, as a failed promise like any other.
      await expect(runAs('calls/get-map', () => fetch('not an address'))).rejects.toThrow(TypeError);
      // Other hosts are not the pool: fetch leaves them alone.
      await expect(
        runAs('calls/get-map', () =>
          fetch(`http://localhost:${(pool.address() as AddressInfo).port}/`, { method: 'POST' }),
        ),
      ).resolves.toMatchObject({ status: 200 });

      expect(reached).toEqual([
        'AWSCognitoIdentityProviderService.AdminGetUser',
        'AWSCognitoIdentityProviderService.AdminDeleteUser',
        'no operation',
      ]);
      expect(said.mock.calls.map(([line]) => line)).toEqual([
        '[grants] calls/find-users sent cognito-idp:AdminDeleteUser, which infra/src/grants.ts does not grant it',
        '[grants] calls/get-map sent cognito-idp:AdminGetUser, which infra/src/grants.ts does not grant it',
      ]);
      // Taken off, fetch is the process's own again.
      await unguard();
      await expect(runAs('calls/get-map', getUser)).resolves.toEqual({});
    } finally {
      await unguard();
      said.mockRestore();
      vi.unstubAllEnvs();
      await new Promise((ok) => pool.close(ok));
    }
  });
});
