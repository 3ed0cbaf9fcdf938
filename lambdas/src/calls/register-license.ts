import { registerLicenseInput } from '@mapnest/shared/billing';
import { actorOf, callable } from '../lib/callable';
import * as billing from '../domain/services/billing';

/** Registers a marketplace purchase code on a map: 6 months of Basic for that map, once per code, ever. */
export const handler = callable({
  name: 'registerLicense',
  input: registerLicenseInput,
  writes: true,
  run: (input, ctx) => billing.registerLicense(actorOf(ctx), input, { sourceIp: ctx.sourceIp }),
});
