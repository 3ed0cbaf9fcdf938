/**
 * POST /api/stripe/webhook: Stripe's events, on a route with no authorizer; the signature over the raw bytes is
 * the authentication. A bad or stale signature, or a signed event whose shape or values are not valid
 * (domain/stripe/stripe-events.ts), is answered 400 and changes nothing; a processed event is
 * answered 200 (so Stripe stops retrying), a failure 500 (so it retries later). API Gateway may hand the body
 * base64-encoded: it is decoded, never re-serialised, before the check. Stripe posts to the app's address
 * (https://<domain>/api/stripe/webhook), so the request comes through CloudFront; one to the execute-api address is
 * answered 403 before the signature is read (ADR 034).
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type Stripe from 'stripe';
import * as billing from '../domain/services/billing';
import { checkStripeEvent } from '../domain/stripe/stripe-events';
import { logger } from '../lib/logger';
import { recordMetric } from '../lib/observability';
import { refuseDirectAccess } from '../lib/origin-check';
import { requireSecret } from '../lib/secrets';
import { verifyStripeSignature, WebhookSignatureError } from '../lib/stripe-signature';

const reply = (statusCode: number, body: unknown): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  body: JSON.stringify(body),
});

export const handler = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
  const refused = refuseDirectAccess(event.headers);
  if (refused) return refused;
  if (event.requestContext?.http?.method !== 'POST') return reply(405, { error: 'Method Not Allowed' });
  const signature = event.headers?.['stripe-signature'];
  if (!signature || !event.body) return reply(400, { error: 'Missing Stripe-Signature header or body.' });
  const raw = Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
  const secret = await requireSecret('STRIPE_WEBHOOK_SECRET');
  let stripeEvent: Stripe.Event;
  try {
    stripeEvent = verifyStripeSignature(raw, signature, secret) as Stripe.Event;
  } catch (err) {
    if (err instanceof WebhookSignatureError) {
      logger.warn('stripe webhook refused: bad signature', { reason: err.message });
      return reply(400, { error: 'Invalid signature.' });
    }
    throw err;
  }
  const checked = checkStripeEvent(stripeEvent);
  if (!checked.ok) {
    // Signed but not applicable (a quantity out of range, no object): a 400 Stripe shows on the dashboard; retries
    // of the same event get the same answer and change nothing.
    logger.warn('stripe event refused: not valid', {
      problem: checked.problem,
      eventId: (stripeEvent as { id?: unknown })?.id,
    });
    recordMetric('StripeEventsRefused', 1);
    return reply(400, { error: `Invalid event: ${checked.problem}` });
  }
  const log = logger.child({ eventId: stripeEvent.id, eventType: stripeEvent.type });
  try {
    const outcome = await billing.handleStripeEvent(stripeEvent);
    log.info('stripe event', { outcome });
    return reply(200, { received: true, outcome });
  } catch (error) {
    log.error('stripe event failed; Stripe will retry', { error });
    recordMetric('StripeEventFailures', 1);
    return reply(500, { error: 'Processing failed; retry later.' });
  }
};
