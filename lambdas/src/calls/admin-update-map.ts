import { adminUpdateMapInput } from '@mapnest/shared/maps';
import { CallError } from '@mapnest/shared/errors';
import { anyDeleted } from '../adapters/account-status';
import { actorOf, callable } from '../lib/callable';
import { prepareDocumentIn } from '../lib/document-parser';
import { userExists } from '../lib/user-exists';
import * as maps from '../domain/services/maps';

/**
 * Administrators write a map's metadata fields and, optionally, its document. A map is given only to a user who
 * exists (as setUserSlots grants slots): a map of no one would hold no slot and be seen by no one.
 */
export const handler = callable({
  name: 'adminUpdateMap',
  input: adminUpdateMapInput,
  writes: true,
  prepare: prepareDocumentIn('mapData'),
  auth: 'admin',
  run: async (input, ctx) => {
    const owner = input.fields.uid;
    if (owner !== undefined) {
      const [exists, deleted] = await Promise.all([userExists(owner), anyDeleted([owner])]);
      if (!exists || deleted) throw new CallError('not-found', 'There is no user with this id.');
    }
    return maps.adminUpdateMap(actorOf(ctx), input);
  },
});
