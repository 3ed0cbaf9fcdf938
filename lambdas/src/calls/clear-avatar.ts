import { noInput } from '@mapnest/shared/accounts';
import { actorOf, callable } from '../lib/callable';
import * as accounts from '../domain/accounts';

/** Removes the caller's avatar photo, its thumbnails and any avatar upload not yet used. */
export const handler = callable({
  name: 'clearAvatar',
  input: noInput,
  writes: true,
  run: (_input, ctx) => accounts.clearAvatar(actorOf(ctx)),
});
