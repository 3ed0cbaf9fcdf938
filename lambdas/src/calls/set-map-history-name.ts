import { actorOf, callable } from '../lib/callable';
import * as maps from '../domain/maps';

/** Names a history entry (named entries are kept forever); an empty name clears it. */
export const handler = callable({
  name: 'setMapHistoryName',
  writes: true,
  run: (input, ctx) => maps.setMapHistoryName(actorOf(ctx), input),
});
