import { updateEmailInput } from '@mapnest/shared/accounts';
import { actorOf, callable } from '../lib/callable';
import * as accounts from '../domain/accounts';

/** After a verified email change: records the new address and moves the caller's map authors with it. */
export const handler = callable({
  name: 'updateEmail',
  input: updateEmailInput,
  writes: true,
  run: (input, ctx) => accounts.updateEmail(actorOf(ctx), input),
});
