import { createFileUploadInput } from '@mapnest/shared/files';
import { actorOf, callable } from '../lib/callable';
import * as files from '../domain/files/files';

/** A presigned POST for a new library file: SVG, PNG, JPG or WEBP, at most 10 MB, at a fresh key under {uid}/files/. */
export const handler = callable({
  name: 'createFileUpload',
  input: createFileUploadInput,
  writes: true,
  run: (input, ctx) => files.createFileUpload(actorOf(ctx), input),
});
