/**
 * The editor's notices: the toast of the latest notice, unsaved work to restore, the repairs a map needed, and a
 * phone's note on editing there.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useAtom } from 'jotai';
import { CallError } from '@mapnest/shared/errors';
import type { MapDocument } from '@mapnest/shared/map-document';
import { replaceDocument } from './actions/structure';
import { useEditor, useSaveState, type EditorContextValue } from './editor-context';
import { noticeAtom, type EditorNotice } from './editor-state';
import { backupsToOffer, type BackupRecord, type LocalBackup } from './save/save-controller';
import { loadMapVersion, type LoadedMap } from './load-map';
import { describeError } from '../maps/map-errors';
import { deepEqual } from './merge/merge3';
import { UI_LOCALE } from '../../lib/words';
import { readStored, writeStored } from '../../lib/local-store';

/**
 * Where a toast stands in the one-column layout: at the foot of the screen, or at its top when the control in use
 * (the focused one: a new floor's name, a field being typed in) is in the lower half, where the controls after it
 * are too. (On a desktop the toasts stand over the map's column, editor.css, and this is not read.)
 */
export function toastEdge(focused: Element | null = document.activeElement): 'top' | 'bottom' {
  if (!focused || focused === document.body || !focused.closest('.editor')) return 'bottom';
  const r = focused.getBoundingClientRect();
  const height = window.visualViewport?.height ?? window.innerHeight;
  return r.bottom > height / 2 ? 'top' : 'bottom';
}

/**
 * toastEdge while a notice is shown: before it is first painted, and again on each focus (a floor just added
 * focuses its name in an effect after the notice's render).
 */
function useToastEdge(shown: number | null): 'top' | 'bottom' {
  const [edge, setEdge] = useState<'top' | 'bottom'>('bottom');
  useLayoutEffect(() => {
    if (shown === null) return;
    const place = () => setEdge(toastEdge());
    place();
    document.addEventListener('focusin', place);
    return () => document.removeEventListener('focusin', place);
  }, [shown]);
  return edge;
}

/**
 * How long a notice stays (ms): long enough to read, at a slow reader's 180 words a minute, and at least 4 s (8 s for
 * an error). A version saved elsewhere can be named with a dozen changes; 4 s took it away half read.
 */
export function noticeShownMs(notice: { text: string; kind: 'error' | 'info' }): number {
  const words = notice.text.split(/\s+/).filter(Boolean).length;
  return Math.max(notice.kind === 'error' ? 8000 : 4000, 1500 + Math.ceil((words * 60_000) / 180));
}

/**
 * The latest notice (an error or some news), dismissed by the author or after it has had time to be read
 * (noticeShownMs), never while the pointer rests on it or focus is in it.
 */
export function NoticeToast() {
  const [notice, setNotice] = useAtom(noticeAtom);
  const id = notice?.id ?? null;
  const edge = useToastEdge(id);
  // The same function while the notice stands: a new one would start its time again at every render (a focus move).
  const dismiss = useCallback(() => setNotice((n) => (n?.id === id ? null : n)), [id, setNotice]);
  if (!notice) return <div className="editor__toast-region" aria-live="polite" />;
  return (
    <div className="editor__toast-region" aria-live="polite" data-edge={edge}>
      {/* One toast per notice: what held the last one (the pointer, focus) does not hold the next. */}
      <Toast key={notice.id} notice={notice} dismiss={dismiss} />
    </div>
  );
}

