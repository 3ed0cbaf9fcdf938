import { saveMapInput } from '@mapnest/shared/maps';
import { actorOf, callable } from '../lib/callable';
import { prepareDocumentIn } from '../lib/document-parser';
import * as maps from '../domain/services/maps';

/** Saves a new version if the map is still at baseVersion; 409 aborted when it moved on, 400 for a base it never had. */
export const handler = callable({
  name: 'saveMap',
  input: saveMapInput,
  writes: true,
  prepare: prepareDocumentIn('mapData'),
  run: (input, ctx) => maps.saveMap(actorOf(ctx), input),
});
