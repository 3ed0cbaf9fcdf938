import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { HISTORY_NAME_MAX, HISTORY_UNNAMED_KEEP } from '@mapnest/shared/constants';
import { parseVersionLabel, versionLabel } from '@mapnest/shared/keys';
import type { HistoryEntry } from '@mapnest/shared/maps';
import { reportError } from '../../lib/analytics';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Spinner } from '../../components/Spinner';
import { describeError } from './map-errors';
import { absoluteTime, countsLabel, relativeTime } from './map-format';
import { mapsApi } from './maps-api';
import { PencilIcon, RestoreIcon, TagIcon, TrashIcon } from './MapIcons';
import { Notice, type NoticeValue } from './Notice';
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

type Row = HistoryEntry & { pending?: boolean };

const byNewest = (rows: readonly Row[]) => [...rows].sort((a, b) => b.version - a.version);
const versionName = (entry: Pick<HistoryEntry, 'version'>) => `version ${entry.version}`;

function kindLabel(entry: HistoryEntry): string {
  switch (entry.kind) {
    case 'create':
      return 'Created';
    case 'restore': {
      const from = entry.restoredFrom ? parseVersionLabel(entry.restoredFrom) : null;
      return from === null ? 'Restored' : `Restored from version ${from}`;
    }
    case 'admin':
      return 'Changed by an administrator';
    default:
      return 'Saved';
  }
}

/**
 * A map's version history: name or rename versions (the current one too), delete old versions and restore
 * one. Every change shows at once and is rolled back, with a message, if the server refuses (spec §4).
 */
