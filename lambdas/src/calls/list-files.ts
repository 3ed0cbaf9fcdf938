import { listFilesInput } from '@mapnest/shared/files';
import { actorOf, callable } from '../lib/callable';
import * as files from '../domain/files/files';

/** One page (1-1000 files) of the caller's file library, newest keys in key order, with a token for the next page. */
export const handler = callable({
  name: 'listFiles',
  input: listFilesInput,
  run: (input, ctx) => files.listFiles(actorOf(ctx), input),
});
