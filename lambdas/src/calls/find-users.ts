import { findUsersInput } from '@mapnest/shared/accounts';
import { actorOf, callable } from '../lib/callable';
import { findUsers } from '../domain/admin/user-search';

/** 'View as user': the user with this id, or up to 10 whose email starts with the query. Administrators only. */
export const handler = callable({
  name: 'findUsers',
  input: findUsersInput,
  auth: 'admin',
  run: (input, ctx) => findUsers(actorOf(ctx), input),
});
