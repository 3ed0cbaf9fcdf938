/**
 * The canvas host keeps the canvas on the floor the floor picker names, also right after an upload adds a floor
 * (the store has the new floor a frame before the canvas does) and after that floor is gone again.
 */
// @vitest-environment jsdom
import { act, cleanup } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { layerAtom } from '../editor-state';
import { disposeHarnesses, renderEditorPart } from '../editor.fixtures';
import { useLayerUpload } from '../panels/LayersPanel';
import type { EditorCanvas } from './canvas';
import { stubBrowser } from './canvas.fixtures';
import { CanvasHost } from './EditorCanvasHost';

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
});
