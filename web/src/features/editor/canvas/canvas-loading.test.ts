/** "Loading floor plan…" over the editor's map while a floor's plan loads, gone once it is shown or failed. */
// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { missingFloorFile } from '@mapnest/shared/publish-checks';
import { EditorCanvas } from './canvas';
import { FLOOR_LOADING_AFTER_MS } from './canvas-overlays';
import { stubBrowser } from './canvas.fixtures';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

function mount(doc = blankDocument({ mapWidth: 800, mapHeight: 600, layerName: 'Ground' })) {
  stubBrowser();
  // jsdom lays nothing out: the map is given a size, so the stage measures it and shows the floor.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  const host = document.createElement('div');
  document.body.append(host);
  const canvas = new EditorCanvas(host, doc, {
    onSelect: () => undefined,
    isSelected: () => false,
    onAdd: () => undefined,
    onMove: () => undefined,
  });
  return { canvas, note: host.querySelector<HTMLElement>('.mn-edit-loading')! };
}

describe('the editor canvas while a floor loads', () => {
  it('says it is loading a floor plan that takes a while, and stops once the floor is shown', async () => {
    let answer = (_: Response) => {};
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const doc = blankDocument({ mapWidth: 800, mapHeight: 600, layerName: 'Hall A', file: 'https://files.test/a.svg' });
    const { canvas, note } = mount(doc);
    expect(note.getAttribute('role')).toBe('status');
    await vi.waitFor(() => expect(note.hidden).toBe(false));
    expect(note.textContent).toBe('Loading floor plan…');
    answer(
      new Response(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600"><rect width="800" height="600"/></svg>',
      ),
    );
    await vi.waitFor(() => expect(note.hidden).toBe(true));
    canvas.destroy();
  });

  it('says nothing for a floor shown at once (a blank one), so a floor switch is not read out each time', async () => {
    const doc = blankDocument({ mapWidth: 800, mapHeight: 600, layerName: 'Ground' });
    doc.layers.push({ id: 'upper', name: 'Upper', file: '' });
    const { canvas, note } = mount(doc);
    // Every time the note is made visible, however briefly.
    const shown: true[] = [];
    const hidden = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'hidden')!;
    Object.defineProperty(note, 'hidden', {
      get: () => hidden.get!.call(note),
      set: (v: boolean) => {
        if (!v) shown.push(true);
        hidden.set!.call(note, v);
      },
    });
    canvas.setLayer('upper');
    await new Promise((resolve) => setTimeout(resolve, FLOOR_LOADING_AFTER_MS * 2));
    expect(note.hidden).toBe(true);
    expect(shown).toEqual([]);
    canvas.destroy();
  });

  it('says why when a floor’s plan cannot be loaded, in the publish check’s words', async () => {
    vi.stubGlobal('fetch', async () => new Response('gone', { status: 404 }));
    const doc = blankDocument({
      mapWidth: 800,
      mapHeight: 600,
      layerName: 'Hall B',
      file: 'https://files.test/hall-b.svg',
    });
    const { canvas, note } = mount(doc);
    await vi.waitFor(() => expect(note.textContent).toBe(missingFloorFile('Hall B')));
    expect(note.hidden).toBe(false);
    canvas.destroy();
  });
});

describe('the editor canvas when the map changes', () => {
  const zoomedIn = (canvas: EditorCanvas) => {
    const view = canvas.camera;
    view.jumpTo({ ...view.transform, scale: view.transform.scale * 3 });
    expect(view.zoom).toBeCloseTo(3);
  };

  it('keeps the author’s view when a floor is added, and shows a plan of another size whole', () => {
    const doc = blankDocument({ mapWidth: 800, mapHeight: 600, layerName: 'Ground' });
    const { canvas } = mount(doc);
    zoomedIn(canvas);
    const withFloor = { ...doc, layers: [...doc.layers, { id: 'upper', name: 'Upper', file: '' }] };
    canvas.setDocument(withFloor);
    expect(canvas.camera.zoom).toBeCloseTo(3);
    // A first plan uploaded: the map takes its size, and the old zoom would show a corner of it.
    canvas.setDocument({ ...withFloor, settings: { ...withFloor.settings, mapWidth: 2400, mapHeight: 1000 } });
    expect(canvas.camera.zoom).toBeCloseTo(1);
    canvas.destroy();
  });
});
