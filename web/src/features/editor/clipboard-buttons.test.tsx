import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadFile } from './files-api';
import { dialogAtom, selectionAtom } from './editor-state';
import { disposeHarnesses, docWithLocations, renderEditorPart } from './editor.fixtures';
import { Inspector } from './panels/Inspector';
import { LocationsPanel } from './panels/locations/LocationsPanel';

vi.mock('./files-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./files-api')>()),
  imageSize: async () => ({ width: 1200, height: 900 }),
  uploadFile: vi.fn(async (file: File) => ({ fileUrl: `/files/user-1/${file.name}` })),
}));

afterEach(() => {
  cleanup();
  disposeHarnesses();
  vi.unstubAllGlobals();
});

/** A touch screen: the primary pointer is a finger. */
function touchScreen(coarse = true) {
  vi.stubGlobal('matchMedia', (q: string) => ({
    matches: coarse && q === '(pointer: coarse)',
    addEventListener() {},
    removeEventListener() {},
  }));
}

/** The system clipboard behind the asynchronous Clipboard API; `refuse`: the browser says no, as on a denied prompt. */
function systemClipboard(refuse = false) {
  const held = { text: '' };
  const denied = () => Promise.reject(new DOMException('Read permission denied.', 'NotAllowedError'));
  vi.stubGlobal('navigator', {
    ...navigator,
    clipboard: {
      writeText: vi.fn((text: string) => (refuse ? denied() : Promise.resolve(void (held.text = text)))),
      readText: vi.fn(() => (refuse ? denied() : Promise.resolve(held.text))),
    },
  });
  return held;
}

const setup = () =>
  renderEditorPart(
    <>
      <LocationsPanel />
      <Inspector />
    </>,
    { doc: docWithLocations(3), canvas: { centre: () => [0.5, 0.5] } },
  );

describe('Copy and Paste buttons on a touch screen', () => {
  it('copy the selected locations to the system clipboard and paste them, as Ctrl/⌘+C and V do', async () => {
    touchScreen();
    const held = systemClipboard();
    const h = setup();
    act(() => h.jotai.set(selectionAtom, new Set(['a0', 'a1'])));
    fireEvent.click(screen.getByRole('button', { name: 'Copy 2' }));
    await waitFor(() => expect(held.text).not.toBe(''));
    expect(JSON.parse(held.text).locations.map((l: { id: string }) => l.id)).toEqual(['a0', 'a1']);
    expect(h.notices.at(-1)).toMatchObject({
      kind: 'info',
      text: 'Copied 2 locations: the Locations panel’s Paste puts them, here or in another map.',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Paste' }));
    await waitFor(() => expect(h.doc().locations).toHaveLength(5));
    expect(
      h
        .doc()
        .locations.slice(3)
        .map((l) => l.id),
    ).toEqual(['a0-copy', 'a1-copy']);
    expect([...h.jotai.get(selectionAtom)]).toEqual(['a0-copy', 'a1-copy']);
    // One location's form has Copy too.
    act(() => h.jotai.set(selectionAtom, new Set(['a2'])));
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(JSON.parse(held.text).locations.map((l: { id: string }) => l.id)).toEqual(['a2']));
  });

  it('say so when the browser refuses the clipboard, and change nothing', async () => {
    touchScreen();
    systemClipboard(true);
    const h = setup();
    const before = h.doc();
    fireEvent.click(screen.getByRole('button', { name: 'Paste' }));
    await waitFor(() =>
      expect(h.notices.at(-1)?.text).toBe(
        'The browser did not let the map read the clipboard, so nothing was pasted. Allow the clipboard for this site, or press Ctrl/⌘+V on the map.',
      ),
    );
    act(() => h.jotai.set(selectionAtom, new Set(['a0'])));
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() =>
      expect(h.notices.at(-1)?.text).toBe(
        'The browser did not let the map use the clipboard, so nothing was copied. Try Ctrl/⌘+C on the map.',
      ),
    );
    expect(h.notices.filter((n) => n.text.startsWith('Copied'))).toEqual([]);
    expect(h.doc()).toBe(before);
  });

  it('paste an image copied alone as a new floor, as Ctrl/⌘+V does, and rows with a picture of them as rows', async () => {
    touchScreen();
    const items: { types: string[]; getType(type: string): Promise<Blob> }[] = [];
    const item = (parts: Record<string, Blob>) => ({
      types: Object.keys(parts),
      getType: (type: string) => Promise.resolve(parts[type]!),
    });
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn(), readText: vi.fn(), read: vi.fn(() => Promise.resolve(items)) },
    });
    const h = setup();
    items.push(item({ 'image/png': new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }) }));
    fireEvent.click(screen.getByRole('button', { name: 'Paste' }));
    await waitFor(() => expect(h.doc().layers).toHaveLength(2));
    expect(vi.mocked(uploadFile).mock.calls[0]![0]).toMatchObject({ name: 'image.png', type: 'image/png' });
    // Excel puts a picture of the cells copied beside their text: the text is what was meant.
    items.length = 0;
    items.push(
      item({
        'text/plain': new Blob(['Shop\tUnit\nBakery\tG01\n']),
        'image/png': new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }),
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Paste' }));
    await waitFor(() => expect(h.jotai.get(dialogAtom)).toBe('import'));
    expect(vi.mocked(uploadFile)).toHaveBeenCalledOnce();
  });

  it('are not shown with a mouse, whose keys copy and paste', () => {
    touchScreen(false);
    const h = setup();
    act(() => h.jotai.set(selectionAtom, new Set(['a0', 'a1'])));
    expect(screen.queryByRole('button', { name: 'Paste' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy 2' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Duplicate 2' })).toBeTruthy();
  });
});
