/**
 * The canvas host keeps the canvas on the floor the floor picker names, also right after an upload adds a floor
 * (the store has the new floor a frame before the canvas does) and after that floor is gone again; a location added
 * on a map of one floor is on that floor, so a floor added later does not show it too.
 */
// @vitest-environment jsdom
import { act, cleanup, fireEvent } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { layerAtom, toolAtom } from '../editor-state';
import { disposeHarnesses, renderEditorPart } from '../editor.fixtures';
import { useLayerUpload } from '../panels/layer-upload';
import type { EditorCanvas } from './canvas';
import { stubBrowser } from './canvas.fixtures';
import { CanvasHost } from './EditorCanvasHost';

vi.mock('../files-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../files-api')>()),
  imageSize: async () => null,
  uploadFile: async (file: File) => ({ fileUrl: `/files/user-1/${file.name}` }),
}));

afterEach(() => {
  cleanup();
  disposeHarnesses();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

describe('CanvasHost', () => {
  it('shows the floor an upload just added, the one the floor picker names', async () => {
    stubBrowser();
    // The floors' files never arrive: what is shown is the canvas's choice of floor, not its drawing.
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    const doc = blankDocument({ layerId: 'ground', layerName: 'Ground floor', file: '/files/ground.png' });
    const canvasRef = createRef<EditorCanvas>();
    let upload: ReturnType<typeof useLayerUpload> | null = null;
    function Uploader() {
      upload = useLayerUpload();
      return null;
    }
    const h = renderEditorPart(
      <>
        <CanvasHost canvasRef={canvasRef} />
        <Uploader />
      </>,
      { doc },
    );
    await nextFrame();
    expect(canvasRef.current!.currentLayer).toBe('ground');

    act(() => upload!.applyFile(null, '/files/first.png', 'first.png', null));
    await nextFrame();
    const picked = h.jotai.get(layerAtom);
    expect(h.doc().layers.map((l) => l.id)).toEqual(['ground', picked]);
    expect(canvasRef.current!.currentLayer).toBe(picked);

    // The upload undone, the floor is gone: the canvas and the picker are back on the ground floor together.
    act(() => void h.store.undo());
    await nextFrame();
    expect(canvasRef.current!.currentLayer).toBe('ground');
    expect(h.jotai.get(layerAtom)).toBe('ground');
  });

  it('adds a location on the floor in view while the map has only that floor', async () => {
    stubBrowser();
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    const doc = blankDocument({ layerId: 'ground', layerName: 'Ground floor', file: '/files/ground.png' });
    const canvasRef = createRef<EditorCanvas>();
    const h = renderEditorPart(<CanvasHost canvasRef={canvasRef} />, { doc });
    await nextFrame();
    act(() => h.jotai.set(toolAtom, 'add'));
    const viewport = document.querySelector<HTMLElement>('.editor__canvas .mn-viewport')!;
    act(() => void viewport.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    await vi.waitFor(() => expect(h.doc().locations).toHaveLength(1));
    expect(h.doc().locations[0]!.layer).toBe('ground');
  });

  it('makes a plan dropped on a floor that has none that floor’s plan, and says so while it is over the map', async () => {
    stubBrowser();
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    const doc = blankDocument({ layerId: 'ground', layerName: 'Ground floor', file: '/files/ground.png' });
    doc.layers.push({ id: 'upper', name: 'Upper floor', file: '' });
    const h = renderEditorPart(<CanvasHost canvasRef={createRef<EditorCanvas>()} />, { doc });
    act(() => h.jotai.set(layerAtom, 'upper'));
    await nextFrame();
    const map = document.querySelector<HTMLElement>('.editor__canvas')!;
    const plan = new File(['<svg/>'], 'upper.svg', { type: 'image/svg+xml' });
    const dragged = { types: ['Files'], items: [{ kind: 'file', type: 'application/pdf' }], files: [plan] };
    fireEvent.dragOver(map, { dataTransfer: dragged });
    expect(map.getAttribute('data-drop')).toBe('floor');
    fireEvent.drop(map, { dataTransfer: dragged });
    await vi.waitFor(() => expect(h.doc().layers[1]!.file).toBe('/files/user-1/upper.svg'));
    expect(h.doc().layers.map((l) => l.id)).toEqual(['ground', 'upper']);
    // On a floor with a plan, a plan dropped is a new floor.
    act(() => h.jotai.set(layerAtom, 'ground'));
    fireEvent.dragOver(map, { dataTransfer: dragged });
    expect(map.getAttribute('data-drop')).toBe('plan');
  });
});
