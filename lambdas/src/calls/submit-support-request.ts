import { submitContactSchema } from '@mapnest/shared/contact';
import { callable } from '../lib/callable';
import { submitContact } from '../domain/contact';

/**
 * The contact and custom-work forms sent while signed in (the page picks this call then, `submitContact` otherwise):
 * the request names the caller's account, and a Professional customer's goes to the team as priority support.
 */
export const handler = callable({
  name: 'submitSupportRequest',
  input: submitContactSchema,
  writes: true,
  run: (input, ctx) => submitContact(input, { uid: ctx.identity!.uid, sourceIp: ctx.sourceIp }),
});
