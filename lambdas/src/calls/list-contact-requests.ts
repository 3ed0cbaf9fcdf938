import { listContactRequestsInput } from '@mapnest/shared/contact';
import { callable } from '../lib/callable';
import { listContactRequests } from '../domain/admin/contact-inbox';

/** The team's inbox: contact and custom-work requests, newest first, a page at a time. Administrators only. */
export const handler = callable({
  name: 'listContactRequests',
  input: listContactRequestsInput,
  auth: 'admin',
  run: (input) => listContactRequests(input),
});