function Toast({ notice, dismiss }: { notice: EditorNotice; dismiss: () => void }) {
  const [held, setHeld] = useState({ pointer: false, focus: false });
  const holding = held.pointer || held.focus;
  useEffect(() => {
    if (holding) return;
    const t = setTimeout(dismiss, noticeShownMs(notice));
    return () => clearTimeout(t);
  }, [notice, dismiss, holding]);
  const hold = (part: 'pointer' | 'focus', on: boolean) => () => setHeld((h) => ({ ...h, [part]: on }));
  return (
    <div
      className={`editor__toast editor__toast--${notice.kind}`}
      role={notice.kind === 'error' ? 'alert' : 'status'}
      onPointerEnter={hold('pointer', true)}
      onPointerLeave={hold('pointer', false)}
      onFocus={hold('focus', true)}
      onBlur={hold('focus', false)}
    >
      <span>{notice.text}</span>
      <button type="button" className="btn btn--ghost btn--sm" onClick={dismiss} aria-label="Dismiss">
        ×
      </button>
    </div>
  );
}

/** The backups of closed sessions (backupsToOffer) that differ from the map shown; those that do not are deleted. */
function useBackupsToOffer(backupStore: LocalBackup, session: string, initial: LoadedMap) {
  const state = useState<readonly BackupRecord[]>([]);
  const setRecords = state[1];
  useEffect(() => {
    let cancelled = false;
    void backupsToOffer(backupStore, initial.map.id, session).then((found) => {
      if (cancelled) return;
      // A copy the map already holds was saved after all (its tab closed before it could forget it): not offered.
      // Equal as data: the stored map's keys come in the server's order, the copy's in the order its edits set them,
      // and a text compare offered saved work back as "unsaved changes".
      const same = (r: BackupRecord) => deepEqual(r.doc, initial.doc);
      for (const r of found.filter(same)) void backupStore.delete(r.mapId, r.session);
      setRecords(found.filter((r) => !same(r)));
    });
    return () => {
      cancelled = true;
    };
  }, [backupStore, session, initial, setRecords]);
  useOfferWithdrawn(backupStore, state);
  return state;
}

/**
 * While backups are offered, each new version (saved here, or elsewhere and brought in) checks them again: one another
 * tab restored and saved is gone from the browser's store, or is what the map holds now, and is no longer offered.
 */
function useOfferWithdrawn(
  backupStore: LocalBackup,
  [records, setRecords]: readonly [readonly BackupRecord[], Dispatch<SetStateAction<readonly BackupRecord[]>>],
) {
  const { save, store } = useEditor();
  const offered = useRef(records);
  // Set as the offer is put in the page, not after it is painted: a version coming in between was not checked.
  useLayoutEffect(() => {
    offered.current = records;
  }, [records]);
  useEffect(() => {
    let last = save.getState().version;
    return save.subscribe(({ version }) => {
      if (version === last || offered.current.length === 0) return;
      last = version;
      const now = offered.current;
      // A store that cannot be read leaves the offer as it is.
      void Promise.all(now.map((r) => backupStore.get(r.mapId, r.session))).then(
        (stored) => {
          const doc = store.getState().doc;
          const gone = new Set(now.filter((r, i) => !stored[i] || deepEqual(r.doc, doc)));
          if (gone.size) setRecords((rs) => rs.filter((r) => !gone.has(r)));
        },
        () => undefined,
      );
    });
  }, [save, store, backupStore, setRecords]);
}

/**
 * Restores `record` (unsaved changes kept from a closed session) into the editor. What this tab did since it opened is
 * saved first, so the kept changes are merged with it, never put over it; `restored` runs once they are in.
 */
