import { createCheckoutSessionInput } from '@mapnest/shared/billing';
import { actorOf, callable } from '../lib/callable';
import * as payments from '../domain/stripe/payments';

/** A Stripe Checkout session for map slots; the browser goes to the URL it answers. */
export const handler = callable({
  name: 'createCheckoutSession',
  input: createCheckoutSessionInput,
  writes: true,
  run: (input, ctx) => payments.createCheckoutSession(actorOf(ctx), input),
});
