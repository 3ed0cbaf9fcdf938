import { actorOf, callable } from '../lib/callable';
import * as history from '../domain/map-history';

/** Names a history entry (named entries are kept forever); an empty name clears it. */
export const handler = callable({
  name: 'setMapHistoryName',
  writes: true,
  run: (input, ctx) => history.setMapHistoryName(actorOf(ctx), input),
});
