import { listMapsInput } from '@mapnest/shared/maps';
import { actorOf, callable } from '../lib/callable';
import * as maps from '../domain/services/maps';

/** The caller's slot counters: test maps held, paid slots used and available. */
export const handler = callable({
  name: 'getSlots',
  input: listMapsInput,
  writes: true,
  run: (_input, ctx) => maps.getSlots(actorOf(ctx)),
});