export function HistoryPanel({ mapId, history, currentVersion, onRestored, beforeRestore }: HistoryPanelProps) {
  // Local rows start from the props and follow them when the parent passes a new history.
  const [syncedHistory, setSyncedHistory] = useState(history);
  const [rows, setRows] = useState<Row[]>(() => byNewest(history));
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

  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [restoring, setRestoring] = useState(false);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const [toDelete, setToDelete] = useState<Row | null>(null);
  // The dialog keeps its text while its closing animation plays.
  const [deleteShown, setDeleteShown] = useState<Row | null>(null);
  if (toDelete && toDelete !== deleteShown) setDeleteShown(toDelete);
  const list = useRef<HTMLOListElement>(null);

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

  const fail = (what: string, where: string, error: unknown) => {
    reportError(error, `maps:${where}`);
    setNotice({ tone: 'error', message: `${what} ${describeError(error)}` });
  };

  const rename = (entry: Row, raw: string) => {
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

  const remove = (entry: Row) => {
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

  const restore = async (entry: Row) => {
    if (restoring) return;
    if (beforeRestore && !(await beforeRestore(entry))) return;
    const previousCurrent = current;
    const tempId = `pending-restore-${entry.historyMapId}`;
    const temp: Row = {
      ...entry,
      historyMapId: tempId,
      version: previousCurrent + 1,
      name: null,
      created: new Date().toISOString(),
      kind: 'restore',
      restoredFrom: entry.historyMapId,
      pending: true,
    };
    setNotice(null);
    setRestoring(true);
    setRows((rs) => [temp, ...rs]);
    setCurrent(temp.version);
    try {
      const result = await mapsApi.restoreMapHistory(mapId, entry.historyMapId);
      const done: Row = {
        ...temp,
        pending: false,
        historyMapId: versionLabel(result.version),
        version: result.version,
        created: result.edited,
        metrics: result.metrics,
      };
      setRows((rs) => byNewest(rs.map((r) => (r.historyMapId === tempId ? done : r))));
      setCurrent(result.version);
      setNotice({ tone: 'success', message: `Restored ${versionName(entry)} as version ${result.version}.` });
      onRestored(result.version);
    } catch (error) {
      setRows((rs) => rs.filter((r) => r.historyMapId !== tempId));
      setCurrent((c) => (c === temp.version ? previousCurrent : c));
      fail(`Could not restore ${versionName(entry)}.`, 'restoreMapHistory', error);
    } finally {
      setRestoring(false);
    }
  };

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

interface HistoryRowProps {
  entry: Row;
  isCurrent: boolean;
  busy: boolean;
  restoring: boolean;
  onRename: (name: string) => void;
  onRestore: () => void;
  onDelete: () => void;
}

function HistoryRow({ entry, isCurrent, busy, restoring, onRename, onRestore, onDelete }: HistoryRowProps) {
  const [editing, setEditing] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const titleId = useId();

  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      renameButton.current?.focus();
    }
  }, [editing]);

  const close = () => {
    returnFocus.current = true;
    setEditing(false);
  };

  const renameLabel = entry.name ? 'Rename' : isCurrent ? 'Name this version' : 'Name';
  const meta = [entry.name ? `Version ${entry.version}` : null, kindLabel(entry), countsLabel(entry.metrics)].filter(
    (part): part is string => !!part,
  );

  return (
    <li
      className={['history__item', isCurrent ? 'is-current' : '', entry.pending ? 'is-pending' : '']
        .filter(Boolean)
        .join(' ')}
      aria-labelledby={titleId}
      aria-busy={entry.pending || busy || undefined}
    >
      <div className="history__main">
        <p id={titleId} className="history__title">
          {entry.name && <TagIcon size={15} className="history__tag" />}
          <span>{entry.name ?? `Version ${entry.version}`}</span>
          {isCurrent && <span className="badge history__current">Current</span>}
        </p>
        <p className="history__meta">
          <time dateTime={entry.created} title={absoluteTime(entry.created)}>
            {relativeTime(entry.created)}
          </time>
          {meta.map((part) => (
            <span key={part}>
              {' · '}
              {part}
            </span>
          ))}
        </p>
        {editing && (
          <VersionNameForm
            initial={entry.name ?? ''}
            onCancel={close}
            onSave={(name) => {
              close();
              onRename(name);
            }}
          />
        )}
      </div>
      {entry.pending ? (
        <div className="history__actions">
          <Spinner size="sm" label="Restoring" />
          <span className="history__pending">Restoring…</span>
        </div>
      ) : (
        !editing && (
          <div className="history__actions">
            <button
              ref={renameButton}
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={busy}
              onClick={() => setEditing(true)}
              aria-describedby={titleId}
            >
              <PencilIcon size={16} />
              {renameLabel}
            </button>
            {!isCurrent && (
              <>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  disabled={busy || restoring}
                  onClick={onRestore}
                  aria-describedby={titleId}
                >
                  <RestoreIcon size={16} />
                  Restore
                </button>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm history__delete"
                  disabled={busy}
                  onClick={onDelete}
                  aria-describedby={titleId}
                >
                  <TrashIcon size={16} />
                  Delete
                </button>
              </>
            )}
          </div>
        )
      )}
    </li>
  );
}

function VersionNameForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(initial);
  const id = useId();
  const tooLong = value.trim().length > HISTORY_NAME_MAX;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!tooLong) onSave(value);
  };
  return (
    <form className="history__form" onSubmit={submit} noValidate>
      <label htmlFor={id} className="visually-hidden">
        Version name
      </label>
      <input
        id={id}
        className="input"
        value={value}
        // The form opens on request, so focus belongs in it.
        autoFocus
        placeholder="e.g. Before the spring update"
        maxLength={HISTORY_NAME_MAX}
        aria-invalid={tooLong || undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            onCancel();
          }
        }}
      />
      <p id={`${id}-hint`} className="field__hint">
        {tooLong
          ? `A version name has at most ${HISTORY_NAME_MAX} characters.`
          : initial
            ? 'Leave empty to remove the name.'
            : 'Named versions are never pruned.'}
      </p>
      <div className="history__form-actions">
        <button type="submit" className="btn btn--primary btn--sm" disabled={tooLong}>
          Save name
        </button>
        <button type="button" className="btn btn--secondary btn--sm" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
