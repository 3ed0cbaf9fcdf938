import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from '../../components/Modal';
import { moveLocations, updateLocation } from './actions/locations';
import { NUDGE_SETTLE_MS, registeredCommands, useCommandKeys } from './commands';
import { PASTED_ROWS } from './import/location-clipboard';
import { dialogAtom, importFilesAtom, selectionAtom, tabAtom, toolAtom } from './editor-state';
import { disposeHarnesses, docWithLocations, renderEditorPart } from './editor.fixtures';
import { uploadFile } from './files-api';
import { ToolGroup } from './Toolbar';

vi.mock('./files-api', async (original) => ({
  ...(await original<typeof import('./files-api')>()),
  uploadFile: vi.fn(async (file: File) => ({ fileUrl: `/files/u/files/${file.name}` })),
}));

afterEach(() => {
  cleanup();
  disposeHarnesses();
});

function Keys() {
  useCommandKeys();
  return <div className="mn-viewport" tabIndex={0} data-testid="canvas" />;
}

const setup = () =>
  renderEditorPart(
    <>
      <ToolGroup />
      <Keys />
    </>,
    { doc: docWithLocations(3), canvas: { centre: () => [0.5, 0.5] } },
  );
const key = (k: string, init: KeyboardEventInit = {}) =>
  act(() => void fireEvent.keyDown(document.activeElement ?? document.body, { key: k, ...init }));

/** The system clipboard, as the browser's copy, cut and paste events (Ctrl/⌘+C, X, V) give it to the page. */
const clipboard = new DataTransfer();
/** Sends the browser's `type` event, as Ctrl/⌘+C, X or V does; whether the page took it (prevented the default). */
function clip(type: 'copy' | 'cut' | 'paste'): boolean {
  const event = new ClipboardEvent(type, { clipboardData: clipboard, bubbles: true, cancelable: true });
  act(() => void (document.activeElement ?? document.body).dispatchEvent(event));
  return event.defaultPrevented;
}

