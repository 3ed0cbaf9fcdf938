/**
 * The state and actions of the history panel: rename, delete and restore versions. Every change shows at once
 * and is rolled back, with a message, if the server refuses.
 */
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { HistoryEntry } from '@mapnest/shared/maps';
import { reportError } from '../../../lib/analytics';
import { describeError, outcomeUnknown } from '../map-errors';
import { mapsApi, type RestoreResult } from '../maps-api';
import type { NoticeValue } from '../Notice';
import { byNewest, namedVersion, pendingRestoreRow, restoredRow, versionName, type VersionRow } from './history-rows';

/** Local rows and current version: they start from the props and follow them when the parent passes new ones. */
function useSyncedRows(history: readonly HistoryEntry[], currentVersion: number) {
  const [syncedHistory, setSyncedHistory] = useState(history);
  const [rows, setRows] = useState<VersionRow[]>(() => byNewest(history));
  const [syncedCurrent, setSyncedCurrent] = useState(currentVersion);
  const [current, setCurrent] = useState(currentVersion);
  if (history !== syncedHistory) {
    setSyncedHistory(history);
    setRows(byNewest(history));
  }
  if (currentVersion !== syncedCurrent) {
    setSyncedCurrent(currentVersion);
    setCurrent(currentVersion);
  }
  return { rows, setRows, current, setCurrent };
}

/** The ids of the rows with a request in flight; `track` marks one for the length of its work. */
function useBusyIds() {
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const track = async (id: string, work: () => Promise<void>) => {
    setBusy((b) => new Set(b).add(id));
    try {
      await work();
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(id);
        return next;
      });
    }
  };
  return { busy, track };
}

interface RestoreContext {
  mapId: string;
  current: number;
  setCurrent: Dispatch<SetStateAction<number>>;
  setRows: Dispatch<SetStateAction<VersionRow[]>>;
  setNotice: (notice: NoticeValue | null) => void;
  fail: (what: string, where: string, error: unknown) => void;
  onRestored: (version: number, from: HistoryEntry) => void;
  beforeRestore?: (entry: HistoryEntry) => boolean | Promise<boolean>;
  /** The version the author saw the restore's changes against (the editor's document's), else `current`. */
  seenVersion?: () => number;
  onRestoreFailed?: () => void;
}

const newRequestId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** After a restore whose answer was lost: the version it made, as the map's history shows it, or null if none. */
async function madeByRestore(mapId: string, entry: VersionRow, after: number): Promise<RestoreResult | null> {
  const { history } = await mapsApi.getMap(mapId);
  const made = history
    .filter((h) => h.kind === 'restore' && h.restoredFrom === entry.historyMapId && h.version > after)
    .sort((a, b) => a.version - b.version)[0];
  return made ? { version: made.version, edited: made.created, metrics: made.metrics } : null;
}

/** A restore whose answer was lost, and the map could not be read to learn whether it happened. */
class RestoreUnconfirmed extends Error {}

/** One restore request; when its answer is lost, the map's history says whether it happened before anything is said. */
async function restoreOnce(mapId: string, entry: VersionRow, restoreId: string, after: number) {
  try {
    // `after`: the current version the author saw the restore's changes against; one saved elsewhere since is a 409.
    return await mapsApi.restoreMapHistory(mapId, entry.historyMapId, restoreId, after);
  } catch (error) {
    if (!outcomeUnknown(error)) throw error;
    let made: RestoreResult | null;
    try {
      made = await madeByRestore(mapId, entry, after);
    } catch {
      throw new RestoreUnconfirmed('Check your connection and try again: a retry never restores it twice.');
    }
    if (made) return made;
    throw error;
  }
}

/**
 * Restoring a version: a pending row on top at once, made true by the server's answer or taken away. Each restore
 * sends a request id, kept for a retry while its outcome is unknown; focus moves to the restored row.
 */
