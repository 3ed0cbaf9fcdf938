/**
 * The editor's commands (Excalidraw's action manager): undo, redo, save, the tools, deleting, nudging, copying and
 * pasting the selection. Each is registered once with its keys; the toolbar's buttons run it by name and the one
 * key handler (useCommandKeys) runs the command whose keys match, so a button and its shortcut cannot drift apart.
 * Edits inside a command go through the document actions (actions/registry.ts) and the store, one undo step each.
 */
import { useEffect, useEffectEvent } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { modalOpen } from '../../components/Modal';
import { isEditableElement, isTextEntry, matchesShortcut, type Shortcut } from '../../components/shortcut';
import type { MapDocument } from '@mapnest/shared/map-document';
import { listed } from '@mapnest/shared/publish-checks';
import { primaryPointerIsCoarse } from '../../lib/pointer-words';
import { counted } from '../../lib/words';
import { copyIds, deleteLocations, duplicateLocations, moveLocations, pasteLocations } from './actions/locations';
import { ActionError } from './actions/registry';
import {
  clipboardLocations,
  locationsClipboardText,
  PASTED_ROWS,
  type CopiedLocations,
} from './import/location-clipboard';
import type { CanvasTool } from './canvas/canvas';
import { placeWords } from './canvas/canvas-keyboard';
import { useTakeFiles } from './canvas/take-files';
import { useEditor, type EditorContextValue } from './editor-context';
import {
  announcementAtom,
  dialogAtom,
  selectionAtom,
  tabAtom,
  toolAtom,
  type EditorDialog,
  type EditorTab,
} from './editor-state';

/** What a command works with: the editor's context and the UI state it reads or changes. */
export interface CommandContext {
  editor: EditorContextValue;
  selection: ReadonlySet<string>;
  setSelection(selection: ReadonlySet<string>): void;
  /** The side panel's tab: the Wayfinding tab's map selects its network, not locations. */
  tab: EditorTab;
  setTool(tool: CanvasTool): void;
  openDialog(dialog: EditorDialog): void;
  /** Gives `files` to the map, as a drop on it does: one floor plan becomes a new layer, others go to Import. */
  takeFiles(files: readonly File[]): void;
  /** Says what a command did to a screen reader, where nothing on screen says it (ToolGroup's status). */
  announce(text: string): void;
}

export interface EditorCommand {
  readonly name: string;
  readonly label: string;
  /** Keys that run it; chords (Ctrl/Cmd, Alt) also work while typing in a field, single keys do not. */
  readonly keys?: readonly Shortcut[];
  /** Instead of `keys`: whether this key press is for this command. */
  keyTest?(event: KeyboardEvent, ctx: CommandContext): boolean;
  /** With `keyTest`: the keys the shortcuts dialog shows for it (shortcuts, or words that describe them). */
  readonly shown?: readonly (Shortcut | string)[];
  /** Its keys, chords too, pass to a focused text field, whose own typing they are for (Ctrl/⌘+Z undoes typing). */
  readonly leavesTextFields?: boolean;
  /** Caught before other handlers (the map's own arrow-key panning). */
  readonly capture?: boolean;
  /**
   * Its keys also work while a dialog is open over the editor. Others do not: Delete on a dialog's button must not
   * delete the locations selected behind it, nor Ctrl/⌘+Z in a dialog's field undo an edit of the map.
   */
  readonly inDialogs?: boolean;
  /**
   * Instead of keys: it runs on the browser's copy, cut or paste event (Ctrl/⌘+C, X, V, and the browser's Edit menu)
   * outside text fields, with the event's clipboard, which it writes or reads. The keys alone cannot reach the
   * system clipboard without asking the visitor's permission; the events can.
   */
  readonly clipboard?: 'copy' | 'cut' | 'paste';
  /** False: the command does nothing now (its button is disabled, its keys pass through). */
  enabled?(ctx: CommandContext): boolean;
  perform(ctx: CommandContext, event?: KeyboardEvent, clipboard?: DataTransfer): void;
}

const commands = new Map<string, EditorCommand>();

/** Declares and registers a command; names are unique. */
export function defineCommand(command: EditorCommand): EditorCommand {
  if (commands.has(command.name)) throw new Error(`Command "${command.name}" is registered twice`);
  commands.set(command.name, command);
  return command;
}

