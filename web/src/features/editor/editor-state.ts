/**
 * The editor's UI state as jotai atoms (tool, selection, open tab and dialog, notices), held in a
 * jotai store of its own per open map; the document itself lives in the EditorStore, not in atoms.
 */
import { atom } from 'jotai';
import type { Location } from '@mapnest/shared/map-document';
import type { CanvasTool } from './canvas/canvas';
import type { RoomIdElsewhere } from './recognise-svg';

export type EditorTab =
  'locations' | 'layers' | 'groups' | 'styles' | 'settings' | 'history' | 'analytics' | 'wayfinding';
export type EditorDialog = null | 'import' | 'export' | 'preview' | 'publish' | 'files' | 'recognise' | 'builtin';

export const toolAtom = atom<CanvasTool>('select');
/** Ids of the selected locations, in selection order. */
export const selectionAtom = atom<ReadonlySet<string>>(new Set<string>());
export const tabAtom = atom<EditorTab>('locations');
export const dialogAtom = atom<EditorDialog>(null);
/** The floor shown on the canvas. */
export const layerAtom = atom<string | null>(null);
/** A floor just added from a file, whose name field the layers panel focuses for the author to rename it. */
export const namingLayerAtom = atom<string | null>(null);
/** Recognised rooms of the floor in view that no location uses, each as the location it would become. */
export const freeRoomsAtom = atom<readonly Location[]>([]);
/** Recognised rooms of the floor in view left out because a location on another floor has their id. */
export const roomsIdElsewhereAtom = atom<readonly RoomIdElsewhere[]>([]);
/** The id of a room without a location that the author clicked on the map: the list offers to add it. */
export const roomOfferAtom = atom<string | null>(null);

export interface EditorNotice {
  id: number;
  kind: 'error' | 'info';
  text: string;
}
export const noticeAtom = atom<EditorNotice | null>(null);

/** An open file-library picker and what to do with the chosen file's URL. */
export const filePickerAtom = atom<{
  onPick(url: string, file: { name: string; contentType: string | null }): void;
} | null>(null);
