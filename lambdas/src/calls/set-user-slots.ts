import { setUserSlotsInput } from '@mapnest/shared/maps';
import { CallError } from '@mapnest/shared/errors';
import { accountStatus } from '../adapters/account-status';
import { actorOf, callable } from '../lib/callable';
import * as billing from '../domain/services/billing';

/** Administrators grant a user Basic and Professional slots outside subscriptions; only to a user who exists. */
export const handler = callable({
  name: 'setUserSlots',
  input: setUserSlotsInput,
  writes: true,
  auth: 'admin',
  run: async (input, ctx) => {
    const [exists, deleted] = await Promise.all([
      accountStatus.userExists(input.uid),
      accountStatus.anyDeleted([input.uid]),
    ]);
    if (!exists || deleted) throw new CallError('not-found', 'There is no user with this id.');
    return billing.setGrantedSlots(actorOf(ctx), input);
  },
});