async function restoreKept(
  { run, save, notify }: Pick<EditorContextValue, 'run' | 'save' | 'notify'>,
  mapId: string,
  record: BackupRecord,
  restored: () => void,
): Promise<void> {
  /** Restores the record onto `current`, the version this tab shows, with nothing unsaved. */
  const restoreSaved = async (current: number) => {
    // Made on the version shown: an edit on top of it; it autosaves, and Undo brings the server's version back.
    if (current === record.baseVersion) {
      if (run(replaceDocument, { doc: record.doc, label: 'Restore unsaved changes' })) restored();
      return;
    }
    // Made on an older version: merged three ways with the newer one (base: the version they were made on).
    let base: MapDocument;
    try {
      base = await loadMapVersion(mapId, record.baseVersion);
    } catch (err) {
      if (!(err instanceof CallError && err.code === 'not-found')) {
        notify(`Your kept changes could not be restored now: ${describeError(err)} They stay in this browser.`);
        return;
      }
      // The version they were made on is no longer kept: they go on top, and the newer version stays in the history.
      if (run(replaceDocument, { doc: record.doc, label: 'Restore unsaved changes' })) {
        restored();
        notify(
          `Version ${record.baseVersion}, which they were made on, is no longer kept, so they replace version ${current}; it stays in the history.`,
          'info',
        );
      }
      return;
    }
    const conflicts = save.mergeLocal(base, record.doc);
    restored();
    if (!conflicts)
      notify(
        `Your changes are merged with version ${save.getState().version}; they are saved as a new version, and Undo takes them back out.`,
        'info',
      );
  };
  try {
    await save.settled();
    if (save.hasUnsavedChanges()) await save.saveNow();
    if (save.hasUnsavedChanges()) {
      notify(
        'Your edits in this tab are not saved yet, so the kept changes were not restored over them. Restore them once the map is saved.',
      );
      return;
    }
    await restoreSaved(save.getState().version);
  } catch (err) {
    notify(`Your kept changes could not be restored: ${describeError(err)} They stay in this browser.`);
  }
}

/**
 * Unsaved work found in this browser from an earlier session (a tab closed or crashed before it was saved): offer
 * it back, never apply it unasked. Backups of tabs still open are theirs (backupsToOffer); several closed ones are
 * offered one at a time, newest first: after a Discard the next at once, after a Restore the next when the map
 * opens again (the restored work is saved by then, so the next one merges with it instead of replacing it).
 */
export function RestoreBackup({
  backupStore,
  session,
  initial,
}: {
  backupStore: LocalBackup;
  session: string;
  initial: LoadedMap;
}) {
  const { run, save, notify } = useEditor();
  const [records, setRecords] = useBackupsToOffer(backupStore, session, initial);
  const [busy, setBusy] = useState(false);
  // The version this tab is on now: it may have saved since it opened (the offer stays up while the author edits).
  const { version } = useSaveState();
  const record = records[0];
  if (!record) return null;
  const newer = version > record.baseVersion;
  /** The record is in the editor now (and in this tab's own backup): the closed session's copy goes. */
  const restored = () => {
    setRecords([]);
    void save.flushBackup().then(() => backupStore.delete(record.mapId, record.session));
  };
  const restore = async () => {
    setBusy(true);
    try {
      await restoreKept({ run, save, notify }, initial.map.id, record, restored);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="editor__banner" role="alert">
      <p>
        <strong>
          Unsaved changes from {new Date(record.savedAt).toLocaleString(UI_LOCALE)} were kept in this browser.
        </strong>{' '}
        {newer
          ? `They were made on version ${record.baseVersion}; the map has been saved since (version ${version}). Restoring merges them with it: changes to different things are kept from both, and where both changed the same thing you choose.`
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
            void backupStore.delete(record.mapId, record.session);
            setRecords((rs) => rs.slice(1));
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

/** Kept once the author has dismissed the phone's note, in this browser. */
const PHONE_NOTE_READ = 'mapnest:phone-note-read';

/**
 * A phone's (and a small tablet's: editor.css shows it up to 820 px) note that a larger screen is easier for a full
 * editing session, until the author dismisses it: read once, it took two lines above the map at every visit.
 */
export function PhoneNote() {
  const [shown, setShown] = useState(() => readStored(PHONE_NOTE_READ) === null);
  if (!shown) return null;
  return (
    <p className="editor__phone-note">
      <span>Quick edits work here; for a full editing session, a larger screen is easier.</span>
      <button
        type="button"
        className="btn btn--ghost btn--sm editor__phone-note-close"
        aria-label="Dismiss this note"
        onClick={() => {
          writeStored(PHONE_NOTE_READ, '1');
          setShown(false);
        }}
      >
        ×
      </button>
    </p>
  );
}
