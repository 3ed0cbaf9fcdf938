import { useId, useState } from 'react';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { useEditor, useSaveState } from './editor-context';
import { loadMap } from './load-map';

/**
 * Someone saved this map elsewhere (another tab or device) after this editor loaded it. Nothing is
 * saved until the author chooses: keep mine (a new version on top; theirs stays in the history) or
 * load theirs (mine stays one Undo away). Neither is dropped silently.
 */
export function ConflictDialog() {
  const { save, mapId, history, notify } = useEditor();
  const s = useSaveState();
  const titleId = useId();
  const [busy, setBusy] = useState<null | 'mine' | 'theirs'>(null);
  const open = s.status === 'conflict';
  const current = s.conflict?.currentVersion ?? null;
  const entry = current === null ? undefined : history.find((h) => h.version === current);

  const keepMine = async () => {
    setBusy('mine');
    try {
      await save.keepMine();
    } catch (err) {
      notify(`Your version could not be saved: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setBusy(null);
    }
  };
  const loadTheirs = async () => {
    setBusy('theirs');
    try {
      const loaded = await loadMap(mapId);
      save.loadTheirs(loaded.doc, loaded.map.version);
      notify(`Loaded version ${loaded.map.version}. Your version is one Undo away until you leave the page.`, 'info');
    } catch (err) {
      notify(`The current version could not be loaded: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal open={open} onClose={() => undefined} labelledBy={titleId} className="conflict">
      <h2 id={titleId}>This map was changed somewhere else</h2>
      <p>
        Someone saved this map in another tab or on another device
        {current !== null ? ` (version ${current}${entry ? `, ${new Date(entry.created).toLocaleString()}` : ''})` : ''} after you opened it. Your
        changes since version {s.version} are not saved yet; they are kept in this browser until you choose.
      </p>
      <ul className="conflict__choices">
        <li>
          <strong>Keep mine</strong>: save your version as a new version on top. Theirs stays in the history, where you can restore it.
        </li>
        <li>
          <strong>Load theirs</strong>: show the newer version instead. Your version stays one Undo away until you leave the page.
        </li>
      </ul>
      <div className="confirm__actions">
        <button type="button" className="btn btn--secondary" onClick={() => void loadTheirs()} disabled={busy !== null}>
          {busy === 'theirs' && <Spinner size="sm" label="Loading" />}Load theirs
        </button>
        <button type="button" className="btn btn--primary" onClick={() => void keepMine()} disabled={busy !== null} data-autofocus>
          {busy === 'mine' && <Spinner size="sm" label="Saving" />}Keep mine
        </button>
      </div>
    </Modal>
  );
}
