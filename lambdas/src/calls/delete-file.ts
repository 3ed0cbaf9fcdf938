import { deleteFileInput } from '@mapnest/shared/files';
import { actorOf, callable } from '../lib/callable';
import * as files from '../domain/files/files';

/** Deletes one of the caller's library files and its thumbnails. */
export const handler = callable({
  name: 'deleteFile',
  input: deleteFileInput,
  writes: true,
  run: (input, ctx) => files.deleteFile(actorOf(ctx), input),
});
