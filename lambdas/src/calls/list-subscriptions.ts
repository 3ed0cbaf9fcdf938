import { listMapsInput } from '@mapnest/shared/maps';
import { actorOf, callable } from '../lib/callable';
import * as billing from '../domain/services/billing';

/** The caller's subscriptions that hold slots, read from our table (kept current by the Stripe webhook). */
export const handler = callable({
  name: 'listSubscriptions',
  input: listMapsInput,
  run: (_input, ctx) => billing.listSubscriptions(actorOf(ctx)),
});
