import { listMapsInput } from '@mapnest/shared/maps';
import { actorOf, callable } from '../lib/callable';
import * as maps from '../domain/services/maps';

/** The caller's maps ordered by creation; an administrator viewing as a user gets that user's maps. */
export const handler = callable({
  name: 'listMaps',
  input: listMapsInput,
  run: (_input, ctx) => maps.listMaps(actorOf(ctx)),
});
