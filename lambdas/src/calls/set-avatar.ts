import { setAvatarInput } from '@mapnest/shared/accounts';
import { actorOf, callable } from '../lib/callable';
import * as accounts from '../domain/accounts';

/**
 * Checks the uploaded avatar and, once accepted, makes it the caller's photo and answers its URL; a refused upload
 * leaves the current photo as it was.
 */
export const handler = callable({
  name: 'setAvatar',
  input: setAvatarInput,
  writes: true,
  run: (input, ctx) => accounts.setAvatar(actorOf(ctx), input),
});