function useRestore(o: RestoreContext) {
  const { mapId, current, setCurrent, setRows, setNotice, fail, onRestored, beforeRestore, seenVersion } = o;
  const { onRestoreFailed } = o;
  const [restoring, setRestoring] = useState(false);
  const [focusId, setFocusId] = useState<string | null>(null);
  const restoreIds = useRef(new Map<string, string>());

  const restore = async (entry: VersionRow) => {
    if (restoring) return;
    if (beforeRestore && !(await beforeRestore(entry))) return;
    const previousCurrent = current;
    const temp = pendingRestoreRow(entry, previousCurrent + 1);
    const restoreId = restoreIds.current.get(entry.historyMapId) ?? newRequestId();
    restoreIds.current.set(entry.historyMapId, restoreId);
    setNotice(null);
    setRestoring(true);
    setRows((rs) => [temp, ...rs]);
    setCurrent(temp.version);
    try {
      const result = await restoreOnce(mapId, entry, restoreId, seenVersion?.() ?? previousCurrent);
      restoreIds.current.delete(entry.historyMapId);
      const done = restoredRow(temp, result);
      setRows((rs) => byNewest(rs.map((r) => (r.historyMapId === temp.historyMapId ? done : r))));
      setCurrent(result.version);
      setFocusId(done.historyMapId);
      setNotice({ tone: 'success', message: `Restored ${namedVersion(entry)} as version ${result.version}.` });
      onRestored(result.version, entry);
    } catch (error) {
      // A refusal is final; after an unknown outcome the same id is sent again, so a retry cannot restore twice.
      if (!outcomeUnknown(error)) restoreIds.current.delete(entry.historyMapId);
      setRows((rs) => rs.filter((r) => r.historyMapId !== temp.historyMapId));
      setCurrent((c) => (c === temp.version ? previousCurrent : c));
      const what =
        error instanceof RestoreUnconfirmed
          ? `Could not confirm that ${namedVersion(entry)} was restored.`
          : `Could not restore ${namedVersion(entry)}.`;
      fail(what, 'restoreMapHistory', error);
      onRestoreFailed?.();
    } finally {
      setRestoring(false);
    }
  };

  return { restoring, restore, focusId, setFocusId };
}

export interface HistoryVersionsOptions {
  mapId: string;
  history: readonly HistoryEntry[];
  currentVersion: number;
  onRestored: (version: number, from: HistoryEntry) => void;
  beforeRestore?: (entry: HistoryEntry) => boolean | Promise<boolean>;
  seenVersion?: () => number;
  onRestoreFailed?: () => void;
}

export function useHistoryVersions({
  mapId,
  history,
  currentVersion,
  onRestored,
  beforeRestore,
  seenVersion,
  onRestoreFailed,
}: HistoryVersionsOptions) {
  const { rows, setRows, current, setCurrent } = useSyncedRows(history, currentVersion);
  const { busy, track } = useBusyIds();
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const list = useRef<HTMLOListElement>(null);

  const fail = (what: string, where: string, error: unknown) => {
    reportError(error, `maps:${where}`);
    setNotice({ tone: 'error', message: `${what} ${describeError(error)}` });
  };

  const { restoring, restore, focusId, setFocusId } = useRestore({
    mapId,
    current,
    setCurrent,
    setRows,
    setNotice,
    fail,
    onRestored,
    beforeRestore,
    seenVersion,
    onRestoreFailed,
  });
  // After a restore, focus goes to the restored version's title (the button pressed is no longer where it was).
  useEffect(() => {
    if (!focusId) return;
    list.current?.querySelector<HTMLElement>(`[data-version-id="${focusId}"] .history__title`)?.focus();
    setFocusId(null);
  }, [focusId, setFocusId]);

  const rename = (entry: VersionRow, raw: string) => {
    const name = raw.trim() || null;
    if (name === entry.name) return;
    const previous = entry.name;
    const id = entry.historyMapId;
    setNotice(null);
    setRows((rs) => rs.map((r) => (r.historyMapId === id ? { ...r, name } : r)));
    void track(id, async () => {
      try {
        const saved = await mapsApi.setMapHistoryName(mapId, id, name ?? '');
        setRows((rs) => rs.map((r) => (r.historyMapId === id ? { ...r, name: saved.name } : r)));
        setNotice({
          tone: 'success',
          message: saved.name
            ? `Named ${versionName(entry)} “${saved.name}”.`
            : `Removed the name of ${versionName(entry)}.`,
        });
      } catch (error) {
        // Only undo our own change: a later rename of the same entry wins.
        setRows((rs) => rs.map((r) => (r.historyMapId === id && r.name === name ? { ...r, name: previous } : r)));
        fail(`Could not rename ${versionName(entry)}.`, 'setMapHistoryName', error);
      }
    });
  };

  const remove = (entry: VersionRow) => {
    const id = entry.historyMapId;
    setNotice(null);
    setRows((rs) => rs.filter((r) => r.historyMapId !== id));
    list.current?.focus();
    void track(id, async () => {
      try {
        await mapsApi.deleteMapHistory(mapId, id);
        setNotice({ tone: 'success', message: `Deleted ${namedVersion(entry)}.` });
      } catch (error) {
        setRows((rs) => (rs.some((r) => r.historyMapId === id) ? rs : byNewest([...rs, entry])));
        fail(`Could not delete ${namedVersion(entry)}.`, 'deleteMapHistory', error);
      }
    });
  };

  return { rows, current, busy, restoring, notice, setNotice, list, rename, remove, restore };
}
