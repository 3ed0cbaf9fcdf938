/** Test stand-ins of the save path's server. */
import { blankDocument } from '@mapnest/shared/map-document';
import { CallError } from '@mapnest/shared/errors';
import type { SaveInput } from './save-types';

/** A fake maps service holding one map, answering saves like the real one (409 on a stale base). */
export function fakeServer(version = 1) {
  const server = {
    version,
    doc: blankDocument(),
    saves: [] as SaveInput[],
    fail: null as CallError | null,
    async save(input: SaveInput) {
      server.saves.push(input);
      if (server.fail) throw server.fail;
      if (input.baseVersion !== server.version)
        throw new CallError('aborted', 'changed elsewhere', { currentVersion: server.version });
      server.version++;
      server.doc = input.mapData;
      return { version: server.version };
    },
    currentVersion: async () => server.version,
  };
  return server;
}
