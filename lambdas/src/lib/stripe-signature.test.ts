import fc from 'fast-check';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { verifyStripeSignature, WebhookSignatureError } from './stripe-signature';

const secret = 'whsec_test_secret';
const sign = (payload: string, opts: { timestamp?: number; secret?: string } = {}) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? secret, timestamp: opts.timestamp });
const body = (text: string) => Buffer.from(text, 'utf8');

describe('Stripe webhook signatures', () => {
  it('accepts what Stripe signs, for any JSON payload (checked against the SDK)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ minLength: 1 }), (value, key) => {
        const payload = JSON.stringify({ id: 'evt_1', value });
        expect(verifyStripeSignature(body(payload), sign(payload, { secret: key }), key)).toEqual(JSON.parse(payload));
      }),
      { numRuns: 200 },
    );
  });

  it('agrees with the SDK on every payload it refuses: any changed byte, another secret', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 2 }), fc.nat(), (text, at) => {
        const payload = JSON.stringify({ id: 'evt_2', text });
        const header = sign(payload);
        const bytes = body(payload);
        const i = at % bytes.length;
        bytes[i] = bytes[i]! ^ 0x01;
        expect(() => verifyStripeSignature(bytes, header, secret)).toThrow(WebhookSignatureError);
        expect(() => Stripe.webhooks.constructEvent(bytes, header, secret)).toThrow();
      }),
      { numRuns: 200 },
    );
    const payload = '{"id":"evt_3"}';
    expect(() => verifyStripeSignature(body(payload), sign(payload), 'whsec_other')).toThrow(WebhookSignatureError);
  });

  it('refuses a signature older than 5 minutes, or from the future, and accepts one just inside', () => {
    const payload = '{"id":"evt_4"}';
    const now = Date.now();
    const t = Math.floor(now / 1000);
    expect(() =>
      verifyStripeSignature(body(payload), sign(payload, { timestamp: t - 301 }), secret, { nowMs: now }),
    ).toThrow(/tolerance/);
    expect(() =>
      verifyStripeSignature(body(payload), sign(payload, { timestamp: t + 301 }), secret, { nowMs: now }),
    ).toThrow(/tolerance/);
    expect(verifyStripeSignature(body(payload), sign(payload, { timestamp: t - 299 }), secret, { nowMs: now })).toEqual(
      { id: 'evt_4' },
    );
  });

  it('accepts any one of several v1 signatures (during a secret roll) and refuses malformed headers', () => {
    const payload = '{"id":"evt_5"}';
    const genuine = sign(payload);
    const t = /t=(\d+)/.exec(genuine)![1];
    const v1 = /v1=([0-9a-f]+)/.exec(genuine)![1]!;
    expect(verifyStripeSignature(body(payload), `t=${t},v1=${'0'.repeat(64)},v1=${v1}`, secret)).toEqual({
      id: 'evt_5',
    });
    for (const header of [
      '',
      'garbage',
      `t=${t}`,
      `v1=${v1}`,
      `t=abc,v1=${v1}`,
      `t=${t},v0=${v1}`,
      `t=${t},v1=${v1.slice(2)}`,
    ]) {
      expect(() => verifyStripeSignature(body(payload), header, secret), header).toThrow(WebhookSignatureError);
    }
  });
});
