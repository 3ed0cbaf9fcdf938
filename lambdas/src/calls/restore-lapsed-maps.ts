import { listMapsInput } from '@mapnest/shared/maps';
import { actorOf, callable } from '../lib/callable';
import * as billing from '../domain/services/billing';

/** One click after buying slots: maps that went back to test when slots ran out return to live or pro. */
export const handler = callable({
  name: 'restoreLapsedMaps',
  input: listMapsInput,
  writes: true,
  run: (_input, ctx) => billing.restoreLapsedMaps(actorOf(ctx)),
});
