import { mapIdInput } from '@mapnest/shared/maps';
import { actorOf, callable } from '../lib/callable';
import * as maps from '../domain/services/maps';

/** A map's metadata, history and a short-lived URL of its current document. */
export const handler = callable({
  name: 'getMap',
  input: mapIdInput,
  run: (input, ctx) => maps.getMap(actorOf(ctx), input.id),
});
