import { listMapsInput } from '@mapnest/shared/maps';
import { actorOf, callable } from '../lib/callable';
import * as billing from '../domain/services/billing';

/** The marketplace licences the caller registered, with their end dates. */
export const handler = callable({
  name: 'listLicenses',
  input: listMapsInput,
  run: (_input, ctx) => billing.listLicenses(actorOf(ctx)),
});
