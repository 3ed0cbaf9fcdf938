/**
 * Secrets and payment configuration, read at run time. In AWS each value lives in SSM Parameter Store (SecureString)
 * and the function gets only the parameter's name (`<NAME>_PARAMETER`, set by the CDK app); it is read through AWS's
 * Parameters and Secrets Lambda extension, a cached reader on localhost that the CDK app attaches to exactly these
 * functions (5-minute cache, so a rotated secret is used without a deploy). It does what Powertools Parameters does
 * without an SSM client in the bundle (85 KB, which took the payment functions past their 1 MB budget). Values are
 * also kept in memory for the same 5 minutes, so a warm function asks the extension once. Locally the value itself is
 * in the environment (`<NAME>`, set by the local stack). Never in the bundle.
 */
export type SecretName = 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_PRICES' | 'MARKETPLACE_TOKEN';

const CACHE_MS = 5 * 60_000;
const cache = new Map<string, { value: string; until: number }>();

async function fromExtension(parameter: string): Promise<string> {
  const hit = cache.get(parameter);
  if (hit && hit.until > Date.now()) return hit.value;
  const port = process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT || '2773';
  const res = await fetch(
    `http://localhost:${port}/systemsmanager/parameters/get?name=${encodeURIComponent(parameter)}&withDecryption=true`,
    {
      headers: { 'X-Aws-Parameters-Secrets-Token': process.env.AWS_SESSION_TOKEN ?? '' },
      signal: AbortSignal.timeout(5_000),
    },
  );
  if (!res.ok)
    throw new Error(
      `Parameter ${parameter} could not be read: the extension answered ${res.status} ${(await res.text()).slice(0, 200)}`,
    );
  const value = ((await res.json()) as { Parameter?: { Value?: string } }).Parameter?.Value;
  if (!value) throw new Error(`Parameter ${parameter} is empty`);
  cache.set(parameter, { value, until: Date.now() + CACHE_MS });
  return value;
}

/** The value of a secret, or null when this environment configures none. */
export async function readSecret(name: SecretName): Promise<string | null> {
  const parameter = process.env[`${name}_PARAMETER`];
  if (parameter) return fromExtension(parameter);
  return process.env[name] || null;
}

/** The value of a secret this function cannot work without. */
export async function requireSecret(name: SecretName): Promise<string> {
  const value = await readSecret(name);
  if (!value) throw new Error(`${name} is not configured (set ${name}_PARAMETER in AWS or ${name} locally)`);
  return value;
}
