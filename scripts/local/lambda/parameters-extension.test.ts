import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readSecret } from '@mapnest/lambdas/lib/secrets';
import { GRANTS } from '../../../infra/src/grants';
import { guardParameterStore, parameterAllows, runAs } from './grants-guard';
import { LOCAL_PARAMETERS, startParametersExtension, type ParametersExtension } from './parameters-extension';

const VALUES = {
  STRIPE_SECRET_KEY: 'sk_test_local',
  STRIPE_WEBHOOK_SECRET: 'whsec_local',
  STRIPE_PRICES: '{"basic":{"yearly":"price_1"}}',
  MARKETPLACE_TOKEN: 'marketplace-token',
};

let extension: ParametersExtension;
let unguard: () => Promise<void>;

beforeAll(async () => {
  extension = await startParametersExtension(VALUES);
  unguard = guardParameterStore(extension.origin);
});
afterAll(async () => {
  await unguard();
  await extension.stop();
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** The handlers' environment as the local stack sets it: parameter names, the extension's port, no cache. */
function asTheStackSetsIt(): void {
  for (const [key, value] of Object.entries(extension.env)) vi.stubEnv(key, value);
  // A value left in the environment is never what a handler reads while its parameter is named.
  for (const key of Object.keys(VALUES)) vi.stubEnv(key, 'stale value from the environment');
}

describe('the local Parameters and Secrets extension', () => {
  it('answers each secret to a function whose grants name it, through the reader the handlers use', async () => {
    asTheStackSetsIt();
    expect(await runAs('http/stripe-webhook', () => readSecret('STRIPE_WEBHOOK_SECRET'))).toBe(
      VALUES.STRIPE_WEBHOOK_SECRET,
    );
    expect(await runAs('calls/create-checkout-session', () => readSecret('STRIPE_PRICES'))).toBe(VALUES.STRIPE_PRICES);
    expect(await runAs('calls/create-checkout-session', () => readSecret('STRIPE_SECRET_KEY'))).toBe(
      VALUES.STRIPE_SECRET_KEY,
    );
    expect(await runAs('calls/register-license', () => readSecret('MARKETPLACE_TOKEN'))).toBe(VALUES.MARKETPLACE_TOKEN);
  });

  it('refuses a function whose grants do not name the parameter, as Parameter Store refuses its role, every time', async () => {
    asTheStackSetsIt();
    const said = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Read first by a function that may: nothing kept from it reaches the next function (TTL 0).
    await runAs('calls/create-portal-link', () => readSecret('STRIPE_SECRET_KEY'));
    await expect(runAs('calls/get-map', () => readSecret('STRIPE_SECRET_KEY'))).rejects.toThrow(
      'Parameter /mapnest/local/stripe/secret-key could not be read: the extension answered 400 400 Bad Request: an unexpected error occurred while executing request',
    );
    await expect(runAs('calls/create-portal-link', () => readSecret('MARKETPLACE_TOKEN'))).rejects.toThrow(
      /answered 400/,
    );
    expect(said.mock.calls.map(([line]) => line)).toEqual([
      '[grants] calls/get-map sent ssm:GetParameter on /mapnest/local/stripe/secret-key, which infra/src/grants.ts does not grant it',
      '[grants] calls/create-portal-link sent ssm:GetParameter on /mapnest/local/marketplace/token, which infra/src/grants.ts does not grant it',
    ]);
  });

  it('answers as the extension does: 401 without the token header, 400 for a name it does not hold, ciphertext unless decrypted', async () => {
    const base = `${extension.origin}/systemsmanager/parameters/get?name=`;
    const token = { 'X-Aws-Parameters-Secrets-Token': '' };
    const name = encodeURIComponent(LOCAL_PARAMETERS.STRIPE_SECRET_KEY.name);
    expect((await fetch(`${base}${name}&withDecryption=true`)).status).toBe(401);
    const missing = await fetch(`${base}%2Fmapnest%2Flocal%2Fnothing&withDecryption=true`, { headers: token });
    expect([missing.status, await missing.text()]).toEqual([
      400,
      '400 Bad Request: an unexpected error occurred while executing request',
    ]);
    const encrypted = (await (await fetch(`${base}${name}`, { headers: token })).json()) as {
      Parameter: { Value: string };
    };
    expect(encrypted.Parameter.Value).not.toBe(VALUES.STRIPE_SECRET_KEY);
    const plain = (await (await fetch(`${base}${name}&withDecryption=true`, { headers: token })).json()) as {
      Parameter: { Name: string; Type: string; Value: string };
    };
    expect(plain.Parameter).toMatchObject({
      Name: '/mapnest/local/stripe/secret-key',
      Type: 'SecureString',
      Value: VALUES.STRIPE_SECRET_KEY,
    });
  });

  it('takes the grants from infra: a function reads the Stripe values its grants list, and no other', () => {
    expect(GRANTS['calls/create-portal-link']?.stripe).toEqual(['secretKey']);
    expect(parameterAllows('calls/create-portal-link', LOCAL_PARAMETERS.STRIPE_SECRET_KEY.name)).toBe(true);
    expect(parameterAllows('calls/create-portal-link', LOCAL_PARAMETERS.STRIPE_PRICES.name)).toBe(false);
    expect(parameterAllows('calls/create-portal-link', '/mapnest/local/anything-else')).toBe(false);
  });
});
