import { restoreMapHistoryInput } from '@mapnest/shared/maps';
import { actorOf, callable } from '../lib/callable';
import * as history from '../domain/map-history';

/** Restores a history entry as a new version; a retry with the same restoreId is answered with the first outcome. */
export const handler = callable({
  name: 'restoreMapHistory',
  input: restoreMapHistoryInput,
  writes: true,
  run: (input, ctx) => history.restoreMapHistory(actorOf(ctx), input),
});
