/**
 * Stripe webhook signatures, checked as Stripe documents it ("verify manually"): the `Stripe-Signature` header
 * carries a timestamp `t` and one or more `v1` HMAC-SHA256 signatures of `${t}.${raw body}` under the endpoint's
 * signing secret; any one matching, compared in constant time, within the 5-minute tolerance, is genuine.
 * Hand-written rather than the SDK's `constructEvent` (which does the same) so the webhook function does not
 * carry the 240 KB Stripe SDK past its bundle budget; `stripe-signature.test.ts` proves it agrees with the SDK.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Stripe's default tolerance, in seconds. */
export const SIGNATURE_TOLERANCE_S = 300;

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The parsed event, if `header` is Stripe's signature of exactly `payload` under `secret`; throws otherwise. */
export function verifyStripeSignature(
  payload: Buffer,
  header: string,
  secret: string,
  opts: { toleranceS?: number; nowMs?: number } = {},
): unknown {
  let timestamp = NaN;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') timestamp = /^\d{1,12}$/.test(value) ? Number(value) : NaN;
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (!Number.isFinite(timestamp) || signatures.length === 0) {
    throw new WebhookSignatureError('Unable to extract timestamp and v1 signatures from the header');
  }
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest();
  if (!signatures.some((s) => timingSafeEqual(s, expected))) {
    throw new WebhookSignatureError('No signature matches the expected signature for the payload');
  }
  const age = (opts.nowMs ?? Date.now()) / 1000 - timestamp;
  if (Math.abs(age) > (opts.toleranceS ?? SIGNATURE_TOLERANCE_S)) {
    throw new WebhookSignatureError('Timestamp outside the tolerance zone');
  }
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    throw new WebhookSignatureError('The signed payload is not JSON');
  }
}
