import { noInput } from '@mapnest/shared/accounts';
import { actorOf, callable } from '../lib/callable';
import * as accounts from '../domain/accounts';

/** "Sign out of all devices": ends every session of the caller's account, this one included (ADR 079). */
export const handler = callable({
  name: 'signOutEverywhere',
  input: noInput,
  // A deleted account is refused: the mark would make a profile item for it again.
  writes: true,
  run: (_input, ctx) => accounts.signOutEverywhere(actorOf(ctx)),
});
