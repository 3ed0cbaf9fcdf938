import { setHistoryNameInput } from '@mapnest/shared/maps';
import { actorOf, callable } from '../lib/callable';
import * as history from '../domain/map-history';

/** Names a history entry (named entries are kept forever); an empty name clears it. */
export const handler = callable({
  name: 'setMapHistoryName',
  input: setHistoryNameInput,
  writes: true,
  run: (input, ctx) => history.setMapHistoryName(actorOf(ctx), input),
});
