import { historyRefInput } from '@mapnest/shared/maps';
import { actorOf, callable } from '../lib/callable';
import * as history from '../domain/map-history';

/** Restores a history entry as a new version. */
export const handler = callable({
  name: 'restoreMapHistory',
  input: historyRefInput,
  writes: true,
  run: (input, ctx) => history.restoreMapHistory(actorOf(ctx), input),
});
