/** "Loading floor plan…" over the editor's map while a floor's plan loads, gone once it is shown or failed. */
// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { EditorCanvas } from './canvas';
import { stubBrowser } from './canvas.fixtures';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('the editor canvas while a floor loads', () => {
  it('says it is loading the floor plan, and stops saying so once the floor is shown, also after a floor switch', async () => {
    stubBrowser();
    // jsdom lays nothing out: the map is given a size, so the stage measures it and shows the floor.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const doc = blankDocument({ mapWidth: 800, mapHeight: 600, layerName: 'Ground' });
    doc.layers.push({ id: 'upper', name: 'Upper', file: '' });
    const host = document.createElement('div');
    document.body.append(host);
    const canvas = new EditorCanvas(host, doc, {
      onSelect: () => undefined,
      isSelected: () => false,
      onAdd: () => undefined,
      onMove: () => undefined,
    });
    const note = host.querySelector<HTMLElement>('.mn-edit-loading')!;
    expect(note.getAttribute('role')).toBe('status');
    expect(note.textContent).toBe('Loading floor plan…');
    expect(note.hidden).toBe(false);
    await vi.waitFor(() => expect(note.hidden).toBe(true));
    canvas.setLayer('upper');
    expect(note.hidden).toBe(false);
    await vi.waitFor(() => expect(note.hidden).toBe(true));
    canvas.destroy();
  });
});
