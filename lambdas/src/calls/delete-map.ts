import { deleteMapInput } from '@mapnest/shared/maps';
import { actorOf, callable } from '../lib/callable';
import * as maps from '../domain/services/maps';

/** Deletes a map with every version, its history and its public copy. */
export const handler = callable({
  name: 'deleteMap',
  input: deleteMapInput,
  writes: true,
  run: (id, ctx) => maps.deleteMap(actorOf(ctx), id),
});
