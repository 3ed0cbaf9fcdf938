/**
 * For the fault tests that start a stack of their own (scripts/local/stack.ts), not the run's shared one: a signed-in
 * user of that stack, and a call through its gateway answered as status and body, whatever the status.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { Stack } from '../../scripts/local/stack';
import { createUser } from './stack';

/** The ID token of a new signed-in user of `stack`. */
export async function ownStackUser(stack: Stack): Promise<string> {
  const client = new CognitoIdentityProviderClient({
    endpoint: stack.endpoints.cognito,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return (await createUser({}, { client, userPoolId: stack.userPoolId, clientId: stack.clientId })).token;
}

/** `name` called with `data` on `stack` by the user of `token`: the answer's status and its JSON body (null if none). */
export async function ownStackCall(
  stack: Stack,
  token: string,
  name: string,
  data: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several calls, read field by field
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${stack.url}/api/fn/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ data }),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}
