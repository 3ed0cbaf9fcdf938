import { actorOf, callable } from '../lib/callable';
import * as maps from '../domain/maps';

/** Restores a history entry as a new version. */
export const handler = callable({
  name: 'restoreMapHistory',
  writes: true,
  run: (input, ctx) => maps.restoreMapHistory(actorOf(ctx), input),
});
