import { mapIdInput } from '@mapnest/shared/maps';
import { actorOf, callable } from '../lib/callable';
import * as publishing from '../domain/publishing';

/** Takes the map offline; the draft and the history stay. */
export const handler = callable({
  name: 'unpublishMap',
  input: mapIdInput,
  writes: true,
  run: (input, ctx) => publishing.unpublishMap(actorOf(ctx), input),
});
