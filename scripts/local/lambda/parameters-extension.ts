/**
 * AWS's Parameters and Secrets Lambda extension, for the local stack: the handlers read their Stripe and marketplace
 * secrets as they do deployed (lambdas/src/lib/secrets.ts: `<NAME>_PARAMETER` names a Parameter Store parameter, and
 * a GET to the extension on localhost answers its value), not from a value in the environment. The parameters have
 * the names a stage's config gives them (infra/src/stages.ts, as stage "local"), and their values are the stack's
 * (the payments sandbox's keys, or the operator's real ones).
 *
 * What it answers, as the extension does: `GET /systemsmanager/parameters/get?name=…&withDecryption=true` with the
 * `X-Aws-Parameters-Secrets-Token` header is GetParameter's JSON (`{ Parameter: { Name, Type, Value, … } }`); a name
 * Parameter Store does not hold is a 400 with the extension's one sentence for every failure. A request without the
 * token header is refused (401): the extension serves only its own function. Locally the functions have no session
 * token (the emulators take fixed keys), so the token expected is the empty one the reader then sends.
 *
 * Which function may read which parameter is checked where the function sends the request (`guardParameterStore` in
 * ./grants-guard.ts, from infra/src/grants.ts): in AWS its role decides, and a function without the grant gets the
 * same 400. The stack sets the extension's TTL to 0 (`SSM_PARAMETER_STORE_TTL`), so no value read by one function
 * is served from memory to another: the handlers share one process here, where each has its own in AWS.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SecretName } from '@mapnest/lambdas/lib/secrets';
import type { FunctionGrants } from '../../../infra/src/grants';
import { marketplaceParameters, stripeParameters } from '../../../infra/src/stages';

const STRIPE = stripeParameters('local');

/** Each secret the handlers read: its parameter's name locally, and whether a function's grants let it read it. */
export const LOCAL_PARAMETERS: Readonly<
  Record<SecretName, { name: string; granted: (grants: FunctionGrants | undefined) => boolean }>
> = {
  STRIPE_SECRET_KEY: { name: STRIPE.secretKeyParameter, granted: (g) => !!g?.stripe?.includes('secretKey') },
  STRIPE_WEBHOOK_SECRET: {
    name: STRIPE.webhookSecretParameter,
    granted: (g) => !!g?.stripe?.includes('webhookSecret'),
  },
  STRIPE_PRICES: { name: STRIPE.pricesParameter, granted: (g) => !!g?.stripe?.includes('prices') },
  MARKETPLACE_TOKEN: { name: marketplaceParameters('local').tokenParameter, granted: (g) => !!g?.marketplace },
};

const SECRETS = Object.keys(LOCAL_PARAMETERS) as SecretName[];

/** What the handlers' environment gets: each secret's parameter name, the extension's port and its TTL. */
export type ParameterEnv = Record<`${SecretName}_PARAMETER`, string> & {
  PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: string;
  SSM_PARAMETER_STORE_TTL: string;
};

export interface ParametersExtension {
  /** Where the handlers reach it (http://localhost:port, as in Lambda; it listens on 127.0.0.1), for the guard. */
  origin: string;
  env: ParameterEnv;
  stop(): Promise<void>;
}

/** The extension's answer to every failure (a parameter not found, not allowed, a bad request). */
export const EXTENSION_FAILURE = '400 Bad Request: an unexpected error occurred while executing request';

const TOKEN_HEADER = 'x-aws-parameters-secrets-token';
const GET_PATH = '/systemsmanager/parameters/get';

/** The name a request of the extension asks for, or null when it is not a parameter read. */
export function requestedParameter(url: string): string | null {
  const u = new URL(url, 'http://localhost');
  return u.pathname === GET_PATH ? u.searchParams.get('name') : null;
}

/** Starts the extension on 127.0.0.1 with these values (each secret's, by name). */
export async function startParametersExtension(
  values: Readonly<Record<SecretName, string>>,
): Promise<ParametersExtension> {
  const byName = new Map(SECRETS.map((secret) => [LOCAL_PARAMETERS[secret].name, values[secret]]));
  const started = new Date().toISOString();
  const server = createServer((req, res) => {
    const name = req.method === 'GET' ? requestedParameter(req.url ?? '/') : null;
    if (req.headers[TOKEN_HEADER] === undefined) {
      res.writeHead(401, { 'content-type': 'text/plain' }).end('401 Unauthorized');
      return;
    }
    const value = name === null ? undefined : byName.get(name);
    if (name === null || !value) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end(EXTENSION_FAILURE);
      return;
    }
    const decrypted = new URL(req.url ?? '/', 'http://localhost').searchParams.get('withDecryption') === 'true';
    const Parameter = {
      ARN: `arn:aws:ssm:us-east-1:000000000000:parameter${name}`,
      DataType: 'text',
      LastModifiedDate: started,
      Name: name,
      Selector: null,
      SourceResult: null,
      Type: 'SecureString',
      // Without decryption Parameter Store answers a SecureString's ciphertext, which no handler can use.
      Value: decrypted ? value : Buffer.from(`local-kms:${name}`).toString('base64'),
      Version: 1,
    };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ Parameter, ResultMetadata: {} }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const env = {
    ...(Object.fromEntries(SECRETS.map((s) => [`${s}_PARAMETER`, LOCAL_PARAMETERS[s].name])) as Record<
      `${SecretName}_PARAMETER`,
      string
    >),
    PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: String(port),
    SSM_PARAMETER_STORE_TTL: '0',
  };
  return {
    origin: `http://localhost:${port}`,
    env,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
