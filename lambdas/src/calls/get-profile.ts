import { noInput } from '@mapnest/shared/accounts';
import { callable } from '../lib/callable';

/** The caller's own identity as the server sees it: uid, email, name and whether they administer. */
export const handler = callable({
  name: 'getProfile',
  input: noInput,
  run: async (_input, { identity }) => {
    const me = identity!;
    return { uid: me.uid, email: me.email, emailVerified: me.emailVerified, name: me.name, admin: me.admin };
  },
});
