import { setMapStateInput } from '@mapnest/shared/maps';
import { actorOf, callable } from '../lib/callable';
import * as maps from '../domain/services/maps';

/** Moves a map between test, live and pro (demo and admin for administrators), within slot limits. */
export const handler = callable({
  name: 'setMapState',
  input: setMapStateInput,
  writes: true,
  run: (input, ctx) => maps.setMapState(actorOf(ctx), input),
});
