/**
 * Renders parts of the editor (panels, inspector, conflict dialog) for the web project's tests, wired as the
 * editor wires them: a real document store, a real save controller (against a fake server that
 * answers like the maps service, 409 on a stale base) and the editor's own jotai store. Imported by
 * tests only.
 */
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createStore, Provider } from 'jotai';
import type { ReactElement } from 'react';
import { CallError } from '@mapnest/shared/errors';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import type { HistoryEntry, MapSummary } from '@mapnest/shared/maps';
import type { EditorCanvas } from './canvas/canvas';
import { AppStoreContext, EditorContext, type EditorContextValue } from './editor-context';
import { runners } from './editor-session';
import {
  createSaveController,
  memoryBackup,
  type LocalBackup,
  type SaveController,
  type SaveInput,
} from './save/save-controller';
import { createEditorStore } from './store';

export const MAP_ID = 'map00000000000000001';

export function aSummary(fields: Partial<MapSummary> = {}): MapSummary {
  return {
    id: MAP_ID,
    title: 'Riverside Mall',
    uid: 'user-1',
    author: 'user-1',
    created: '2025-01-01T10:00:00.000Z',
    edited: '2025-01-02T10:00:00.000Z',
    state: 0,
    metrics: { layerCount: 1, locationCount: 0 },
    subscribed: false,
    version: 1,
    activeUntil: null,
    published: false,
    previewUrl: null,
    lapsedFrom: null,
    licenseEndsAt: null,
    analyticsZone: 'UTC',
    analyticsZoneChange: null,
    publishedVersion: null,
    publishedAt: null,
    publication: 'never',
    restoreOf: null,
    ...fields,
  };
}

/** A map with `n` locations a0, a1, ... titled "Location 0", ... */
export function docWithLocations(n: number): MapDocument {
  const doc = blankDocument();
  doc.locations = Array.from({ length: n }, (_, i) => ({
    id: `a${i}`,
    title: `Location ${i}`,
    coord: [((i % 100) + 0.5) / 100, ((Math.floor(i / 100) % 100) + 0.5) / 100] as [number, number],
  }));
  return doc;
}

/** The maps service as far as saving goes: it holds one version number and refuses stale saves. */
export function fakeServer(version = 1) {
  const server = {
    version,
    saves: [] as SaveInput[],
    async save(input: SaveInput) {
      server.saves.push(input);
      if (input.baseVersion !== server.version)
        throw new CallError('aborted', 'This map was saved elsewhere.', { currentVersion: server.version });
      server.version++;
      return { version: server.version };
    },
  };
  return server;
}

export interface HarnessOptions {
  doc?: MapDocument;
  map?: Partial<MapSummary>;
  history?: readonly HistoryEntry[];
  backup?: LocalBackup;
  server?: ReturnType<typeof fakeServer>;
  /** The server's current document, for three-way merges (absent: a 409 asks two ways). */
  fetchCurrent?: () => Promise<{ doc: MapDocument; version: number; restoreOf?: number | null }>;
  /** More of the canvas than `reveal` (e.g. networkHost for the Wayfinding panel's overlay). */
  canvas?: Partial<EditorCanvas>;
  /** The app's store (session, slots) the editor met; a fresh one by default. */
  app?: ReturnType<typeof createStore>;
  /** Receives the map the part hands the editor (after a state move, a licence); ignored by default. */
  setMap?: (map: MapSummary) => void;
  /** The editor's rename (save-path.ts); by default the map takes the title. */
  renameMap?: EditorContextValue['renameMap'];
}

const open: SaveController[] = [];

/** Stops the save controllers of earlier renders (call in afterEach, after cleanup). */
export function disposeHarnesses(): void {
  for (const s of open.splice(0)) s.dispose();
}

export function renderEditorPart(ui: ReactElement, o: HarnessOptions = {}) {
  const doc = o.doc ?? blankDocument();
  const map = aSummary(o.map);
  const server = o.server ?? fakeServer(map.version);
  const backup = o.backup ?? memoryBackup();
  const store = createEditorStore(doc);
  const save = createSaveController({
    store,
    mapId: map.id,
    version: map.version,
    backup,
    save: server.save,
    currentVersion: async () => server.version,
    // Saves happen when a test asks (saveNow), never behind its back.
    delayMs: 3_600_000,
    backupDelayMs: 0,
    ...(o.fetchCurrent ? { fetchCurrent: o.fetchCurrent, pollMs: 0 } : {}),
  });
  open.push(save);
  const jotai = createStore();
  const notices: { text: string; kind: 'error' | 'info' }[] = [];
  const revealed: string[] = [];
  const canvas = { reveal: (id: string) => void revealed.push(id), ...o.canvas } as unknown as EditorCanvas;
  const ctx: EditorContextValue = {
    mapId: map.id,
    store,
    save,
    map,
    setMap: o.setMap ?? (() => undefined),
    renameMap: o.renameMap ?? (async (title) => ({ map: { ...map, title }, renamed: true })),
    history: o.history ?? [],
    reloadHistory: async () => undefined,
    ...runners(store, (text) => void notices.push({ text, kind: 'error' })),
    notify: (text, kind = 'error') => void notices.push({ text, kind }),
    canvas: () => canvas,
    resolveUrl: (u) => u,
  };
  const view = render(
    <AppStoreContext.Provider value={o.app ?? createStore()}>
      <Provider store={jotai}>
        <EditorContext.Provider value={ctx}>{ui}</EditorContext.Provider>
      </Provider>
    </AppStoreContext.Provider>,
  );
  return { ...view, store, save, backup, server, jotai, notices, revealed, doc: () => store.getState().doc };
}

/** Gives elements a vertical layout the test DOM does not compute: element i spans top(i)..top(i)+height. */
export function layOut(elements: readonly Element[], top: (i: number) => number, height: number): void {
  elements.forEach((el, i) => {
    el.getBoundingClientRect = () =>
      ({
        top: top(i),
        bottom: top(i) + height,
        height,
        left: 0,
        right: 300,
        width: 300,
        x: 0,
        y: top(i),
        toJSON: () => ({}),
      }) as DOMRect;
  });
}

/**
 * What the page's downloads (`import/export.ts` `download`) would save: each file's Blob and name, with
 * URL.createObjectURL and the link's click stubbed (restore the mocks after the test).
 */
export function captureDownloads(): { blobs: Blob[]; names: string[] } {
  const blobs: Blob[] = [];
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:download';
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { blobs, names };
}