export function registeredCommands(): ReadonlyMap<string, EditorCommand> {
  return commands;
}

/** Runs a registered command by name (a button); false when it is not enabled now. */
export function runCommand(name: string, ctx: CommandContext): boolean {
  const command = commands.get(name);
  if (!command) throw new Error(`Unknown command "${name}"`);
  if (command.clipboard) throw new Error(`Command "${name}" runs on the browser's ${command.clipboard} event only`);
  if (command.enabled && !command.enabled(ctx)) return false;
  command.perform(ctx);
  return true;
}

/** The command a key press is for, if any. */
export function commandForKey(event: KeyboardEvent, ctx: CommandContext, capture: boolean): EditorCommand | null {
  if (event.defaultPrevented || event.isComposing) return null;
  const dialog = modalOpen();
  for (const command of commands.values()) {
    if (!!command.capture !== capture || (dialog && !command.inDialogs)) continue;
    const hit = command.keyTest
      ? command.keyTest(event, ctx)
      : (command.keys ?? []).some((k) => {
          if (!matchesShortcut(event, k)) return false;
          const chord = !!(k.ctrl || k.meta || k.alt || k.mod);
          if (command.leavesTextFields && isTextEntry(document.activeElement)) return false;
          return chord || !isEditableElement(document.activeElement);
        });
    if (hit && (!command.enabled || command.enabled(ctx))) return command;
  }
  return null;
}

/**
 * The command a copy, cut or paste event is for, if any: outside text fields and dialogs, and for a copy or cut only
 * with no text selected on the page (which the keys copy as text, as always).
 */
export function commandForClipboard(event: ClipboardEvent, ctx: CommandContext): EditorCommand | null {
  if (event.defaultPrevented || !event.clipboardData || isEditableElement(document.activeElement)) return null;
  if (event.type !== 'paste' && !(window.getSelection()?.isCollapsed ?? true)) return null;
  const dialog = modalOpen();
  for (const command of commands.values()) {
    if (command.clipboard !== event.type || (dialog && !command.inDialogs)) continue;
    if (!command.enabled || command.enabled(ctx)) return command;
  }
  return null;
}

export const undo = defineCommand({
  name: 'undo',
  label: 'Undo',
  keys: [{ key: 'z', mod: true }],
  // In a text field Ctrl/⌘+Z takes back typing, as everywhere else: the map's edits are undone from outside it.
  leavesTextFields: true,
  perform({ editor, announce }) {
    if (!editor.store.getState().canUndo) return announce('Nothing to undo.');
    // Steps whose changes were all replaced by another tab's since are skipped; say so when none is left. The step
    // undone is the one Redo would now redo (not always the top one: skipped steps are dropped).
    if (editor.store.undo()) announce(`Undone: ${editor.store.getState().redoLabel}.`);
    else editor.notify('Nothing left to undo: your earlier changes were replaced by changes saved elsewhere.', 'info');
  },
});

export const redo = defineCommand({
  name: 'redo',
  label: 'Redo',
  keys: [
    { key: 'z', mod: true, shift: true },
    { key: 'y', mod: true },
  ],
  leavesTextFields: true,
  perform({ editor, announce }) {
    if (!editor.store.getState().canRedo) return announce('Nothing to redo.');
    if (editor.store.redo()) announce(`Redone: ${editor.store.getState().undoLabel}.`);
    else editor.notify('Nothing left to redo: those changes were replaced by changes saved elsewhere.', 'info');
  },
});

defineCommand({
  name: 'save',
  label: 'Save',
  keys: [{ key: 's', mod: true }],
  // Saving is never wrong, and the browser's own Ctrl/⌘+S would offer to save the page.
  inDialogs: true,
  perform: ({ editor }) => void editor.save.saveNow(),
});

defineCommand({
  name: 'print',
  label: 'Print the map',
  // Instead of the browser's printing of the editor's page, which would print its panels and toolbar. With the print
  // dialog open the keys pass through (no command runs in a dialog): the browser prints, and the dialog's print styles
  // give it the sheets alone.
  keys: [{ key: 'p', mod: true }],
  perform: ({ openDialog }) => openDialog('print'),
});