describe('editor commands', () => {
  it('registers every shortcut once, each with a label', () => {
    const names = [...registeredCommands().keys()];
    expect(names).toEqual(
      expect.arrayContaining(['undo', 'redo', 'save', 'deselect', 'tool.add', 'tool.select', 'selection.delete']),
    );
    for (const c of registeredCommands().values()) expect(c.label).not.toBe('');
  });

  it('runs the same command from its key and its button', () => {
    const h = setup();
    act(() => void h.store.dispatch(updateLocation, { id: 'a0', patch: { title: 'One' } }));
    act(() => void h.store.dispatch(updateLocation, { id: 'a0', patch: { title: 'Two' } }));
    key('z', { ctrlKey: true });
    expect(h.doc().locations[0]!.title).toBe('One');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(h.doc().locations[0]!.title).toBe('Location 0');
    key('z', { ctrlKey: true, shiftKey: true });
    expect(h.doc().locations[0]!.title).toBe('One');
    fireEvent.click(screen.getByRole('button', { name: 'Redo' }));
    expect(h.doc().locations[0]!.title).toBe('Two');
    key('a');
    expect(h.jotai.get(toolAtom)).toBe('add');
    key('Escape');
    expect(h.jotai.get(toolAtom)).toBe('select');
  });

  it('deletes the selection in one undo step, and nudges it in one step while the arrow key repeats', () => {
    const h = setup();
    act(() => h.jotai.set(selectionAtom, new Set(['a0', 'a1', 'a2'])));
    const before = h.doc();
    act(() => screen.getByTestId('canvas').focus());
    key('ArrowRight');
    key('ArrowRight');
    key('ArrowDown', { shiftKey: true });
    const moved = h.doc();
    expect(moved.locations.map((l) => l.coord)).not.toEqual(before.locations.map((l) => l.coord));
    expect(h.store.getState().undoLabel).toBe('Move locations');
    h.store.undo();
    expect(h.doc()).toBe(before);
    h.store.redo();
    key('Delete');
    expect(h.doc().locations).toEqual([]);
    expect(h.jotai.get(selectionAtom).size).toBe(0);
    h.store.undo();
    expect(h.doc().locations).toHaveLength(3);
  });

  it('says where the nudged location went once the arrow keys settle, and how many moved when several did', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const h = setup();
      const status = screen.getByRole('status');
      act(() => h.jotai.set(selectionAtom, new Set(['a0'])));
      act(() => screen.getByTestId('canvas').focus());
      key('ArrowRight', { shiftKey: true });
      key('ArrowRight', { shiftKey: true, repeat: true });
      key('ArrowDown', { shiftKey: true });
      act(() => void vi.advanceTimersByTime(NUDGE_SETTLE_MS - 100));
      // Nothing while the keys are still going: each repeat would cut the line before off.
      expect(status.textContent!.trim()).toBe('');
      act(() => void vi.advanceTimersByTime(100));
      expect(status.textContent!.trim()).toBe('Location 0 moved to X 0.025, Y 0.015.');
      act(() => h.jotai.set(selectionAtom, new Set(['a0', 'a1', 'a2'])));
      key('ArrowLeft');
      act(() => void vi.advanceTimersByTime(NUDGE_SETTLE_MS));
      expect(status.textContent!.trim()).toBe('3 locations moved.');
      // Another command said before the keys settled is the news: the move is not said after it.
      key('ArrowLeft');
      key('z', { ctrlKey: true });
      expect(status.textContent!.trim()).toBe('Undone: Move locations.');
      act(() => void vi.advanceTimersByTime(NUDGE_SETTLE_MS));
      expect(status.textContent!.trim()).toBe('Undone: Move locations.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes no keys of the editor while a dialog is open over it, but Ctrl+S still saves', async () => {
    const h = setup();
    act(() => h.jotai.set(selectionAtom, new Set(['a0'])));
    act(() => void h.store.dispatch(updateLocation, { id: 'a1', patch: { title: 'Kiosk' } }));
    const view = render(
      <Modal open onClose={() => undefined} labelledBy="t">
        <h2 id="t">Export</h2>
        <button type="button">Done</button>
      </Modal>,
    );
    act(() => screen.getByRole('button', { name: 'Done' }).focus());
    key('Delete');
    key('Backspace');
    key('z', { ctrlKey: true });
    key('p', { ctrlKey: true });
    expect(h.doc().locations).toHaveLength(3);
    expect(h.doc().locations[1]!.title).toBe('Kiosk');
    expect(h.jotai.get(dialogAtom)).toBeNull();
    // The browser's own print of the dialog (the print dialog's sheets) is not taken from it.
    const print = new KeyboardEvent('keydown', { key: 'p', ctrlKey: true, bubbles: true, cancelable: true });
    act(() => void document.activeElement!.dispatchEvent(print));
    expect(print.defaultPrevented).toBe(false);
    key('s', { ctrlKey: true });
    await waitFor(() => expect(h.server.saves).toHaveLength(1));
    view.unmount();
    key('p', { ctrlKey: true });
    expect(h.jotai.get(dialogAtom)).toBe('print');
  });

  it('copies the selection with Ctrl+C and pastes it as new locations, selected, in one undo step', () => {
    const h = setup();
    act(() => void h.store.dispatch(updateLocation, { id: 'a1', patch: { title: 'Kiosk' } }));
    act(() => h.jotai.set(selectionAtom, new Set(['a0', 'a1'])));
    act(() => screen.getByTestId('canvas').focus());
    expect(clip('copy')).toBe(true);
    expect(h.notices.at(-1)).toMatchObject({
      kind: 'info',
      text: 'Copied 2 locations: Ctrl/⌘+V pastes them, here or in another map.',
    });
    // The system clipboard holds them, for this tab and any other.
    expect(JSON.parse(clipboard.getData('text/plain'))).toEqual({
      type: 'mapnest/locations',
      locations: h.doc().locations.slice(0, 2),
      groups: [],
      styles: [],
    });
    const before = h.doc();
    expect(clip('paste')).toBe(true);
    const after = h.doc();
    expect(after.locations.map((l) => l.id)).toEqual(['a0', 'a1', 'a2', 'a0-copy', 'a1-copy']);
    expect(after.locations.at(-1)).toMatchObject({ title: 'Kiosk' });
    expect(after.locations.at(-1)!.coord).not.toEqual(after.locations[1]!.coord);
    expect([...h.jotai.get(selectionAtom)]).toEqual(['a0-copy', 'a1-copy']);
    expect(h.store.getState().undoLabel).toBe('Paste locations');
    h.store.undo();
    expect(h.doc()).toBe(before);
    // Pasted again: new ids again.
    clip('paste');
    expect(
      h
        .doc()
        .locations.map((l) => l.id)
        .slice(3),
    ).toEqual(['a0-copy', 'a1-copy']);
    clip('paste');
    expect(
      h
        .doc()
        .locations.map((l) => l.id)
        .slice(5),
    ).toEqual(['a0-copy-2', 'a1-copy-2']);
  });

  it('pastes locations from another map with their groups, adding those this map lacks, in one undo step', () => {
    const h = setup();
    act(() => screen.getByTestId('canvas').focus());
    const before = h.doc();
    const copied = (groups: unknown) =>
      JSON.stringify({
        type: 'mapnest/locations',
        locations: [{ id: 'deli-1', title: 'Deli', coord: [0.4, 0.4], groups: ['deli'] }],
        groups,
      });
    // A group the clipboard says wrong pastes nothing.
    clipboard.setData('text/plain', copied([{ id: 'deli', name: '' }]));
    clip('paste');
    expect(h.notices.at(-1)?.text).toBe('Nothing was pasted. Copied group 1 (name): A group needs a name.');
    expect(h.doc()).toBe(before);
    clipboard.setData('text/plain', copied([{ id: 'deli', name: 'Delicatessen', color: '#aa0000' }]));
    clip('paste');
    expect(h.doc().groups.at(-1)).toEqual({ id: 'deli', name: 'Delicatessen', color: '#aa0000' });
    expect(h.doc().locations.at(-1)).toMatchObject({ id: 'deli-1', groups: ['deli'] });
    expect(h.notices.at(-1)).toMatchObject({
      kind: 'info',
      text: 'Pasted 1 location and added the group this map lacked: Delicatessen.',
    });
    h.store.undo();
    expect(h.doc()).toBe(before);
  });

  it('cuts the selection with Ctrl+X in one undo step, and pastes it back', () => {
    const h = setup();
    act(() => h.jotai.set(selectionAtom, new Set(['a1'])));
    act(() => screen.getByTestId('canvas').focus());
    const cutOne = h.doc().locations[1]!;
    expect(clip('cut')).toBe(true);
    expect(h.doc().locations.map((l) => l.id)).toEqual(['a0', 'a2']);
    expect(h.jotai.get(selectionAtom).size).toBe(0);
    expect(h.store.getState().undoLabel).toBe('Cut locations');
    expect(h.notices.at(-1)?.text).toBe('Cut 1 location: Ctrl/⌘+V pastes it, here or in another map.');
    // Its id is free again: the paste gives it back.
    clip('paste');
    expect(h.doc().locations.at(-1)).toMatchObject({ id: 'a1', title: cutOne.title });
    // With nothing selected, a cut is the browser's (it cuts nothing).
    act(() => h.jotai.set(selectionAtom, new Set()));
    expect(clip('cut')).toBe(false);
  });

  it('pastes locations, hands spreadsheet rows to Import, says so of other text; broken locations change nothing', async () => {
    const h = setup();
    act(() => screen.getByTestId('canvas').focus());
    const before = h.doc();
    clipboard.setData('text/plain', 'Riverside Mall, Unit 12');
    clip('paste');
    expect(h.notices.at(-1)).toMatchObject({
      kind: 'info',
      text: 'The clipboard holds no locations: copy some in an editor with Ctrl/⌘+C, or rows of a spreadsheet with their header row.',
    });
    // One cell of a spreadsheet is words too; rows with their header row go to the Import dialog, to be mapped there.
    clipboard.setData('text/plain', 'Bakery\tFresh bread\n');
    clip('paste');
    expect(h.jotai.get(dialogAtom)).toBeNull();
    const rows = 'Name\tAbout\r\nBakery\tFresh bread\r\n';
    clipboard.setData('text/plain', rows);
    clip('paste');
    expect(h.jotai.get(dialogAtom)).toBe('import');
    const handed = h.jotai.get(importFilesAtom)!;
    expect(handed.map((f) => f.name)).toEqual([PASTED_ROWS]);
    expect(await handed[0]!.text()).toBe(rows);
    act(() => h.jotai.set(dialogAtom, null));
    clipboard.setData('text/plain', '{"type":"mapnest/locations","locations":[{"id":"x1"');
    clip('paste');
    expect(h.notices.at(-1)?.text).toBe('Nothing was pasted. The copied locations are not whole: copy them again.');
    // Any program can write such text: each location is checked as the map's own are.
    clipboard.setData(
      'text/plain',
      JSON.stringify({ type: 'mapnest/locations', locations: [{ id: 'ok' }, { id: 'x2', coord: [0.5, 'a'] }] }),
    );
    clip('paste');
    expect(h.notices.at(-1)?.text).toMatch(/^Nothing was pasted\. Copied location 2 \(coord\.1\): /);
    clipboard.setData('text/plain', JSON.stringify({ type: 'mapnest/locations', locations: [] }));
    clip('paste');
    expect(h.notices.at(-1)?.text).toBe(
      'Nothing was pasted. The clipboard says it holds locations, but it holds none.',
    );
    expect(h.doc()).toBe(before);
  });

  it('takes files pasted alone as a drop on the map takes them, and not a picture that comes with text', async () => {
    const h = setup();
    act(() => screen.getByTestId('canvas').focus());
    // A file copied in the file manager (its text is its name) is taken as a drop on the map: a CSV goes to Import,
    // an image becomes a new floor; a picture copied with other text (Excel's of its cells) is not taken.
    const shops = new File(['title,x,y\nBakery,0.2,0.3\n'], 'shops.csv', { type: 'text/csv' });
    const plan = new File(['<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"/>'], 'Level 2.svg', {
      type: 'image/svg+xml',
    });
    const withFiles = (text: string, ...files: File[]) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      for (const f of files) data.items.add(f);
      const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
      act(() => void document.activeElement!.dispatchEvent(event));
    };
    withFiles('shops.csv', shops);
    expect(h.jotai.get(dialogAtom)).toBe('import');
    expect(h.jotai.get(importFilesAtom)).toEqual([shops]);
    act(() => h.jotai.set(dialogAtom, null));
    withFiles('Bakery', plan);
    expect(h.notices.at(-1)?.text).toMatch(/^The clipboard holds no locations/);
    expect(vi.mocked(uploadFile)).not.toHaveBeenCalled();
    withFiles('', plan);
    expect(h.jotai.get(tabAtom)).toBe('layers');
    // A floor the map refuses after the upload (here the library's address for a name with a space) is not said to be
    // uploaded: its refusal stays the last word.
    await waitFor(() => expect(vi.mocked(uploadFile)).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(h.notices.at(-1)?.kind).toBe('error'));
    expect(h.notices.map((n) => n.text)).not.toContain('Uploaded Level 2.svg (40×30 px).');
    withFiles('', new File([await plan.text()], 'Level-2.svg', { type: 'image/svg+xml' }));
    await waitFor(() => expect(h.doc().layers.map((l) => l.file)).toEqual(['', '/files/u/files/Level-2.svg']));
    expect(h.notices.at(-1)).toEqual({ kind: 'info', text: 'Uploaded Level-2.svg (40×30 px).' });
  });

  it('duplicates the selection with Ctrl+D, each copy after its original, selected, in one undo step', () => {
    const h = setup();
    act(() => h.jotai.set(selectionAtom, new Set(['a0', 'a2'])));
    act(() => screen.getByTestId('canvas').focus());
    const before = h.doc();
    const chord = () => {
      const e = new KeyboardEvent('keydown', { key: 'd', ctrlKey: true, bubbles: true, cancelable: true });
      act(() => void document.activeElement!.dispatchEvent(e));
      return e.defaultPrevented;
    };
    // The browser's Ctrl+D (a bookmark) is not what the map's key is for.
    expect(chord()).toBe(true);
    expect(h.doc().locations.map((l) => l.id)).toEqual(['a0', 'a0-copy', 'a1', 'a2', 'a2-copy']);
    expect(h.doc().locations[1]!.coord).not.toEqual(h.doc().locations[0]!.coord);
    expect([...h.jotai.get(selectionAtom)]).toEqual(['a0-copy', 'a2-copy']);
    expect(h.store.getState().undoLabel).toBe('Duplicate locations');
    h.store.undo();
    expect(h.doc()).toBe(before);
    // In a text field the key is the field's.
    const field = document.createElement('input');
    document.body.append(field);
    act(() => field.focus());
    expect(chord()).toBe(false);
    expect(h.doc()).toBe(before);
    field.remove();
  });

  it('pastes copies that had a floor onto the floor in view, also on a map of one floor', () => {
    const doc = docWithLocations(2);
    const floor = doc.layers[0]!.id;
    doc.locations[0]!.layer = floor;
    const h = renderEditorPart(<Keys />, { doc, canvas: { centre: () => [0.5, 0.5], currentLayer: floor } });
    act(() => h.jotai.set(selectionAtom, new Set(['a0', 'a1'])));
    act(() => screen.getByTestId('canvas').focus());
    clip('copy');
    clip('paste');
    // A copy on a floor stays on one (else a floor added later would show it too); one on every floor stays so.
    expect(
      h
        .doc()
        .locations.slice(2)
        .map((l) => [l.id, l.layer]),
    ).toEqual([
      ['a0-copy', floor],
      ['a1-copy', undefined],
    ]);
  });

  it('selects what the floor in view shows with Ctrl+A, but leaves it to a text field and to the Wayfinding tab', () => {
    const doc = docWithLocations(3);
    doc.layers = [doc.layers[0]!, { id: 'upper', name: 'Upper level', file: '' }];
    const canvas = { locationsInView: ['a0', 'a2'], currentLayer: doc.layers[0]!.id };
    const h = renderEditorPart(
      <>
        <ToolGroup />
        <Keys />
      </>,
      { doc, canvas },
    );
    const status = () => screen.getByRole('status').textContent!.trim();
    const chord = () => {
      const e = new KeyboardEvent('keydown', { key: 'a', ctrlKey: true, bubbles: true, cancelable: true });
      act(() => void document.activeElement!.dispatchEvent(e));
      return e.defaultPrevented;
    };
    act(() => screen.getByTestId('canvas').focus());
    expect(chord()).toBe(true);
    expect([...h.jotai.get(selectionAtom)]).toEqual(['a0', 'a2']);
    expect(status()).toBe(`2 locations selected on ${doc.layers[0]!.name}.`);

    act(() => h.jotai.set(selectionAtom, new Set()));
    const field = document.createElement('input');
    document.body.append(field);
    act(() => field.focus());
    expect(chord()).toBe(false);
    field.remove();
    act(() => h.jotai.set(tabAtom, 'wayfinding'));
    act(() => screen.getByTestId('canvas').focus());
    expect(chord()).toBe(false);
    expect(h.jotai.get(selectionAtom).size).toBe(0);
  });

  it('leaves copy, cut and paste to a text field that has the focus, and copy to text selected on the page', () => {
    const h = setup();
    const field = document.createElement('input');
    document.body.append(field);
    act(() => h.jotai.set(selectionAtom, new Set(['a0'])));
    act(() => field.focus());
    clipboard.setData('text/plain', 'typed');
    expect([clip('copy'), clip('cut'), clip('paste')]).toEqual([false, false, false]);
    expect(h.doc().locations).toHaveLength(3);
    expect(clipboard.getData('text/plain')).toBe('typed');
    expect(h.notices).toEqual([]);
    field.remove();
    // Text selected on the page is copied as text, not the selected locations.
    const hint = document.createElement('p');
    hint.textContent = 'Some words';
    document.body.append(hint);
    act(() => screen.getByTestId('canvas').focus());
    window.getSelection()!.selectAllChildren(hint);
    expect([clip('copy'), clip('cut')]).toEqual([false, false]);
    expect(h.doc().locations).toHaveLength(3);
    window.getSelection()!.removeAllRanges();
    expect(clip('copy')).toBe(true);
    expect(h.notices.at(-1)?.text).toBe('Copied 1 location: Ctrl/⌘+V pastes it, here or in another map.');
    hint.remove();
    // In a dialog over the editor, the keys are the dialog's.
    render(
      <Modal open onClose={() => undefined} labelledBy="t">
        <h2 id="t">Export</h2>
        <button type="button">Done</button>
      </Modal>,
    );
    act(() => screen.getByRole('button', { name: 'Done' }).focus());
    expect(clip('paste')).toBe(false);
    expect(h.doc().locations).toHaveLength(3);
  });

  it('keeps focus on Undo when it undoes the last step: said disabled, still focusable, doing nothing (and Redo alike)', () => {
    const h = setup();
    act(() => void h.store.dispatch(updateLocation, { id: 'a0', patch: { title: 'One' } }));
    const undo = screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement;
    const redo = screen.getByRole('button', { name: 'Redo' }) as HTMLButtonElement;
    expect(redo.getAttribute('aria-disabled')).toBe('true');
    undo.focus();
    fireEvent.click(undo);
    expect(h.doc().locations[0]!.title).toBe('Location 0');
    // A disabled button would drop focus to the page's body (Chromium does): this one keeps it.
    expect([undo.disabled, undo.getAttribute('aria-disabled'), redo.getAttribute('aria-disabled')]).toEqual([
      false,
      'true',
      null,
    ]);
    expect(document.activeElement).toBe(undo);
    fireEvent.click(undo);
    expect(h.notices).toEqual([]);
    redo.focus();
    fireEvent.click(redo);
    expect(h.doc().locations[0]!.title).toBe('One');
    expect([redo.disabled, redo.getAttribute('aria-disabled')]).toEqual([false, 'true']);
    expect(document.activeElement).toBe(redo);
  });

  it('says so when every step left was replaced by changes from elsewhere', () => {
    const h = setup();
    act(() => void h.store.dispatch(updateLocation, { id: 'a0', patch: { title: 'Mine' } }));
    act(() => h.store.applyRemote(updateLocation.perform(h.doc(), { id: 'a0', patch: { title: 'Theirs' } })));
    key('z', { ctrlKey: true });
    expect(h.doc().locations[0]!.title).toBe('Theirs');
    expect(h.notices.at(-1)).toMatchObject({ kind: 'info', text: expect.stringMatching(/Nothing left to undo/) });
  });

  it('tells a screen reader what Undo and Redo did, by key or button, naming the location and field', () => {
    const h = setup();
    act(() => void h.store.dispatch(moveLocations, { ids: ['a1'], by: [0.1, 0] }));
    act(() => void h.store.dispatch(updateLocation, { id: 'a0', patch: { title: 'One' } }));
    act(() => void h.store.dispatch(updateLocation, { id: 'a2', patch: { about: 'Two' } }));
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    key('z', { ctrlKey: true });
    expect(status.textContent!.trim()).toBe('Undone: Edit location: Location 2 (about).');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    // Named as the author knew it when editing: by its title before the edit.
    expect(status.textContent!.trim()).toBe('Undone: Edit location: Location 0 (title).');
    key('z', { ctrlKey: true });
    expect(status.textContent!.trim()).toBe('Undone: Move locations.');
    key('z', { ctrlKey: true, shiftKey: true });
    expect(status.textContent!.trim()).toBe('Redone: Move locations.');
    fireEvent.click(screen.getByRole('button', { name: 'Redo' }));
    expect(status.textContent!.trim()).toBe('Redone: Edit location: Location 0 (title).');
  });

  it('says the same words again: Ctrl+Shift+Z then Ctrl+Y over two steps of the same name', () => {
    const h = setup();
    act(() => void h.store.dispatch(updateLocation, { id: 'a0', patch: { about: 'One' } }));
    act(() => void h.store.dispatch(updateLocation, { id: 'a0', patch: { about: 'Two' } }));
    const status = screen.getByRole('status');
    key('z', { ctrlKey: true });
    key('z', { ctrlKey: true });
    key('z', { ctrlKey: true, shiftKey: true });
    const words = () => [...status.querySelectorAll('*')].find((n) => n.textContent);
    const first = words();
    expect(first?.textContent).toBe('Redone: Edit location: Location 0 (about).');
    key('y', { ctrlKey: true });
    expect(h.doc().locations[0]!.about).toBe('Two');
    // A new node, read whole as an addition: the same text left in place (or changed by a space) is not read again.
    expect(words()?.textContent).toBe('Redone: Edit location: Location 0 (about).');
    expect(words()).not.toBe(first);
    expect(first?.isConnected).toBe(false);
  });

  it('leaves Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y to a text field, its own undo of typing; a checkbox does not take them', () => {
    const h = setup();
    act(() => void h.store.dispatch(updateLocation, { id: 'a0', patch: { title: 'One' } }));
    const field = document.createElement('input');
    const box = document.createElement('input');
    box.type = 'checkbox';
    document.body.append(field, box);
    act(() => field.focus());
    const passed = (k: string, init: KeyboardEventInit) => fireEvent.keyDown(field, { key: k, ...init });
    // Not prevented: the browser undoes the field's typing, and the map keeps its edit.
    expect(passed('z', { ctrlKey: true })).toBe(true);
    expect(h.doc().locations[0]!.title).toBe('One');
    act(() => box.focus());
    key('z', { ctrlKey: true });
    expect(h.doc().locations[0]!.title).toBe('Location 0');
    act(() => field.focus());
    expect(passed('z', { ctrlKey: true, shiftKey: true })).toBe(true);
    expect(passed('y', { ctrlKey: true })).toBe(true);
    expect(h.doc().locations[0]!.title).toBe('Location 0');
    act(() => field.blur());
    field.remove();
    box.remove();
  });

  it('says "Nothing to undo." when Ctrl+Z finds nothing to undo, instead of leaving what the last Undo said', () => {
    const h = setup();
    act(() => void h.store.dispatch(updateLocation, { id: 'a0', patch: { title: 'One' } }));
    const status = screen.getByRole('status');
    key('z', { ctrlKey: true });
    expect(status.textContent!.trim()).toBe('Undone: Edit location: Location 0 (title).');
    key('z', { ctrlKey: true });
    expect(status.textContent!.trim()).toBe('Nothing to undo.');
    expect(h.doc().locations[0]!.title).toBe('Location 0');
    key('z', { ctrlKey: true, shiftKey: true });
    key('z', { ctrlKey: true, shiftKey: true });
    expect(status.textContent!.trim()).toBe('Nothing to redo.');
    expect(h.notices).toEqual([]);
  });
});
