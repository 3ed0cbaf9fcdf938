/** The editor's notices: the toast of the latest notice, unsaved work to restore, and the repairs a map needed. */
import { useEffect, useState } from 'react';
import { useAtom } from 'jotai';
import { replaceDocument } from './actions/structure';
import { useEditor } from './editor-context';
import { noticeAtom } from './editor-state';
import type { BackupRecord, browserBackup } from './save/save-controller';
import { loadMapVersion, type LoadedMap } from './load-map';

/** The latest notice (an error or some news), dismissed by the author or after a few seconds. */
export function NoticeToast() {
  const [notice, setNotice] = useAtom(noticeAtom);
  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(
      () => setNotice((n) => (n?.id === notice.id ? null : n)),
      notice.kind === 'error' ? 8000 : 4000,
    );
    return () => clearTimeout(t);
  }, [notice, setNotice]);
  if (!notice) return <div className="editor__toast-region" aria-live="polite" />;
  return (
    <div className="editor__toast-region" aria-live="polite">
      <div
        className={`editor__toast editor__toast--${notice.kind}`}
        role={notice.kind === 'error' ? 'alert' : 'status'}
      >
        <span>{notice.text}</span>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setNotice(null)} aria-label="Dismiss">
          ×
        </button>
      </div>
    </div>
  );
}

/** Unsaved work found in this browser from an earlier session: offer it back, never apply it unasked. */
export function RestoreBackup({
  backupStore,
  initial,
}: {
  backupStore: ReturnType<typeof browserBackup>;
  initial: LoadedMap;
}) {
  const { run, save, notify } = useEditor();
  const [record, setRecord] = useState<BackupRecord | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let cancelled = false;
    void backupStore.get(initial.map.id).then((r) => {
      if (cancelled || !r) return;
      if (JSON.stringify(r.doc) === JSON.stringify(initial.doc)) {
        void backupStore.delete(initial.map.id);
        return;
      }
      setRecord(r);
    });
    return () => {
      cancelled = true;
    };
  }, [backupStore, initial]);
  if (!record) return null;
  const newer = initial.map.version > record.baseVersion;
  const restore = async () => {
    // Made on the version shown: an edit on top of it; it autosaves, and Undo brings the server's version back.
    if (!newer) {
      if (run(replaceDocument, { doc: record.doc })) setRecord(null);
      return;
    }
    // Made on an older version: merged three ways with the newer one (base: the version they were made on).
    setBusy(true);
    try {
      const base = await loadMapVersion(initial.map.id, record.baseVersion);
      const conflicts = save.mergeLocal(base, record.doc);
      setRecord(null);
      if (!conflicts)
        notify(
          `Your changes are merged with version ${save.getState().version}; they are saved as a new version, and Undo takes them back out.`,
          'info',
        );
    } catch {
      // The version they were made on is no longer kept: they go on top, and the newer version stays in the history.
      if (run(replaceDocument, { doc: record.doc })) {
        setRecord(null);
        notify(
          `Version ${record.baseVersion}, which they were made on, is no longer kept, so they replace version ${initial.map.version}; it stays in the history.`,
          'info',
        );
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="editor__banner" role="alert">
      <p>
        <strong>Unsaved changes from {new Date(record.savedAt).toLocaleString()} were kept in this browser.</strong>{' '}
        {newer
          ? `They were made on version ${record.baseVersion}; the map has been saved since (version ${initial.map.version}). Restoring merges them with it: changes to different things are kept from both, and where both changed the same thing you choose.`
          : 'Restore them to continue where you left off.'}
      </p>
      <div className="editor__banner-actions">
        <button type="button" className="btn btn--primary btn--sm" onClick={() => void restore()} disabled={busy}>
          Restore my changes
        </button>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          disabled={busy}
          onClick={() => {
            void backupStore.delete(initial.map.id);
            setRecord(null);
          }}
        >
          Discard them
        </button>
      </div>
    </div>
  );
}

/** The repairs the stored map needed to open. */
export function RepairNotice({ warnings }: { warnings: readonly string[] }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <div className="editor__banner editor__banner--info" role="status">
      <details>
        <summary>
          The stored map needed {warnings.length} repair{warnings.length > 1 ? 's' : ''} to open; saving keeps them.
        </summary>
        <ul>
          {warnings.slice(0, 20).map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      </details>
      <button type="button" className="btn btn--ghost btn--sm" onClick={() => setOpen(false)}>
        Dismiss
      </button>
    </div>
  );
}
