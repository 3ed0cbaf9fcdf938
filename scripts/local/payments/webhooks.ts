/** Webhook delivery as Stripe does it: signed events, one at a time and in order, retried (fewer and faster). */
import Stripe from 'stripe';
import { id, nowSeconds, type Json } from './model';

export function createDelivery(opts: {
  webhookSecret: string;
  webhookUrl: () => string;
  log: (line: string) => void;
}): { deliver: (type: string, object: Json) => void; settled: () => Promise<void> } {
  const log = opts.log;
  let queue: Promise<void> = Promise.resolve();
  const deliver = (type: string, object: Json) => {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
    const payload = JSON.stringify(event);
    queue = queue.then(async () => {
      for (let attempt = 0; attempt < 4; attempt++) {
        try {
          const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.webhookSecret });
          const res = await fetch(opts.webhookUrl(), {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
            body: payload,
          });
          log(`payments sandbox: ${type} -> ${res.status}`);
          if (res.ok) return;
        } catch (err) {
          log(`payments sandbox: ${type} delivery failed: ${String(err)}`);
        }
        await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
      }
    });
  };
  return { deliver, settled: () => queue };
}
