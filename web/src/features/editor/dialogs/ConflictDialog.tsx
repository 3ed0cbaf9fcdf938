import { useId, useState } from 'react';
import type { MapDocument } from '@mapnest/shared/map-document';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Modal } from '../../../components/Modal';
import { Spinner } from '../../../components/Spinner';
import { replaceDocument } from '../actions/structure';
import { useEditor, useSaveState } from '../editor-context';
import { download, fileNameFor, toJson } from '../import/export';
import { loadMap } from '../load-map';
import type { PendingMerge, SetAside } from '../save/save-controller';
import { conflictSubject, type Conflict, type Side } from '../merge/merge3';
import { UI_LOCALE } from '../../../lib/words';

/** The author's own version as a file the Import dialog reads back ("Mapnest JSON"). */
function downloadMine(doc: MapDocument, title: string, baseVersion: number): void {
  download(toJson(doc), fileNameFor(`${title} my version (on v${baseVersion})`, 'json'), 'application/json');
}

const when = (ms: number) => new Date(ms).toLocaleString(UI_LOCALE);

/**
 * Someone saved this map elsewhere (another tab or device) after this editor loaded it. Nothing is
 * saved until the author chooses: keep mine (a new version on top; theirs stays in the history) or
 * load theirs (mine is set aside in this browser and stays one Undo away). Mine can be downloaded
 * first, and a set-aside version stays on offer (put back, download, discard) until the author
 * decides, across reloads. Neither version is dropped silently.
 */
export function ConflictDialog() {
  const { store, map, history } = useEditor();
  const s = useSaveState();
  const titleId = useId();
  const { busy, keepMine, loadTheirs } = useConflictChoices();
  const open = s.status === 'conflict';
  if (open && s.conflict?.merge) return <MergeDialog pending={s.conflict.merge} />;
  const current = s.conflict?.currentVersion ?? null;
  const entry = current === null ? undefined : history.find((h) => h.version === current);
  const earlier = s.setAside;

  return (
    <>
      <Modal open={open} onClose={() => undefined} labelledBy={titleId} className="conflict">
        <h2 id={titleId}>This map was changed somewhere else</h2>
        <p>
          Someone saved this map in another tab or on another device
          {current !== null
            ? ` (version ${current}${entry ? `, ${new Date(entry.created).toLocaleString(UI_LOCALE)}` : ''})`
            : ''}{' '}
          after you opened it. Your changes since version {s.version} are not saved yet; they are kept in this browser
          until you choose.
        </p>
        <ul className="conflict__choices">
          <li>
            <strong>Keep mine</strong>: save your version as a new version on top. Theirs stays in the history, where
            you can restore it.
          </li>
          <li>
            <strong>Load theirs</strong>: show the newer version instead. Your version is set aside in this browser (and
            stays one Undo away) until you put it back, download it or discard it.
          </li>
        </ul>
        {earlier && <EarlierSetAsideWarning earlier={earlier} />}
        <div className="confirm__actions conflict__actions">
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => downloadMine(store.getState().doc, map.title, s.version)}
            disabled={busy !== null}
          >
            Download my version (JSON)
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => void loadTheirs()}
            disabled={busy !== null}
          >
            {busy === 'theirs' && <Spinner size="sm" label="Loading" />}Load theirs
          </button>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => void keepMine()}
            disabled={busy !== null}
            data-autofocus
          >
            {busy === 'mine' && <Spinner size="sm" label="Saving" />}Keep mine
          </button>
        </div>
      </Modal>
      {!open && s.setAside && <SetAsideNote aside={s.setAside} />}
    </>
  );
}