defineCommand({
  name: 'help.shortcuts',
  label: 'Show the keyboard shortcuts',
  shown: [{ key: '?' }],
  keyTest: (e) => e.key === '?' && !e.ctrlKey && !e.metaKey && !e.altKey && !isEditableElement(document.activeElement),
  perform: ({ openDialog }) => openDialog('shortcuts'),
});

defineCommand({
  name: 'deselect',
  label: 'Clear the selection',
  keys: [{ key: 'Escape' }],
  perform({ setSelection, setTool }) {
    setSelection(new Set());
    setTool('select');
  },
});

defineCommand({
  name: 'tool.add',
  label: 'Add locations by clicking the map',
  keys: [{ key: 'a' }],
  perform: ({ setTool }) => setTool('add'),
});

defineCommand({
  name: 'tool.select',
  label: 'Select and move',
  keys: [{ key: 'v' }],
  perform: ({ setTool }) => setTool('select'),
});

defineCommand({
  name: 'selection.delete',
  label: 'Delete the selected locations',
  keys: [{ key: 'Delete' }, { key: 'Backspace' }],
  enabled: ({ selection }) => selection.size > 0,
  perform({ editor, selection, setSelection }) {
    if (editor.run(deleteLocations, { ids: [...selection] })) setSelection(new Set());
  },
});

/**
 * Ctrl/⌘+A outside text fields: every location drawn on the floor in view (a marker or a room), as in drawing
 * programs, instead of the browser's selecting of the page's text (the editor's panels and toolbar). In the locations
 * list the list's own Ctrl/⌘+A selects the rows listed (useListNavigation), as its Select all button does.
 */
defineCommand({
  name: 'selection.all',
  label: 'Select every location on the floor in view',
  shown: [{ key: 'a', mod: true }],
  keyTest: (e) => matchesShortcut(e, { key: 'a', mod: true }) && !isEditableElement(document.activeElement),
  // Not on the Wayfinding tab, where the map is for the network: Delete there must not take every location with it.
  enabled: ({ editor, tab }) => editor.canvas() !== null && tab !== 'wayfinding',
  perform({ editor, setSelection, announce }) {
    const canvas = editor.canvas()!;
    const ids = canvas.locationsInView;
    setSelection(new Set(ids));
    const layers = editor.store.getState().doc.layers;
    const floor = layers.length > 1 ? layers.find((l) => l.id === canvas.currentLayer) : undefined;
    const where = floor ? ` on ${floor.name || 'this floor'}` : '';
    announce(ids.length ? `${counted(ids.length, 'location')} selected${where}.` : `No locations${where} to select.`);
  },
});

/**
 * Ctrl/⌘+D (drawing programs' shortcut) and the forms' Duplicate buttons: a copy of each selected location next to it
 * in the list and on the map, on its floor, selected after, in one undo step.
 */
defineCommand({
  name: 'selection.duplicate',
  label: 'Duplicate the selected locations',
  shown: [{ key: 'd', mod: true }],
  keyTest: (e) => matchesShortcut(e, { key: 'd', mod: true }) && !isEditableElement(document.activeElement),
  enabled: ({ selection }) => selection.size > 0,
  perform({ editor, selection, setSelection }) {
    const ids = [...selection];
    const newIds = copyIds(editor.store.getState().doc, ids);
    if (editor.run(duplicateLocations, { ids, newIds })) setSelection(new Set(newIds));
  },
});

/** Puts the selected locations on `clipboard`, as a copy or cut does; how many. */
export function copySelection({ editor, selection }: CommandContext, clipboard: DataTransfer): number {
  const { doc } = editor.store.getState();
  const locations = doc.locations.filter((l) => selection.has(l.id));
  clipboard.setData('text/plain', locationsClipboardText(doc, locations));
  return locations.length;
}

/** "Copied 3 locations: Ctrl/⌘+V pastes them…", or on a touch screen the Paste button (`clipboard-buttons.ts`). */
export const sayCopied = ({ editor }: CommandContext, verb: 'Copied' | 'Cut', n: number) => {
  const them = n === 1 ? 'it' : 'them';
  const how = primaryPointerIsCoarse() ? `the Locations panel’s Paste puts ${them}` : `Ctrl/⌘+V pastes ${them}`;
  editor.notify(`${verb} ${counted(n, 'location')}: ${how}, here or in another map.`, 'info');
};

