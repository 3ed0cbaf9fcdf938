import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSecret, requireSecret } from './secrets';

const ssm = mockClient(SSMClient);

beforeEach(() => {
  ssm.reset();
  process.env.AWS_REGION = 'us-east-1';
  delete process.env.STRIPE_WEBHOOK_SECRET;
  delete process.env.STRIPE_WEBHOOK_SECRET_PARAMETER;
});
afterEach(() => {
  delete process.env.STRIPE_WEBHOOK_SECRET_PARAMETER;
  delete process.env.STRIPE_WEBHOOK_SECRET;
});

describe('secrets', () => {
  it('reads the named SecureString from Parameter Store, decrypted, and caches it', async () => {
    process.env.STRIPE_WEBHOOK_SECRET_PARAMETER = '/mapnest/test/stripe/webhook-secret';
    ssm.on(GetParameterCommand, { Name: '/mapnest/test/stripe/webhook-secret', WithDecryption: true }).resolves({ Parameter: { Value: 'whsec_from_ssm' } });
    expect(await readSecret('STRIPE_WEBHOOK_SECRET')).toBe('whsec_from_ssm');
    expect(await readSecret('STRIPE_WEBHOOK_SECRET')).toBe('whsec_from_ssm');
    expect(ssm.commandCalls(GetParameterCommand)).toHaveLength(1);
  });

  it('prefers the parameter over a value in the environment, so a stray variable never shadows the stage', async () => {
    process.env.STRIPE_WEBHOOK_SECRET_PARAMETER = '/mapnest/test/stripe/other';
    process.env.STRIPE_WEBHOOK_SECRET = 'whsec_env';
    ssm.on(GetParameterCommand).resolves({ Parameter: { Value: 'whsec_param' } });
    expect(await readSecret('STRIPE_WEBHOOK_SECRET')).toBe('whsec_param');
  });

  it('reads the value from the environment locally, and says what is missing otherwise', async () => {
    process.env.STRIPE_WEBHOOK_SECRET = 'whsec_local';
    expect(await readSecret('STRIPE_WEBHOOK_SECRET')).toBe('whsec_local');
    delete process.env.STRIPE_WEBHOOK_SECRET;
    expect(await readSecret('STRIPE_WEBHOOK_SECRET')).toBeNull();
    await expect(requireSecret('STRIPE_WEBHOOK_SECRET')).rejects.toThrow(/STRIPE_WEBHOOK_SECRET is not configured/);
    expect(ssm.commandCalls(GetParameterCommand)).toHaveLength(0);
  });
});
