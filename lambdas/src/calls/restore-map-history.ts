import { actorOf, callable } from '../lib/callable';
import * as history from '../domain/map-history';

/** Restores a history entry as a new version. */
export const handler = callable({
  name: 'restoreMapHistory',
  writes: true,
  run: (input, ctx) => history.restoreMapHistory(actorOf(ctx), input),
});
