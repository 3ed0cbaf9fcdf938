import { createPortalLinkInput } from '@mapnest/shared/billing';
import { actorOf, callable } from '../lib/callable';
import * as payments from '../domain/stripe/payments';

/** A Stripe billing portal session (change quantity, payment method, cancel), returning to the Plan tab. */
export const handler = callable({
  name: 'createPortalLink',
  input: createPortalLinkInput,
  writes: true,
  run: (input, ctx) => payments.createPortalLink(actorOf(ctx), input),
});
