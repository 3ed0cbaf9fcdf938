import { renameMapInput } from '@mapnest/shared/maps';
import { actorOf, callable } from '../lib/callable';
import * as maps from '../domain/services/maps';

/** Renames a map. */
export const handler = callable({
  name: 'renameMap',
  input: renameMapInput,
  writes: true,
  run: (input, ctx) => maps.renameMap(actorOf(ctx), input),
});
