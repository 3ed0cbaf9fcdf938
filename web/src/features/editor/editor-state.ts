/**
 * The editor's UI state as jotai atoms (tool, selection, open tab and dialog, notices), held in a
 * jotai store of its own per open map; the document itself lives in the EditorStore, not in atoms.
 */
import { atom } from 'jotai';
import type { Location } from '@mapnest/shared/map-document';
import type { CanvasTool } from './canvas/canvas';

export type EditorTab =
  'locations' | 'layers' | 'groups' | 'styles' | 'settings' | 'history' | 'analytics' | 'wayfinding';
export type EditorDialog =
  null | 'import' | 'export' | 'print' | 'shortcuts' | 'preview' | 'publish' | 'files' | 'recognise' | 'builtin';

export const toolAtom = atom<CanvasTool>('select');
/** Ids of the selected locations, in selection order. */
export const selectionAtom = atom<ReadonlySet<string>>(new Set<string>());
export const tabAtom = atom<EditorTab>('locations');
export const dialogAtom = atom<EditorDialog>(null);
/** Files the Import dialog reads as it opens, as if picked there (rows of a spreadsheet pasted on the map). */
export const importFilesAtom = atom<readonly File[] | null>(null);
/** The floor shown on the canvas. */
export const layerAtom = atom<string | null>(null);
/** A floor just added from a file, whose name field the layers panel focuses for the author to rename it. */
export const namingLayerAtom = atom<string | null>(null);
/**
 * Recognised rooms of the floor in view that no location stands for, each as the location it would become (one whose
 * id a location on another floor has with an id of its own and the room as its `shape`).
 */
export const freeRoomsAtom = atom<readonly Location[]>([]);
/** The id of the location a room without one would become, clicked by the author on the map: the list offers it. */
export const roomOfferAtom = atom<string | null>(null);

export interface EditorNotice {
  id: number;
  kind: 'error' | 'info';
  text: string;
}
export const noticeAtom = atom<EditorNotice | null>(null);
/** What a key press or a button did that nothing on screen says to a screen reader (Undo, Redo); `n` counts them. */
export const announcementAtom = atom<{ text: string; n: number }>({ text: '', n: 0 });

/** An open file-library picker and what to do with the chosen file's URL. */
export const filePickerAtom = atom<{
  onPick(url: string, file: { name: string; contentType: string | null; size: number }): void;
} | null>(null);
