import { createContext, useContext, useSyncExternalStore } from 'react';
import type { HistoryEntry, MapSummary } from '@mapnest/shared/maps';
import type { EditorAction } from './actions/registry';
import type { EditorCanvas } from './canvas';
import type { SaveController, SaveState } from './save-controller';
import type { DispatchOptions, EditorState, EditorStore } from './store';

export interface EditorContextValue {
  mapId: string;
  store: EditorStore;
  save: SaveController;
  map: MapSummary;
  setMap(map: MapSummary): void;
  history: readonly HistoryEntry[];
  reloadHistory(): Promise<void>;
  /** Runs an action; a rejected edit shows its message and returns false. */
  run<A>(action: EditorAction<A>, args: A, options?: DispatchOptions): boolean;
  notify(text: string, kind?: 'error' | 'info'): void;
  canvas(): EditorCanvas | null;
  /** Turns document URLs ('/files/...', relative paths) into fetchable ones. */
  resolveUrl(url: string): string;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const ctx = useContext(EditorContext);
  if (!ctx) throw new Error('useEditor outside the editor');
  return ctx;
}

/** The document store's state, re-rendering on every change. */
export function useEditorState(): EditorState {
  const { store } = useEditor();
  return useSyncExternalStore(store.subscribe, store.getState);
}

/** The save controller's state. */
export function useSaveState(): SaveState {
  const { save } = useEditor();
  return useSyncExternalStore(save.subscribe, save.getState);
}
