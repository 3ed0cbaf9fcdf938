import { submitContactSchema } from '@mapnest/shared/contact';
import { callable } from '../lib/callable';
import { submitContact } from '../domain/contact';

/** The contact and custom-work forms: open to signed-out visitors (a public route without the authorizer). */
export const handler = callable({
  name: 'submitContact',
  input: submitContactSchema,
  auth: 'optional',
  run: (input, ctx) => submitContact(input, { uid: ctx.identity?.uid ?? null, sourceIp: ctx.sourceIp }),
});
