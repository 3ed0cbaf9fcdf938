/**
 * Secrets and payment configuration, read at run time. In AWS each value lives in SSM Parameter Store (SecureString)
 * and the function gets only the parameter's name (`<NAME>_PARAMETER`, set by the CDK app); it is read through AWS's
 * Parameters and Secrets Lambda extension, a cached reader on localhost that the CDK app attaches to exactly these
 * functions (5-minute cache, so a rotated secret is used without a deploy). It does what Powertools Parameters does
 * without an SSM client in the bundle (85 KB, which took the payment functions past their 1 MB budget). Values are
 * also kept in memory for as long as the extension keeps them (`SSM_PARAMETER_STORE_TTL`, seconds, which the CDK app
 * sets with the extension: 300), so a warm function asks the extension once. The local stack runs the same path
 * against its own extension (scripts/local/lambda/parameters-extension.ts) with a TTL of 0, so that every read is
 * checked against the reading function's grants. Where no `<NAME>_PARAMETER` is set, the value itself is read from
 * the environment (`<NAME>`). Never in the bundle.
 */
export type SecretName = 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_PRICES' | 'MARKETPLACE_TOKEN';

/** How long a value read is kept: the extension's own TTL (0 keeps nothing), else its default of 5 minutes. */
function cacheMs(): number {
  const seconds = Number(process.env.SSM_PARAMETER_STORE_TTL ?? 300);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

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
  const keep = cacheMs();
  if (keep > 0) cache.set(parameter, { value, until: Date.now() + keep });
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
