import { actorOf, callable } from '../lib/callable';
import * as maps from '../domain/services/maps';

/** Administrators write a map's metadata fields and, optionally, its document. */
export const handler = callable({
  name: 'adminUpdateMap',
  writes: true,
  auth: 'admin',
  run: (input, ctx) => maps.adminUpdateMap(actorOf(ctx), input),
});
