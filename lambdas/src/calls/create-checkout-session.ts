import { createCheckoutSessionInput } from '@mapnest/shared/billing';
import { actorOf, callable } from '../lib/callable';
import * as billing from '../domain/billing';

/** A Stripe Checkout session for map slots (spec §7); the browser goes to the URL it answers. */
export const handler = callable({
  name: 'createCheckoutSession',
  input: createCheckoutSessionInput,
  writes: true,
  run: (input, ctx) => billing.createCheckoutSession(actorOf(ctx), input),
});
