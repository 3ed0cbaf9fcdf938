import { checkEmailFreeInput } from '@mapnest/shared/accounts';
import { actorOf, callable } from '../lib/callable';
import { checkEmailFree } from '../domain/email-address';

/** Before an email change is requested: refuses ('Email already in use') an address another account uses. */
export const handler = callable({
  name: 'checkEmailFree',
  input: checkEmailFreeInput,
  writes: true,
  run: (input, ctx) => checkEmailFree(actorOf(ctx), input),
});