defineCommand({
  name: 'selection.copy',
  label: 'Copy the selected locations',
  shown: [{ key: 'c', mod: true }],
  clipboard: 'copy',
  enabled: ({ selection }) => selection.size > 0,
  perform: (ctx, _event, clipboard) => sayCopied(ctx, 'Copied', copySelection(ctx, clipboard!)),
});

defineCommand({
  name: 'selection.cut',
  label: 'Cut the selected locations',
  shown: [{ key: 'x', mod: true }],
  clipboard: 'cut',
  enabled: ({ selection }) => selection.size > 0,
  perform(ctx, _event, clipboard) {
    const { editor, selection, setSelection } = ctx;
    const n = copySelection(ctx, clipboard!);
    if (!editor.batch('Cut locations', () => editor.run(deleteLocations, { ids: [...selection] }))) return;
    setSelection(new Set());
    sayCopied(ctx, 'Cut', n);
  },
});

/** Whether clipboard text is rows of a spreadsheet: a header row and at least one row under it, cells split by tabs. */
function looksLikeRows(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  return lines.length >= 2 && lines[0]!.includes('\t');
}

defineCommand({
  name: 'selection.paste',
  label: 'Paste copied locations, rows of a spreadsheet, or a floor plan image',
  shown: [{ key: 'v', mod: true }],
  clipboard: 'paste',
  perform({ editor, setSelection, takeFiles }, _event, clipboard) {
    const text = clipboard!.getData('text/plain');
    let copied: CopiedLocations | null;
    try {
      copied = clipboardLocations(text);
    } catch (e) {
      if (!(e instanceof ActionError)) throw e;
      return editor.notify(`Nothing was pasted. ${e.message}.`);
    }
    // Rows copied from a spreadsheet (tab-separated, as Excel, Google Sheets and Numbers copy them): the Import
    // dialog reads them as it reads a CSV file, with its columns to map and its preview, before anything is added.
    if (!copied && looksLikeRows(text))
      return takeFiles([new File([text], PASTED_ROWS, { type: 'text/tab-separated-values' })]);
    // Files copied alone (a floor plan image, a file copied in the file manager, whose text is its name) are taken as a
    // drop on the map takes them. Not a picture that comes with text: Excel and Word put one of the cells copied.
    const files = Array.from(clipboard!.files);
    const names = new Set(files.map((f) => f.name));
    const filesAlone = text.split(/\r?\n/).every((line) => line.trim() === '' || names.has(line.trim()));
    if (!copied && files.length && filesAlone) return takeFiles(files);
    if (!copied)
      return editor.notify(
        'The clipboard holds no locations: copy some in an editor with Ctrl/⌘+C, or rows of a spreadsheet with their header row.',
        'info',
      );
    // A location cut, or copied from another map, keeps its id where it is free; a copy next to its original gets a
    // new one.
    const before = editor.store.getState().doc;
    const { locations, ...refs } = copied;
    const ids = copyIds(
      before,
      locations.map((l) => l.id),
      true,
    );
    const canvas = editor.canvas();
    // The floor in view, also on a map of one floor, as an added location's: copies that had a floor keep to one.
    const layer = canvas?.currentLayer || null;
    if (!editor.run(pasteLocations, { locations, ids, centre: canvas?.centre() ?? [0.5, 0.5], layer, refs })) return;
    setSelection(new Set(ids));
    const after = editor.store.getState().doc;
    const added = after.groups.slice(before.groups.length).map((g) => g.name);
    if (added.length)
      editor.notify(
        `Pasted ${counted(locations.length, 'location')} and added the ${added.length === 1 ? 'group' : 'groups'} this map lacked: ${listed(added)}.`,
        'info',
      );
  },
});

const NUDGE: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * How far a nudge key moves what is selected, in map units: 1 map pixel (10 with Shift) along the arrow; null for
 * any other key or chord. Locations and wayfinding nodes move by the same keys and distances.
 */
export function nudgeOffset(e: KeyboardEvent, doc: MapDocument): [number, number] | null {
  const dir = NUDGE[e.key];
  if (!dir || e.ctrlKey || e.metaKey || e.altKey) return null;
  const px = (e.shiftKey ? 10 : 1) / Math.max(doc.settings.mapWidth, doc.settings.mapHeight);
  return [dir[0] * px, dir[1] * px];
}

