// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { addLocation } from '../actions/locations';
import { memoryBackup } from './local-backup';
import { createSaveController } from './save-controller';
import { fakeServer } from './save.fixtures';
import { createEditorStore } from '../store';

/** One map on a fake server, and an editor tab of it that never polls: only focus, or another tab, makes it look. */
function tabs(mapIds: [string, string]) {
  const server = fakeServer(1);
  let fetched = 0;
  const tab = (mapId: string) => {
    const store = createEditorStore(blankDocument());
    const ctl = createSaveController({
      store,
      mapId,
      version: 1,
      save: server.save,
      currentVersion: server.currentVersion,
      fetchCurrent: async () => {
        fetched++;
        return { version: server.version, doc: server.doc };
      },
      pollMs: 0,
      backup: memoryBackup(),
      delayMs: 60_000,
    });
    return { store, ctl };
  };
  return { server, fetched: () => fetched, a: tab(mapIds[0]), b: tab(mapIds[1]) };
}

describe('two tabs of one browser', () => {
  it('a version saved in one tab is brought into the other at once, not at its next poll or focus', async () => {
    const { server, a, b } = tabs(['m1', 'm1']);
    try {
      a.store.dispatch(addLocation, { id: 'from-a', coord: [0.1, 0.1] });
      await a.ctl.saveNow();
      expect(server.version).toBe(2);
      await vi.waitFor(() => expect(b.ctl.getState().version).toBe(2));
      expect(b.store.getState().doc.locations.map((l) => l.id)).toEqual(['from-a']);
    } finally {
      a.ctl.dispose();
      b.ctl.dispose();
    }
  });

  it('a tab of another map hears nothing', async () => {
    const { fetched, a, b } = tabs(['m1', 'm2']);
    try {
      a.store.dispatch(addLocation, { id: 'from-a', coord: [0.1, 0.1] });
      await a.ctl.saveNow();
      // A message, had one been sent, is delivered within a task or two: wait for a few.
      for (let i = 0; i < 5; i++) await new Promise((ok) => setTimeout(ok, 10));
      expect(fetched()).toBe(0);
      expect(b.ctl.getState().version).toBe(1);
    } finally {
      a.ctl.dispose();
      b.ctl.dispose();
    }
  });
});
