import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readSecret, requireSecret } from './secrets';

/** A stand-in for AWS's Parameters and Secrets extension on localhost: answers what Parameter Store holds. */
const store: Record<string, string> = {
  '/mapnest/test/stripe/webhook-secret': 'whsec_from_ssm',
  '/mapnest/test/stripe/other': 'whsec_param',
  '/mapnest/test/stripe/uncached': 'whsec_uncached',
};
const requests: Array<{ url: string; token: string | undefined }> = [];
const extension = http.createServer((req, res) => {
  requests.push({ url: req.url ?? '', token: req.headers['x-aws-parameters-secrets-token'] as string | undefined });
  const url = new URL(req.url ?? '/', 'http://localhost');
  const value = store[url.searchParams.get('name') ?? ''];
  if (
    url.pathname !== '/systemsmanager/parameters/get' ||
    url.searchParams.get('withDecryption') !== 'true' ||
    !value
  ) {
    res.writeHead(400).end('{"message":"not found"}');
    return;
  }
  res
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ Parameter: { Name: url.searchParams.get('name'), Value: value, Type: 'SecureString' } }));
});

beforeAll(async () => {
  await new Promise<void>((r) => extension.listen(0, '127.0.0.1', () => r()));
  process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT = String((extension.address() as { port: number }).port);
  process.env.AWS_SESSION_TOKEN = 'session-token';
});
afterAll(() => new Promise<void>((r) => extension.close(() => r())));
afterEach(() => {
  delete process.env.STRIPE_WEBHOOK_SECRET_PARAMETER;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  requests.length = 0;
});

describe('secrets', () => {
  it('reads the named SecureString through the extension, decrypted, with the session token, and caches it', async () => {
    process.env.STRIPE_WEBHOOK_SECRET_PARAMETER = '/mapnest/test/stripe/webhook-secret';
    expect(await readSecret('STRIPE_WEBHOOK_SECRET')).toBe('whsec_from_ssm');
    expect(await readSecret('STRIPE_WEBHOOK_SECRET')).toBe('whsec_from_ssm');
    expect(requests).toEqual([
      {
        url: '/systemsmanager/parameters/get?name=%2Fmapnest%2Ftest%2Fstripe%2Fwebhook-secret&withDecryption=true',
        token: 'session-token',
      },
    ]);
  });

  it("keeps a value only as long as the extension's TTL says (SSM_PARAMETER_STORE_TTL 0: asks every time)", async () => {
    process.env.STRIPE_WEBHOOK_SECRET_PARAMETER = '/mapnest/test/stripe/uncached';
    process.env.SSM_PARAMETER_STORE_TTL = '0';
    try {
      expect(await readSecret('STRIPE_WEBHOOK_SECRET')).toBe('whsec_uncached');
      expect(await readSecret('STRIPE_WEBHOOK_SECRET')).toBe('whsec_uncached');
      expect(requests).toHaveLength(2);
    } finally {
      delete process.env.SSM_PARAMETER_STORE_TTL;
    }
  });

  it('prefers the parameter over a value in the environment, so a stray variable never shadows the stage', async () => {
    process.env.STRIPE_WEBHOOK_SECRET_PARAMETER = '/mapnest/test/stripe/other';
    process.env.STRIPE_WEBHOOK_SECRET = 'whsec_env';
    expect(await readSecret('STRIPE_WEBHOOK_SECRET')).toBe('whsec_param');
  });

  it('fails loudly when the parameter cannot be read', async () => {
    process.env.STRIPE_WEBHOOK_SECRET_PARAMETER = '/mapnest/test/missing';
    await expect(readSecret('STRIPE_WEBHOOK_SECRET')).rejects.toThrow(/could not be read: the extension answered 400/);
  });

  it('reads the value from the environment locally, and says what is missing otherwise', async () => {
    process.env.STRIPE_WEBHOOK_SECRET = 'whsec_local';
    expect(await readSecret('STRIPE_WEBHOOK_SECRET')).toBe('whsec_local');
    delete process.env.STRIPE_WEBHOOK_SECRET;
    expect(await readSecret('STRIPE_WEBHOOK_SECRET')).toBeNull();
    await expect(requireSecret('STRIPE_WEBHOOK_SECRET')).rejects.toThrow(/STRIPE_WEBHOOK_SECRET is not configured/);
    expect(requests).toEqual([]);
  });
});