/**
 * With locations selected and the canvas focused, the arrow keys move them (Shift: 10 px at a time), all in one
 * undo step while the key is held, as in drawing programs; with nothing selected they pan the map.
 */
defineCommand({
  name: 'selection.nudge',
  label: 'Move the selected locations',
  shown: ['Arrow keys on the map (with Shift: 10 px)'],
  capture: true,
  keyTest(e, { selection, editor }) {
    if (selection.size === 0 || !nudgeOffset(e, editor.store.getState().doc)) return false;
    const active = document.activeElement as HTMLElement | null;
    return !isEditableElement(active) && !!active?.classList.contains('mn-viewport');
  },
  perform({ editor, selection, announce }, e) {
    if (!e) return;
    e.stopPropagation();
    const by = nudgeOffset(e, editor.store.getState().doc)!;
    const ids = [...selection].sort();
    editor.run(moveLocations, { ids, by }, { coalesce: `nudge:${ids.join(',')}` });
    // Said once the keys settle: a line per key repeat would be cut off by the next and never heard whole.
    clearTimeout(nudgeSaid);
    nudgeSaid = setTimeout(() => announce(nudgedText(editor.store.getState().doc, ids)), NUDGE_SETTLE_MS);
  },
});

/** How long the arrow keys rest before the move is said (longer than a held key's delay before it repeats). */
export const NUDGE_SETTLE_MS = 700;
let nudgeSaid: ReturnType<typeof setTimeout> | undefined;

/** What a nudge says: where the one location is now, in the words of its X and Y fields, or how many moved. */
export function nudgedText(doc: MapDocument, ids: readonly string[]): string {
  const moved = doc.locations.filter((l) => l.coord && ids.includes(l.id));
  const one = moved.length === 1 ? moved[0]! : null;
  if (one?.coord) return `${one.title || one.id} moved to ${placeWords(one.coord)}.`;
  return `${counted(moved.length, 'location')} moved.`;
}

/** The command context of the editor being rendered. */
export function useCommandContext(): CommandContext {
  const editor = useEditor();
  const [selection, setSelection] = useAtom(selectionAtom);
  const tab = useAtomValue(tabAtom);
  const setTool = useSetAtom(toolAtom);
  const openDialog = useSetAtom(dialogAtom);
  const takeFiles = useTakeFiles();
  const setAnnouncement = useSetAtom(announcementAtom);
  return {
    editor,
    selection,
    setSelection: (s) => setSelection(new Set(s)),
    tab,
    setTool,
    openDialog,
    takeFiles,
    announce: (text) => {
      // A nudge's words still waiting for the keys to settle would come after these, and say what is no longer news.
      clearTimeout(nudgeSaid);
      setAnnouncement((a) => ({ text, n: a.n + 1 }));
    },
  };
}

/** The editor's one key handler: every shortcut runs its registered command. */
export function useCommandKeys(): void {
  const ctx = useCommandContext();
  const onKey = useEffectEvent((event: KeyboardEvent, capture: boolean) => {
    const command = commandForKey(event, ctx, capture);
    if (!command) return;
    event.preventDefault();
    command.perform(ctx, event);
  });
  const onClipboard = useEffectEvent((event: ClipboardEvent) => {
    const command = commandForClipboard(event, ctx);
    if (!command) return;
    // The browser's own copy would put nothing (no text is selected) on the clipboard in place of the locations.
    event.preventDefault();
    command.perform(ctx, undefined, event.clipboardData!);
  });
  useEffect(() => {
    const onCapture = (e: KeyboardEvent) => onKey(e, true);
    const onBubble = (e: KeyboardEvent) => onKey(e, false);
    document.addEventListener('keydown', onCapture, true);
    document.addEventListener('keydown', onBubble);
    for (const type of ['copy', 'cut', 'paste'] as const) document.addEventListener(type, onClipboard);
    return () => {
      document.removeEventListener('keydown', onCapture, true);
      document.removeEventListener('keydown', onBubble);
      for (const type of ['copy', 'cut', 'paste'] as const) document.removeEventListener(type, onClipboard);
    };
  }, []);
}
