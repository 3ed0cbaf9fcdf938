import { historyRefInput } from '@mapnest/shared/maps';
import { actorOf, callable } from '../lib/callable';
import * as history from '../domain/map-history';

/** Deletes one history entry (never the current version). */
export const handler = callable({
  name: 'deleteMapHistory',
  input: historyRefInput,
  writes: true,
  run: (input, ctx) => history.deleteMapHistory(actorOf(ctx), input),
});
