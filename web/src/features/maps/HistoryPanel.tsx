import { useState } from 'react';
import { HISTORY_UNNAMED_KEEP } from '@mapnest/shared/constants';
import type { HistoryEntry } from '@mapnest/shared/maps';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { versionName, type VersionRow } from './history-rows';
import { HistoryRow } from './HistoryRow';
import { Notice } from './Notice';
import { useHistoryVersions } from './use-history-versions';
import './history-panel.css';

export interface HistoryPanelProps {
  mapId: string;
  /** The map's history as getMap answers it (any order). */
  history: readonly HistoryEntry[];
  /** The map's current version: it cannot be deleted or restored, only named. */
  currentVersion: number;
  /** Called once the server has made a restored version current, with that new version number. */
  onRestored: (version: number) => void;
  /**
   * Asked before a restore starts; answer false to cancel (an editor with unsaved changes confirms here).
   * Without it, restoring starts at once: a restore is itself a new version, so it can be undone.
   */
  beforeRestore?: (entry: HistoryEntry) => boolean | Promise<boolean>;
}

/**
 * A map's version history: name or rename versions (the current one too), delete old versions and restore
 * one. Every change shows at once and is rolled back, with a message, if the server refuses (spec §4).
 */
export function HistoryPanel(props: HistoryPanelProps) {
  const { rows, current, busy, restoring, notice, setNotice, list, rename, remove, restore } =
    useHistoryVersions(props);
  const [toDelete, setToDelete] = useState<VersionRow | null>(null);
  // The dialog keeps its text while its closing animation plays.
  const [deleteShown, setDeleteShown] = useState<VersionRow | null>(null);
  if (toDelete && toDelete !== deleteShown) setDeleteShown(toDelete);

  return (
    <div className="history">
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      {rows.length === 0 ? (
        <p className="history__empty">No versions yet.</p>
      ) : (
        <ol ref={list} className="history__list" tabIndex={-1} aria-label="Versions, newest first">
          {rows.map((entry) => (
            <HistoryRow
              key={entry.historyMapId}
              entry={entry}
              isCurrent={entry.version === current}
              busy={busy.has(entry.historyMapId)}
              restoring={restoring}
              onRename={(name) => rename(entry, name)}
              onRestore={() => void restore(entry)}
              onDelete={() => setToDelete(entry)}
            />
          ))}
        </ol>
      )}
      <p className="history__hint">
        Named versions are kept forever; the newest {HISTORY_UNNAMED_KEEP} unnamed versions are kept.
      </p>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this version?"
        subtitle={
          deleteShown
            ? `${deleteShown.name ? `“${deleteShown.name}” (${versionName(deleteShown)})` : `Version ${deleteShown.version}`} will be removed from the history. This cannot be undone.`
            : undefined
        }
        positive="Delete version"
        danger
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) remove(toDelete);
          setToDelete(null);
        }}
      />
    </div>
  );
}
