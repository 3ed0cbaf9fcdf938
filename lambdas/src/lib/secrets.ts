/**
 * Secrets and payment configuration, read at run time and cached per container. In AWS each value lives in SSM
 * Parameter Store (SecureString) and the function gets only the parameter's name (`<NAME>_PARAMETER`, set by the
 * CDK app), read through Powertools Parameters with a 5-minute cache so a rotated secret is picked up without a
 * deploy. Locally the value itself is in the environment (`<NAME>`, set by the local stack). Never in the bundle.
 */
import { getParameter } from '@aws-lambda-powertools/parameters/ssm';

export type SecretName = 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_PRICES' | 'MARKETPLACE_TOKEN';

const CACHE_SECONDS = 300;

/** The value of a secret, or null when this environment configures none. */
export async function readSecret(name: SecretName): Promise<string | null> {
  const parameter = process.env[`${name}_PARAMETER`];
  if (parameter) {
    const value = await getParameter(parameter, { decrypt: true, maxAge: CACHE_SECONDS });
    if (!value) throw new Error(`Parameter ${parameter} (${name}) is empty`);
    return value;
  }
  return process.env[name] || null;
}

/** The value of a secret this function cannot work without. */
export async function requireSecret(name: SecretName): Promise<string> {
  const value = await readSecret(name);
  if (!value) throw new Error(`${name} is not configured (set ${name}_PARAMETER in AWS or ${name} locally)`);
  return value;
}
