/**
 * The state and actions of the history panel: rename, delete and restore versions. Every change shows at once
 * and is rolled back, with a message, if the server refuses.
 */
import { useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { HistoryEntry } from '@mapnest/shared/maps';
import { reportError } from '../../../lib/analytics';
import { describeError } from '../map-errors';
import { mapsApi } from '../maps-api';
import type { NoticeValue } from '../Notice';
import { byNewest, pendingRestoreRow, restoredRow, versionName, type VersionRow } from './history-rows';

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
  onRestored: (version: number) => void;
  beforeRestore?: (entry: HistoryEntry) => boolean | Promise<boolean>;
}

/** Restoring a version: a pending row on top at once, made true by the server's answer or taken away. */
function useRestore({
  mapId,
  current,
  setCurrent,
  setRows,
  setNotice,
  fail,
  onRestored,
  beforeRestore,
}: RestoreContext) {
  const [restoring, setRestoring] = useState(false);

  const restore = async (entry: VersionRow) => {
    if (restoring) return;
    if (beforeRestore && !(await beforeRestore(entry))) return;
    const previousCurrent = current;
    const temp = pendingRestoreRow(entry, previousCurrent + 1);
    setNotice(null);
    setRestoring(true);
    setRows((rs) => [temp, ...rs]);
    setCurrent(temp.version);
    try {
      const result = await mapsApi.restoreMapHistory(mapId, entry.historyMapId);
      const done = restoredRow(temp, result);
      setRows((rs) => byNewest(rs.map((r) => (r.historyMapId === temp.historyMapId ? done : r))));
      setCurrent(result.version);
      setNotice({ tone: 'success', message: `Restored ${versionName(entry)} as version ${result.version}.` });
      onRestored(result.version);
    } catch (error) {
      setRows((rs) => rs.filter((r) => r.historyMapId !== temp.historyMapId));
      setCurrent((c) => (c === temp.version ? previousCurrent : c));
      fail(`Could not restore ${versionName(entry)}.`, 'restoreMapHistory', error);
    } finally {
      setRestoring(false);
    }
  };

  return { restoring, restore };
}

export interface HistoryVersionsOptions {
  mapId: string;
  history: readonly HistoryEntry[];
  currentVersion: number;
  onRestored: (version: number) => void;
  beforeRestore?: (entry: HistoryEntry) => boolean | Promise<boolean>;
}

export function useHistoryVersions({
  mapId,
  history,
  currentVersion,
  onRestored,
  beforeRestore,
}: HistoryVersionsOptions) {
  const { rows, setRows, current, setCurrent } = useSyncedRows(history, currentVersion);
  const { busy, track } = useBusyIds();
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const list = useRef<HTMLOListElement>(null);

  const fail = (what: string, where: string, error: unknown) => {
    reportError(error, `maps:${where}`);
    setNotice({ tone: 'error', message: `${what} ${describeError(error)}` });
  };

  const { restoring, restore } = useRestore({
    mapId,
    current,
    setCurrent,
    setRows,
    setNotice,
    fail,
    onRestored,
    beforeRestore,
  });

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
        setNotice({ tone: 'success', message: `Deleted ${versionName(entry)}.` });
      } catch (error) {
        setRows((rs) => (rs.some((r) => r.historyMapId === id) ? rs : byNewest([...rs, entry])));
        fail(`Could not delete ${versionName(entry)}.`, 'deleteMapHistory', error);
      }
    });
  };

  return { rows, current, busy, restoring, notice, setNotice, list, rename, remove, restore };
}
