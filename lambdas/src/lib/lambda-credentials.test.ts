import { afterEach, describe, expect, it } from 'vitest';
import { defaultProvider } from './lambda-credentials';

const KEYS = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN'] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
afterEach(() => {
  for (const k of KEYS)
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
});

describe('the credential provider the bundles use (the environment, as Lambda sets it)', () => {
  it('answers the role credentials Lambda puts in the environment, session token included', async () => {
    Object.assign(process.env, {
      AWS_ACCESS_KEY_ID: 'ASIAEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret-example',
      AWS_SESSION_TOKEN: 'session-example',
    });
    await expect(defaultProvider()()).resolves.toMatchObject({
      accessKeyId: 'ASIAEXAMPLE',
      secretAccessKey: 'secret-example',
      sessionToken: 'session-example',
    });
  });

  it('fails, as the whole chain would, when the environment holds none', async () => {
    for (const k of KEYS) delete process.env[k];
    await expect(defaultProvider()()).rejects.toThrow(/credentials/i);
  });
});
