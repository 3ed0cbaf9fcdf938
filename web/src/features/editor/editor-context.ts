import { createContext, useContext, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import type { useStore } from 'jotai';
import { appStore } from '../../state/store';
import type { HistoryEntry, MapSummary } from '@mapnest/shared/maps';
import type { EditorAction } from './actions/registry';
import type { EditorCanvas } from './canvas/canvas';
import type { Renamed, SaveController, SaveState } from './save/save-controller';
import type { DispatchOptions, EditorState, EditorStore } from './store';

export interface EditorContextValue {
  mapId: string;
  store: EditorStore;
  save: SaveController;
  map: MapSummary;
  setMap(map: MapSummary): void;
  /** Renames the map, unless its title was changed elsewhere since this editor showed it (save-path.ts). */
  renameMap(title: string): Promise<Renamed>;
  history: readonly HistoryEntry[];
  reloadHistory(): Promise<void>;
  /** Runs an action; a rejected edit shows its message and returns false. */
  run<A>(action: EditorAction<A>, args: A, options?: DispatchOptions): boolean;
  /**
   * Runs `fn`'s actions (through `run`) as one undo step named `label`: the way to make a user action over
   * several items or several changes. When one is rejected, none stays; returns false then.
   */
  batch(label: string, fn: () => void): boolean;
  notify(text: string, kind?: 'error' | 'info'): void;
  canvas(): EditorCanvas | null;
  /** Turns document URLs ('/files/...', relative paths) into fetchable ones. */
  resolveUrl(url: string): string;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

/**
 * The app's jotai store (session, maps list, slots), as the editor met it: the editor keeps its UI atoms in a store of
 * its own, so the parts that read the app's state (the map state menu's slots) read them from this one.
 */
export const AppStoreContext = createContext<ReturnType<typeof useStore> | null>(null);

/** The app's store from inside the editor (the app's one when no editor gave it, as in tests of a part). */
export function useAppStore(): ReturnType<typeof useStore> {
  return useContext(AppStoreContext) ?? appStore;
}

export function useEditor(): EditorContextValue {
  const ctx = useContext(EditorContext);
  if (!ctx) throw new Error('useEditor outside the editor');
  return ctx;
}

/**
 * The document store's state, re-rendering on every change. State, not useSyncExternalStore: that
 * hook renders every change synchronously, while edits made on the map canvas are dispatched inside
 * startTransition so the canvas paints them in the next frame and the panels follow without holding
 * that frame (a 5,000-location editor's panels take longer than a frame to render). Edits made in
 * the panels themselves come from React events and still render at once.
 */
export function useEditorState(): EditorState {
  const { store } = useEditor();
  const [state, setState] = useState(store.getState);
  useLayoutEffect(() => {
    // A change between this render and the subscription must not be missed (a one-off catch-up).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (store.getState() !== state) setState(store.getState());
    return store.subscribe((next) => setState(next));
    // Subscribing once per store; `state` is only read to catch up.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store]);
  return state;
}

/** The save controller's state. */
export function useSaveState(): SaveState {
  const { save } = useEditor();
  return useSyncExternalStore(save.subscribe, save.getState);
}
