import { adminUpdateMapInput } from '@mapnest/shared/maps';
import { actorOf, callable } from '../lib/callable';
import { prepareDocumentIn } from '../lib/document-parser';
import * as maps from '../domain/services/maps';

/** Administrators write a map's metadata fields and, optionally, its document. */
export const handler = callable({
  name: 'adminUpdateMap',
  input: adminUpdateMapInput,
  writes: true,
  prepare: prepareDocumentIn('mapData'),
  auth: 'admin',
  run: (input, ctx) => maps.adminUpdateMap(actorOf(ctx), input),
});
