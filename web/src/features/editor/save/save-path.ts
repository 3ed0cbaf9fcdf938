/**
 * The editor's save path, one round trip per save: saveMap answers the new version together with the map's
 * summary and history (ADR 012), so after its own save the editor shows that answer and reads nothing back. Only
 * a version that came from elsewhere (another tab's save, merged or shown) makes it read the map again.
 */
import type { CallName, In, Out } from '@mapnest/shared/calls';
import { CallError } from '@mapnest/shared/errors';
import { DOCUMENT_MAX_BYTES, documentSizeProblem } from '@mapnest/shared/storage';
import type { HistoryEntry, MapSummary } from '@mapnest/shared/maps';
import type { SaveController, SaveInput } from './save-types';

/** The call client, or a test's stand-in for it. */
export type Caller = <K extends CallName>(name: K, data: In<K>) => Promise<Out<K>>;

export interface SavePath {
  /** The controller's `save`: one saveMap call. */
  save(input: SaveInput): Promise<{ version: number }>;
  /** The map's current version on the server (for "keep mine" after a conflict). */
  currentVersion(): Promise<number>;
}

export interface SavedView {
  setMap(update: (map: MapSummary) => MapSummary): void;
  setHistory(history: HistoryEntry[]): void;
  /** Reads the map and its history again (a version saved elsewhere came in). */
  reload(): Promise<void>;
}

/**
 * Wires a save controller to the call client: `path` goes into createSaveController, and `follow` keeps the
 * editor's map and history current as versions move (returns the unsubscribe).
 */
export function createSavePath(
  call: Caller,
  mapId: string,
): { path: SavePath; follow(controller: SaveController, view: SavedView): () => void } {
  let lastSaved: Out<'saveMap'> | null = null;
  return {
    path: {
      save: async (input) => {
        // A map over the size limit is refused here, with the server's words, before anything is sent (ADR 027).
        const problem = documentSizeProblem(JSON.stringify(input.mapData));
        if (problem)
          throw new CallError('invalid-argument', problem, { limit: 'documentBytes', maxBytes: DOCUMENT_MAX_BYTES });
        return (lastSaved = await call('saveMap', input));
      },
      currentVersion: async () => (await call('getMap', { id: mapId })).map.version,
    },
    follow(controller, view) {
      let last = controller.getState().version;
      return controller.subscribe((s) => {
        if (s.version === last) return;
        last = s.version;
        const ours = lastSaved?.version === s.version ? lastSaved : null;
        if (ours) {
          view.setMap(() => ours.map);
          view.setHistory(ours.history);
          return;
        }
        view.setMap((m) => ({ ...m, version: s.version, edited: new Date().toISOString() }));
        void view.reload().catch(() => undefined);
      });
    },
  };
}
