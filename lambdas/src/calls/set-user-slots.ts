import { setUserSlotsInput } from '@mapnest/shared/maps';
import { actorOf, callable } from '../lib/callable';
import * as maps from '../domain/maps';

/** Administrators grant a user Basic and Professional slots outside subscriptions. */
export const handler = callable({
  name: 'setUserSlots',
  input: setUserSlotsInput,
  auth: 'admin',
  run: (input, ctx) => maps.setUserSlots(actorOf(ctx), input),
});
