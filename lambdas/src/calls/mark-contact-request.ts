import { markContactRequestInput } from '@mapnest/shared/contact';
import { actorOf, callable } from '../lib/callable';
import { markContactRequest } from '../domain/admin/contact-inbox';

/** The team's inbox: marks a request read or unread, answered or not, as the administrator calling. */
export const handler = callable({
  name: 'markContactRequest',
  input: markContactRequestInput,
  auth: 'admin',
  writes: true,
  run: (input, ctx) => markContactRequest(actorOf(ctx).identity, input),
});
