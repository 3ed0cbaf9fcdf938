import { publishMapInput } from '@mapnest/shared/maps';
import { actorOf, callable } from '../lib/callable';
import * as publishing from '../domain/publishing';

/** Publishes a kept version of the map (the draft, or an earlier one): visitors see it within seconds. */
export const handler = callable({
  name: 'publishMap',
  input: publishMapInput,
  writes: true,
  run: (input, ctx) => publishing.publishMap(actorOf(ctx), input),
});
