import { actorOf, callable } from '../lib/callable';
import * as maps from '../domain/maps';

/** Deletes one history entry (never the current version). */
export const handler = callable({
  name: 'deleteMapHistory',
  writes: true,
  run: (input, ctx) => maps.deleteMapHistory(actorOf(ctx), input),
});