/** Keep mine and load theirs, and which of them is under way. */
function useConflictChoices() {
  const { save, mapId, notify } = useEditor();
  const [busy, setBusy] = useState<null | 'mine' | 'theirs'>(null);
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
      await save.loadTheirs(loaded.doc, loaded.map.version, `Load version ${loaded.map.version}, saved elsewhere`);
      notify(
        `Loaded version ${loaded.map.version}. Your version is set aside: put it back or download it from the note at the bottom of the page.`,
        'info',
      );
    } catch (err) {
      notify(`The current version could not be loaded: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setBusy(null);
    }
  };
  return { busy, keepMine, loadTheirs };
}

/** A version set aside earlier is kept when theirs is loaded again: the author is told where it will be. */
function EarlierSetAsideWarning({ earlier }: { earlier: SetAside }) {
  const { map } = useEditor();
  return (
    <p className="conflict__warning" role="note">
      The version you set aside earlier ({when(earlier.savedAt)}) is kept too: it is offered again once you put back or
      discard the one set aside now.{' '}
      <button
        type="button"
        className="link-btn link-btn--inline"
        onClick={() => downloadMine(earlier.doc, map.title, earlier.baseVersion)}
      >
        Download it now
      </button>
    </p>
  );
}

/** The author's set-aside version, on offer until it is put back or discarded (and after a reload). */
function SetAsideNote({ aside }: { aside: SetAside }) {
  const { save, map, run, notify } = useEditor();
  const titleId = useId();
  const [confirming, setConfirming] = useState<null | 'restore' | 'discard'>(null);
  const [hidden, setHidden] = useState<SetAside | null>(null);
  if (hidden === aside) return null;
  const putBack = async () => {
    // An edit on top of what is shown: it autosaves as a new version, and Undo brings the other one back.
    if (!run(replaceDocument, { doc: aside.doc, label: 'Put back your set-aside version' })) return;
    setConfirming(null);
    await save.dropSetAside();
    notify(
      'Your version is back. It is saved as a new version; the one it replaced stays in the history and one Undo away.',
      'info',
    );
  };
  const discard = async () => {
    setConfirming(null);
    await save.dropSetAside();
    notify('Your set-aside version was discarded.', 'info');
  };
  return (
    <section className="set-aside" aria-labelledby={titleId}>
      <h2 id={titleId} className="set-aside__title">
        Your version is set aside
      </h2>
      <p className="set-aside__text">
        Made on version {aside.baseVersion}, set aside {when(aside.savedAt)}.{' '}
        {aside.stored
          ? 'It is kept in this browser until you put it back or discard it.'
          : 'This browser could not store it: download it to keep a copy.'}
      </p>
      <div className="set-aside__actions">
        <button type="button" className="btn btn--primary btn--sm" onClick={() => setConfirming('restore')}>
          Put it back…
        </button>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={() => downloadMine(aside.doc, map.title, aside.baseVersion)}
        >
          Download (JSON)
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setConfirming('discard')}>
          Discard…
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => setHidden(aside)}
          title="Hide until the map is opened again"
        >
          Later
        </button>
      </div>
      <ConfirmDialog
        open={confirming === 'restore'}
        title="Put your version back?"
        subtitle="It replaces what the editor shows now and is saved as a new version. The version it replaces stays in the history, and one Undo away."
        positive="Put my version back"
        negative="Cancel"
        onCancel={() => setConfirming(null)}
        onConfirm={putBack}
      />
      <ConfirmDialog
        open={confirming === 'discard'}
        title="Discard your set-aside version?"
        subtitle="It cannot be brought back afterwards. Download it first if you may still need it."
        positive="Discard it"
        negative="Cancel"
        danger
        onCancel={() => setConfirming(null)}
        onConfirm={discard}
      />
    </section>
  );
}

const MAX_SHOWN = 400;

/** A value as the author reads it: text as is, numbers and lists compactly, objects as short JSON. */
function show(v: unknown): string {
  if (v === undefined || v === null || v === '') return '(empty)';
  if (typeof v === 'string') return v.length > MAX_SHOWN ? `${v.slice(0, MAX_SHOWN)}…` : v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v) && v.every((x) => typeof x !== 'object')) return v.join(', ');
  const text = JSON.stringify(v);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

const FIELD_NAMES: Record<string, string> = {
  title: 'Title',
  about: 'About',
  desc: 'Description',
  coord: 'Position',
  latlon: 'Latitude, longitude',
  color: 'Colour',
  groups: 'Groups',
  layer: 'Layer',
  shape: 'Shape',
  style: 'Style',
  name: 'Name',
  file: 'File',
  link: 'Link',
  image: 'Image',
  thumb: 'Thumbnail',
  label: 'Label',
};
const fieldName = (c: Conflict) =>
  c.kind === 'removed'
    ? 'removed on one side, changed on the other'
    : c.kind === 'order'
      ? 'Order'
      : c.field
        ? (FIELD_NAMES[c.field] ?? c.field)
        : '';

/**
 * Someone saved this map elsewhere meanwhile, and some of the same fields were changed on both sides.
 * Everything else is already merged; each conflict is shown side by side and the author picks per
 * item (mine by default). Saving makes the merge a new version; theirs stays in the history.
 */
function MergeDialog({ pending }: { pending: PendingMerge }) {
  const { save, store, map, notify } = useEditor();
  const titleId = useId();
  const [choices, setChoices] = useState<Record<string, Side>>({});
  const [busy, setBusy] = useState(false);
  const choice = (key: string): Side => choices[key] ?? 'ours';
  const all = (side: Side) => setChoices(Object.fromEntries(pending.conflicts.map((c) => [c.key, side])));
  const apply = async () => {
    setBusy(true);
    try {
      await save.resolve(choices);
    } catch (err) {
      notify(`The merged version could not be saved: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setBusy(false);
    }
  };
  const n = pending.conflicts.length;
  return (
    <Modal open onClose={() => undefined} labelledBy={titleId} className="conflict conflict--merge wide-dialog">
      <h2 id={titleId}>This map was changed somewhere else</h2>
      <p>
        {pending.source === 'backup'
          ? `The changes kept in this browser were made on an older version; version ${pending.version} was saved since.`
          : `Version ${pending.version} was saved in another tab or on another device while you were editing${pending.restoreOf ? `: it restores version ${pending.restoreOf} from History` : ''}.`}{' '}
        Everything that was changed on only one side is merged. {n === 1 ? 'One thing was' : `${n} things were`} changed
        on both sides: choose which to keep.
      </p>
      <div className="table-scroll conflict__table-wrap">
        <table className="conflict__table">
          <thead>
            <tr>
              <th scope="col">What</th>
              <th scope="col">Yours</th>
              <th scope="col">Theirs (version {pending.version})</th>
            </tr>
          </thead>
          <tbody>
            {pending.conflicts.map((c) => (
              <ConflictRow
                key={c.key}
                conflict={c}
                pending={pending}
                chosen={choice(c.key)}
                onChoose={(side) => setChoices((prev) => ({ ...prev, [c.key]: side }))}
              />
            ))}
          </tbody>
        </table>
      </div>
      <p className="panel__hint">
        The merge is saved as a new version; version {pending.version} stays in the history, where you can restore it.
      </p>
      <div className="confirm__actions conflict__actions">
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => downloadMine(store.getState().doc, map.title, save.getState().version)}
          disabled={busy}
        >
          Download my version (JSON)
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => all('theirs')} disabled={busy}>
          Theirs for all
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => all('ours')} disabled={busy}>
          Mine for all
        </button>
        <button type="button" className="btn btn--primary" onClick={() => void apply()} disabled={busy} data-autofocus>
          {busy && <Spinner size="sm" label="Saving" />}Save merged version
        </button>
      </div>
    </Modal>
  );
}

/** One conflict: what it is about, and yours and theirs, one of them chosen. */
function ConflictRow({
  conflict: c,
  pending,
  chosen,
  onChoose,
}: {
  conflict: Conflict;
  pending: PendingMerge;
  chosen: Side;
  onChoose: (side: Side) => void;
}) {
  const subject = `${conflictSubject(c, pending.base, pending.theirs, pending.ours)}${fieldName(c) ? `: ${fieldName(c)}` : ''}`;
  return (
    <tr data-conflict={c.key}>
      <th scope="row">{subject}</th>
      {(['ours', 'theirs'] as const).map((side) => (
        <td key={side} className={chosen === side ? 'is-chosen' : undefined}>
          <label className="conflict__choice">
            <input
              type="radio"
              name={`conflict-${c.key}`}
              checked={chosen === side}
              onChange={() => onChoose(side)}
              aria-label={`${subject}: keep ${side === 'ours' ? 'yours' : 'theirs'}`}
            />
            <span className="conflict__value">
              {c.kind === 'removed' ? (c[side] === undefined ? 'Removed' : 'Kept, with changes') : show(c[side])}
            </span>
          </label>
        </td>
      ))}
    </tr>
  );
}
