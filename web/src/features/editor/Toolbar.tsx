import { useContext, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { Link } from 'react-router';
import { PlusIcon, PointerIcon, SettingsIcon } from '../../components/Icons';
import { DropdownMenu, shiftIntoView } from '../../components/DropdownMenu';
import { SteadyLabel } from '../../components/SteadyLabel';
import { PUBLICATION_LABELS, mapTitleSchema, type Publication } from '@mapnest/shared/maps';
import { usePointerWords } from '../../lib/pointer-words';
import { formatShortcut } from '../../components/shortcut';
import { useEditor, useEditorState, useSaveState } from './editor-context';
import { LiveText } from '../../components/LiveText';
import { announcementAtom, dialogAtom, layerAtom, toolAtom } from './editor-state';
import { runCommand, useCommandContext } from './commands';
import {
  PendingEditsContext,
  useAnyDraft,
  saveMessage,
  saveMessageAt,
  usePendingEdit,
  type SaveStatus,
} from './save/save-controller';
import { EditorMapState } from '../billing/EditorMapState';
import '../maps/publication.css';
import { UI_LOCALE } from '../../lib/words';
import type { SaveState } from './save/save-types';

const apple = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const key = (k: string, shift = false) => formatShortcut({ key: k, mod: true, shift }, apple);

export const STATUS_LABELS: Record<SaveStatus, string> = {
  saved: 'Saved',
  saving: 'Saving…',
  unsaved: 'Unsaved changes',
  // The save reached nothing: the browser is offline, or the service could not be reached (the message says which).
  offline: 'Not connected',
  conflict: 'Conflict',
  error: 'Not saved',
};

/** A failed save that may have been stored all the same (SaveState.unconfirmed): not "Not saved". */
export const UNCONFIRMED_LABEL = 'Not confirmed';

const STATUS_WORDS = [...Object.values(STATUS_LABELS), UNCONFIRMED_LABEL];
const PUBLICATION_WORDS = Object.values(PUBLICATION_LABELS);

/**
 * Which version the editor shows, and this tab's last save: the two differ once another tab or person has saved
 * since, and the time of this tab's save is not that version's.
 */
export function savedTitle(s: Pick<SaveState, 'version' | 'lastSaved'>): string {
  if (!s.lastSaved) return `Version ${s.version}`;
  const at = new Date(s.lastSaved.at).toLocaleTimeString(UI_LOCALE);
  if (s.lastSaved.version === s.version) return `Last saved at ${at} (version ${s.version})`;
  return `Version ${s.version}, saved elsewhere (another tab or person). This tab last saved at ${at} (version ${s.lastSaved.version}).`;
}

/**
 * The save state as the bar shows it: text still being typed in a field (committed a moment after the last key) is
 * an unsaved change from the first key, not "Saved" until the commit.
 */
function useShownSaveState(): SaveState {
  const s = useSaveState();
  const typing = useAnyDraft();
  return typing && s.status === 'saved' ? { ...s, status: 'unsaved' } : s;
}

/** The save status: "Saved", "Unsaved changes"…, with what happened and when in its tooltip. */
export function SaveIndicator() {
  const s = useShownSaveState();
  // The message without its countdown: a tooltip is not redrawn each second, and the problem line below counts down.
  const title = s.message ?? savedTitle(s);
  return (
    <span
      className={`save-status save-status--${s.status}`}
      role="status"
      aria-live="polite"
      title={title}
      data-status={s.status}
    >
      <span className="save-status__dot" aria-hidden="true" />
      <SteadyLabel text={s.unconfirmed ? UNCONFIRMED_LABEL : STATUS_LABELS[s.status]} alternatives={STATUS_WORDS} />
    </span>
  );
}

/** Whether Save can run now: not while a save is under way, nor while a conflict waits for the author. */
const canSave = (s: ReturnType<typeof useSaveState>) => s.status !== 'saving' && s.status !== 'conflict';

/** Save: a button on a wide screen and a phone; on a laptop, in the File menu only (the map saves itself anyway). */
function SaveButton() {
  const commands = useCommandContext();
  const s = useSaveState();
  return (
    <button
      type="button"
      className="btn btn--secondary btn--sm editor__save-button"
      onClick={() => void runCommand('save', commands)}
      disabled={!canSave(s)}
      title={`Save now (${key('s')})`}
    >
      Save
    </button>
  );
}

/**
 * A save that failed, in words on the page (the status says "Not connected", "Not saved" or "Not confirmed"; what happened, that the work
 * is kept in this browser and when it is tried again was only in its tooltip), with Save now. Over the top of the
 * map, under the bar: it moves nothing the author may be pointing at. The time to the next try counts down; a screen
 * reader hears the message once, with the clock time of the next try, not a count every second (nor one gone stale).
 */
export function SaveProblem() {
  const commands = useCommandContext();
  const s = useSaveState();
  const now = useTicking(s.retry?.at ?? null);
  if ((s.status !== 'error' && s.status !== 'offline') || !s.message) return null;
  return (
    <div className={`editor__save-problem editor__save-problem--${s.status}`}>
      <span role="status">
        <span aria-hidden="true">{saveMessage(s, now)}</span>
        <span className="visually-hidden">{saveMessageAt(s)}</span>
      </span>
      <button type="button" className="btn btn--secondary btn--sm" onClick={() => void runCommand('save', commands)}>
        Save now
      </button>
    </div>
  );
}

/** The time now, ticking each second until `until` (a retry's time) has passed. */
function useTicking(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return now;
}

export function MapTitle() {
  const { map, setMap, renameMap, notify } = useEditor();
  const [draft, setDraft] = useState<string | null>(null);
  const commit = async () => {
    if (draft === null) return;
    const parsed = mapTitleSchema.safeParse(draft);
    if (!parsed.success) {
      const why = parsed.error.issues[0]!.message;
      // An emptied field shows the map's title again; a title too long stays whole (marked) for the author to shorten.
      if (!draft.trim()) setDraft(null);
      notify(`${why}. The map keeps its title “${map.title}”.`);
      return;
    }
    setDraft(null);
    if (parsed.data === map.title) return;
    try {
      const { map: now, renamed } = await renameMap(parsed.data);
      setMap(now);
      // Renamed elsewhere since this tab showed the title: that title stays, and the author decides again.
      if (!renamed)
        notify(
          `The map was renamed in another tab or device to “${now.title}”, so “${parsed.data}” was not applied. Rename it again to replace that title.`,
          'info',
        );
    } catch (err) {
      notify(`The map could not be renamed: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  usePendingEdit(() => void commit(), draft !== null && draft !== map.title);
  return (
    <>
      {/* The page's heading, for a screen reader's heading keys: the title field names the map but is no heading. */}
      <h1 className="visually-hidden">Editing {map.title}</h1>
      <MapTitleField draft={draft} setDraft={setDraft} commit={() => void commit()} />
    </>
  );
}

/** The title as a field: typed over, saved when left (Enter) and put back with Escape. */
function MapTitleField({
  draft,
  setDraft,
  commit,
}: {
  draft: string | null;
  setDraft: (draft: string | null) => void;
  commit: () => void;
}) {
  const { map } = useEditor();
  return (
    <input
      className="editor__title"
      aria-label="Map title"
      value={draft ?? map.title}
      // No maxLength: it would cut a pasted title unseen. A title that cannot be taken (too long, empty) is marked
      // as it is typed (a red border), and said when the field is left; an emptied field shows the map's title again.
      aria-invalid={draft !== null && !mapTitleSchema.safeParse(draft).success ? true : undefined}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
        if (e.key === 'Escape') setDraft(null);
      }}
    />
  );
}

/** Select or add, undo and redo, and (on a map with floors) the floor shown. */
export function ToolGroup() {
  const state = useEditorState();
  const tool = useAtomValue(toolAtom);
  const commands = useCommandContext();
  const command = (name: string) => () => void runCommand(name, commands);
  const forPointer = usePointerWords();
  const layers = state.doc.layers;
  return (
    <div className="editor__tools" role="toolbar" aria-label="Tools">
      <button
        type="button"
        className={tool === 'select' ? 'tool is-active' : 'tool'}
        aria-pressed={tool === 'select'}
        onClick={command('tool.select')}
        title="Select and move (V)"
      >
        {/* On a narrower laptop the tools show their icons; their names stay for assistive technology. */}
        <PointerIcon className="tool__icon" size={18} />
        <span className="tool__label">Select</span>
      </button>
      <button
        type="button"
        className={tool === 'add' ? 'tool is-active' : 'tool'}
        aria-pressed={tool === 'add'}
        onClick={command(tool === 'add' ? 'tool.select' : 'tool.add')}
        title={forPointer('Add locations by clicking the map (A)')}
      >
        <PlusIcon className="tool__icon" size={18} />
        <span className="tool__label">
          + Add<span className="tool__more"> location</span>
        </span>
      </button>
      <span className="editor__sep" />
      {/* Said disabled (aria-disabled), not `disabled`: the last Undo (or Redo) would drop focus to the page's body.
          The command does nothing while it cannot run. */}
      <button
        type="button"
        className="tool"
        onClick={command('undo')}
        aria-disabled={!state.canUndo || undefined}
        title={`${['Undo', state.undoLabel].filter(Boolean).join(' ')} (${key('z')})`}
        aria-label="Undo"
      >
        <span aria-hidden="true">↶</span>
      </button>
      <button
        type="button"
        className="tool"
        onClick={command('redo')}
        aria-disabled={!state.canRedo || undefined}
        title={`${['Redo', state.redoLabel].filter(Boolean).join(' ')} (${key('z', true)})`}
        aria-label="Redo"
      >
        <span aria-hidden="true">↷</span>
      </button>
      {layers.length > 1 && <FloorPicker layers={layers} />}
      <Announcement />
    </div>
  );
}

/** What Undo and Redo did, for a screen reader; the same words twice are said twice (LiveText). */
function Announcement() {
  const { text, n } = useAtomValue(announcementAtom);
  return (
    <span className="visually-hidden" role="status">
      <LiveText text={text} n={n} />
    </span>
  );
}

function FloorPicker({ layers }: { layers: readonly { id: string; name: string }[] }) {
  const [layer, setLayer] = useAtom(layerAtom);
  return (
    <>
      <span className="editor__sep" />
      <label className="editor__floor">
        <span className="visually-hidden">Floor shown</span>
        <select value={layer ?? ''} onChange={(e) => setLayer(e.target.value)}>
          {layers.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

/** The status's tooltip: what visitors see and whether changes are waiting, in words, without version numbers. */
export const PUBLICATION_DETAILS: Record<Publication, string> = {
  published: 'Visitors see the map as it is here. There are no unpublished changes.',
  changes: 'Visitors see the map as you last published it. Your changes since then are not public until you publish.',
  never: 'Visitors see “Map not found” until you publish.',
  offline: 'You took this map offline: visitors see “Map not found” until you publish it again.',
};

/**
 * What visitors see against the draft (ADR 018), shown at all times: 'Published', 'Unpublished changes' (saved or
 * not yet saved), 'Never published' or 'Unpublished' (taken offline). Its explanation is a toggletip (ADR 100), not
 * a `title`: a button that reads it as its description and shows it on click, tap, Enter or hover; Escape, a press
 * elsewhere or leaving hides it. A click on it while a hover shows it keeps it shown (the mouse that came to read it
 * clicks to be sure), as a click on a closed one does; a second click closes it.
 */
export function PublicationStatus() {
  const { map } = useEditor();
  const s = useShownSaveState();
  // How it is shown: by the mouse over it (hidden when the mouse leaves), or by a click, tap or Enter (until one again).
  const [shown, setShown] = useState<'hover' | 'pinned' | null>(null);
  const open = shown !== null;
  const tipId = useId();
  const tip = useRef<HTMLSpanElement>(null);
  const host = useRef<HTMLSpanElement>(null);
  // On a narrow phone the status sits near the left edge: the bubble moves sideways to stay whole on the screen.
  useLayoutEffect(() => {
    if (open && tip.current) shiftIntoView(tip.current);
  }, [open]);
  const status: Publication = map.publication === 'published' && s.status !== 'saved' ? 'changes' : map.publication;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setShown(null);
    };
    // A press elsewhere hides it even where a click gives a button no focus to lose (Safari).
    const onPress = (event: PointerEvent) => {
      if (!host.current?.contains(event.target as Node)) setShown(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
    };
  }, [open]);
  return (
    // Hover is a mouse's: a tap's compatibility mouse events opened it just before the tap's click closed it again.
    <span
      ref={host}
      className="publication-tip"
      onPointerEnter={(e) => e.pointerType === 'mouse' && setShown((was) => was ?? 'hover')}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setShown((was) => (was === 'hover' ? null : was))}
    >
      <button
        type="button"
        className={`publication publication--${status}`}
        data-publication={status}
        aria-describedby={tipId}
        aria-expanded={open}
        onClick={() => setShown((was) => (was === 'pinned' ? null : 'pinned'))}
        onBlur={() => setShown(null)}
      >
        <SteadyLabel text={PUBLICATION_LABELS[status]} alternatives={PUBLICATION_WORDS} />
      </button>
      <span ref={tip} id={tipId} role="tooltip" className="publication-tip__bubble" hidden={!open}>
        {PUBLICATION_DETAILS[status]}
      </span>
    </span>
  );
}

/** The map's plan state, its save and publication statuses, then save, import, export, preview, publish and settings. */
function MapActions() {
  const pending = useContext(PendingEditsContext);
  const setDialog = useSetAtom(dialogAtom);
  const commands = useCommandContext();
  const saveState = useSaveState();
  return (
    <div className="editor__actions">
      <EditorMapState />
      {/* One above the other on a desktop (side by side on a phone): the bar keeps to one row from 1024 px. */}
      <div className="editor__statuses">
        <SaveIndicator />
        <PublicationStatus />
      </div>
      <SaveButton />
      {/* Import is also on the Locations panel; one menu here keeps the bar to one row on a laptop. */}
      <DropdownMenu
        trigger={
          <>
            File <span aria-hidden="true">▾</span>
          </>
        }
        triggerClassName="btn btn--ghost btn--sm"
        align="end"
        items={[
          {
            id: 'save',
            title: 'Save',
            trailing: key('s'),
            disabled: !canSave(saveState),
            onSelect: () => void runCommand('save', commands),
          },
          { id: 'import', title: 'Import…', onSelect: () => setDialog('import') },
          { id: 'export', title: 'Export…', onSelect: () => setDialog('export') },
          {
            id: 'print',
            title: 'Print…',
            trailing: key('p'),
            onSelect: () => void runCommand('print', commands),
          },
        ]}
      />
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        onClick={() => {
          pending?.flush();
          setDialog('preview');
        }}
      >
        Preview
      </button>
      <button
        type="button"
        className="btn btn--primary btn--sm"
        onClick={() => {
          // What is typed is committed; the dialog saves it and reviews the draft against the published version.
          pending?.flush();
          setDialog('publish');
        }}
      >
        Publish
      </button>
      {/* The site header is not shown over the editor: its account settings (and Log out) are reached from here. */}
      <Link
        to={{ hash: '#settings' }}
        className="btn btn--ghost btn--sm editor__settings"
        aria-label="Settings"
        title="Settings"
      >
        <SettingsIcon size={18} />
      </Link>
    </div>
  );
}

export function Toolbar() {
  return (
    <header className="editor__bar">
      <Link to="/maps" className="btn btn--ghost btn--sm" aria-label="Back to maps">
        ←
      </Link>
      <MapTitle />
      <ToolGroup />
      <MapActions />
      <SaveProblem />
    </header>
  );
}
