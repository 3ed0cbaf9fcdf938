import { createMapInput } from '@mapnest/shared/maps';
import { actorOf, callable } from '../lib/callable';
import { prepareDocumentIn } from '../lib/document-parser';
import * as maps from '../domain/services/maps';

/** Creates a map (blank, or from a full document) and answers its id. */
export const handler = callable({
  name: 'createMap',
  input: createMapInput,
  writes: true,
  prepare: prepareDocumentIn('mapData'),
  run: (input, ctx) => maps.createMap(actorOf(ctx), input),
});
