/** The rows of a map's version history as the history panel shows them, and the rows a restore adds. */
import { versionLabel } from '@mapnest/shared/keys';
import type { HistoryEntry } from '@mapnest/shared/maps';
import type { RestoreResult } from '../maps-api';

/** A history entry; `pending` while a restore that made it is still running. */
export type VersionRow = HistoryEntry & { pending?: boolean };

export const byNewest = (rows: readonly VersionRow[]) => [...rows].sort((a, b) => b.version - a.version);
export const versionName = (entry: Pick<HistoryEntry, 'version'>) => `version ${entry.version}`;
/** A version as messages name it: its name first when it has one ('“Spring layout” (version 4)'), else its number. */
export const namedVersion = (entry: Pick<HistoryEntry, 'version' | 'name'>) =>
  entry.name ? `“${entry.name}” (${versionName(entry)})` : versionName(entry);

/** The row shown at once when `entry` is restored: the next version, unnamed and pending. */
export function pendingRestoreRow(entry: VersionRow, version: number): VersionRow {
  return {
    ...entry,
    historyMapId: `pending-restore-${entry.historyMapId}`,
    version,
    name: null,
    created: new Date().toISOString(),
    kind: 'restore',
    restoredFrom: entry.historyMapId,
    pending: true,
  };
}

/** The pending row made true by the server's answer. */
export function restoredRow(pending: VersionRow, result: RestoreResult): VersionRow {
  return {
    ...pending,
    pending: false,
    historyMapId: versionLabel(result.version),
    version: result.version,
    created: result.edited,
    metrics: result.metrics,
  };
}
