import { noInput } from '@mapnest/shared/accounts';
import { actorOf, callable } from '../lib/callable';
import * as accounts from '../domain/accounts';

/** Deletes the caller's account: maps, documents, history, uploads, thumbnails, user records and the Cognito user. */
export const handler = callable({
  name: 'deleteUserData',
  input: noInput,
  run: (_input, ctx) => accounts.deleteUserData(actorOf(ctx)),
});
