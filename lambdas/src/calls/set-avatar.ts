import { setAvatarInput } from '@mapnest/shared/accounts';
import { actorOf, callable } from '../lib/callable';
import * as accounts from '../domain/accounts';

/** Makes the uploaded avatar the caller's photo and answers its URL. */
export const handler = callable({
  name: 'setAvatar',
  input: setAvatarInput,
  writes: true,
  run: (input, ctx) => accounts.setAvatar(actorOf(ctx), input),
});
