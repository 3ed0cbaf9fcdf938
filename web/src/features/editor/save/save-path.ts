/**
 * The editor's save path, one round trip per save: saveMap answers the new version together with the map's
 * summary and history (ADR 012), so after its own save the editor shows that answer and reads nothing back. Only
 * a version that came from elsewhere (another tab's save, merged or shown) makes it read the map again.
 *
 * The map's title is kept outside the document (renameMap, no version): every answer that carries the map (the
 * remote check's getMap, a save's answer) is compared with the title this editor knows, and a title changed elsewhere
 * is shown and told (`renamed`). A rename of this editor sends the title it replaces (renameMap's `replaces`, as a save
 * sends its base version): the server renames nothing when it changed elsewhere since, and answers the map as it is.
 */
import type { CallName, In, Out } from '@mapnest/shared/calls';
import { CallError } from '@mapnest/shared/errors';
import { DOCUMENT_MAX_BYTES, documentSizeProblem } from '@mapnest/shared/storage';
import type { HistoryEntry, MapSummary } from '@mapnest/shared/maps';
import { renamedElsewhere } from '../../maps/map-errors';
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
  /** The map was renamed elsewhere (another tab or device): `title` is its title now. */
  renamed?(title: string): void;
}

/** A rename's outcome: the map as it is now, and whether this rename was applied. */
export interface Renamed {
  map: MapSummary;
  /** False: the title was changed elsewhere since this editor showed it, and is kept; `map` has it. */
  renamed: boolean;
}

/**
 * Wires a save controller to the call client: `path` goes into createSaveController, and `follow` keeps the
 * editor's map and history current as versions move (returns the unsubscribe).
 */
export function createSavePath(
  call: Caller,
  mapId: string,
  title: string,
): {
  path: SavePath;
  follow(controller: SaveController, view: SavedView): () => void;
  rename(title: string): Promise<Renamed>;
} {
  let lastSaved: Out<'saveMap'> | null = null;
  const titles = knownTitle(title);
  // The map as the last check for changes read it, for the view `follow` keeps (null while nothing follows).
  let checked: ((map: MapSummary) => void) | null = null;
  return {
    path: {
      save: async (input) => {
        // A map over the size limit is refused here, with the server's words, before anything is sent (ADR 027).
        const problem = documentSizeProblem(JSON.stringify(input.mapData));
        if (problem)
          throw new CallError('invalid-argument', problem, { limit: 'documentBytes', maxBytes: DOCUMENT_MAX_BYTES });
        const asked = titles.asking();
        lastSaved = await call('saveMap', input);
        titles.seen(lastSaved.map.title, asked);
        return lastSaved;
      },
      currentVersion: async () => {
        const asked = titles.asking();
        const { map } = await call('getMap', { id: mapId });
        titles.seen(map.title, asked);
        checked?.(map);
        return map.version;
      },
    },
    async rename(next) {
      try {
        const map = await call('renameMap', { id: mapId, title: next, replaces: titles.title });
        titles.renamedHere(map.title);
        return { map, renamed: true };
      } catch (error) {
        // Renamed elsewhere since this editor showed its title: kept, and the answer has the map as it is.
        const now = renamedElsewhere(error);
        if (!now) throw error;
        titles.renamedHere(now.title);
        return { map: now, renamed: false };
      }
    },
    follow(controller, view) {
      const offTitle = titles.subscribe((t) => view.renamed?.(t));
      // A change with no new version (published, unpublished, gone live elsewhere) reaches the view at the next
      // check for changes: the status said "Unpublished changes" in one window after another had published it.
      checked = (map) => {
        if (map.version === controller.getState().version)
          view.setMap((m) => (sameSummary(m, map) ? m : { ...map, title: m.title }));
      };
      let last = controller.getState().version;
      const off = controller.subscribe((s) => {
        if (s.version === last) return;
        last = s.version;
        const ours = lastSaved?.version === s.version ? lastSaved : null;
        if (ours) {
          view.setMap(() => ours.map);
          // A history the server could not read after storing the save is read again.
          if (ours.history) view.setHistory(ours.history);
          else void view.reload().catch(() => undefined);
          return;
        }
        view.setMap((m) => ({ ...m, version: s.version, edited: new Date().toISOString() }));
        void view.reload().catch(() => undefined);
      });
      return () => {
        off();
        offTitle();
        checked = null;
      };
    },
  };
}

/**
 * The map's title as this editor knows it. An answer read while a rename of this editor ended (asked before it) may
 * carry the title that rename replaced, and is not taken for a rename made elsewhere.
 */
function knownTitle(initial: string) {
  let title = initial;
  let renames = 0;
  const listeners = new Set<(title: string) => void>();
  return {
    get title() {
      return title;
    },
    /** Marks an answer about to be asked for. */
    asking: () => renames,
    /** An answer's title: one changed elsewhere is told to the listeners. */
    seen(answered: string, asked: number) {
      if (asked !== renames || answered === title) return;
      title = answered;
      for (const l of [...listeners]) l(answered);
    },
    /** This editor renamed the map, or met a title changed elsewhere and says so itself. */
    renamedHere(answered: string) {
      renames++;
      title = answered;
    },
    subscribe(listener: (title: string) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** True when `b` says nothing `a` does not, the title aside (kept by `knownTitle`). */
function sameSummary(a: MapSummary, b: MapSummary): boolean {
  return JSON.stringify({ ...a, title: '' }) === JSON.stringify({ ...b, title: '' });
}
