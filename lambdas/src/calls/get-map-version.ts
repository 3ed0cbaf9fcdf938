import { getMapVersionInput } from '@mapnest/shared/calls';
import { actorOf, callable } from '../lib/callable';
import { getMapVersion } from '../domain/map-history';

/** A short-lived URL of one kept version's document (the base of a three-way merge in the editor). */
export const handler = callable({
  name: 'getMapVersion',
  input: getMapVersionInput,
  run: (input, ctx) => getMapVersion(actorOf(ctx), input),
});
