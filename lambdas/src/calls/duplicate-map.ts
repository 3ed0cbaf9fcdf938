import { mapIdInput } from '@mapnest/shared/maps';
import { actorOf, callable } from '../lib/callable';
import * as maps from '../domain/services/maps';

/** Copies a map as a new test map titled '[D] ...' and answers the new id. */
export const handler = callable({
  name: 'duplicateMap',
  input: mapIdInput,
  writes: true,
  run: (input, ctx) => maps.duplicateMap(actorOf(ctx), input.id),
});
