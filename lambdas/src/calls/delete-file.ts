import { deleteFileInput } from '@mapnest/shared/files';
import { actorOf, callable } from '../lib/callable';
import * as files from '../domain/files';

/** Deletes one of the caller's library files and its thumbnails. */
export const handler = callable({
  name: 'deleteFile',
  input: deleteFileInput,
  run: (input, ctx) => files.deleteFile(actorOf(ctx), input),
});
