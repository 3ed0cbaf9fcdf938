import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { filePickerAtom, layerAtom, tabAtom, toolAtom } from '../editor-state';
import { disposeHarnesses, renderEditorPart } from '../editor.fixtures';
import { filesApi, uploadFile } from '../files-api';
import { EmptyFloor } from './EmptyFloor';

vi.mock('../files-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../files-api')>()),
  imageSize: async () => ({ width: 1600, height: 1000 }),
  // The library's keys have no spaces (the upload makes them so).
  uploadFile: vi.fn(async (file: File) => {
    const key = `user-1/files/${file.name.replace(/ /g, '-')}`;
    return { key, fileUrl: `/files/${key}` };
  }),
}));
vi.spyOn(filesApi, 'remove').mockResolvedValue({ ok: true } as never);

afterEach(() => {
  cleanup();
  disposeHarnesses();
});

const note = () => screen.queryByRole('note', { name: 'This floor has no plan yet' });

describe('EmptyFloor', () => {
  it('says where a new blank map’s floor plan goes, and uploads it into that floor, not a second one beside it', async () => {
    const h = renderEditorPart(<EmptyFloor />, { doc: blankDocument() });
    expect(note()).toBeTruthy();
    const input = note()!.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toContain('image/svg+xml');
    const plan = new File(['<svg/>'], 'level-1.svg', { type: 'image/svg+xml' });
    fireEvent.change(input, { target: { files: [plan] } });
    await waitFor(() =>
      expect(h.doc().layers).toEqual([expect.objectContaining({ file: '/files/user-1/files/level-1.svg' })]),
    );
    // The map takes the plan's size, and the note goes: the floor has its plan.
    expect(h.doc().settings).toMatchObject({ mapWidth: 1600, mapHeight: 1000 });
    expect(note()).toBeNull();
    expect(h.notices).toContainEqual({ text: 'Uploaded level-1.svg (1600×1000 px).', kind: 'info' });
  });

  it('takes a plan per level picked together as floors, in their names’ order, in one undo step', async () => {
    const h = renderEditorPart(<EmptyFloor />, { doc: blankDocument() });
    const input = note()!.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.multiple).toBe(true);
    const plan = (name: string) => new File(['<svg/>'], name, { type: 'image/svg+xml' });
    fireEvent.change(input, { target: { files: [plan('Level 10.svg'), plan('Level 2.svg'), plan('Basement.svg')] } });
    await waitFor(() => expect(h.doc().layers).toHaveLength(3));
    // The blank floor, not named yet, takes the first plan's name; "Level 2" comes before "Level 10".
    expect(h.doc().layers.map((l) => [l.name, l.file])).toEqual([
      ['Basement', '/files/user-1/files/Basement.svg'],
      ['Level 2', '/files/user-1/files/Level-2.svg'],
      ['Level 10', '/files/user-1/files/Level-10.svg'],
    ]);
    expect(h.notices.at(-1)).toEqual({
      text: 'Added 3 floors from “Basement.svg”, “Level 2.svg”, “Level 10.svg”.',
      kind: 'info',
    });
    // The map shows the first of them.
    expect(h.jotai.get(layerAtom)).toBe(h.doc().layers[0]!.id);
    act(() => void h.store.undo());
    expect(h.doc().layers).toEqual(blankDocument().layers);
  });

  it('adds none of the plans picked together when one cannot be uploaded, says why, and takes those sent out of the library', async () => {
    const h = renderEditorPart(<EmptyFloor />, { doc: blankDocument() });
    const input = note()!.querySelector('input[type=file]') as HTMLInputElement;
    const plan = (name: string) => new File(['<svg/>'], name, { type: 'image/svg+xml' });
    vi.mocked(uploadFile)
      .mockResolvedValueOnce({ key: 'user-1/files/Level-1.svg', fileUrl: '/files/user-1/files/Level-1.svg' } as Awaited<
        ReturnType<typeof uploadFile>
      >)
      .mockRejectedValueOnce(new Error('The file is 12.0 MB, over the 10 MB upload limit'));
    fireEvent.change(input, { target: { files: [plan('Level 1.svg'), plan('Level 2.svg'), plan('Level 3.svg')] } });
    await waitFor(() =>
      expect(h.notices.at(-1)).toEqual({ text: 'The file is 12.0 MB, over the 10 MB upload limit', kind: 'error' }),
    );
    expect(h.doc()).toEqual(blankDocument());
    expect(note()).toBeTruthy();
    // Given again, "Level 1.svg" would be in the library twice.
    expect(filesApi.remove).toHaveBeenCalledWith('user-1/files/Level-1.svg');
    expect(filesApi.remove).toHaveBeenCalledTimes(1);
  });

  it('takes a plan from the library into the floor', async () => {
    const h = renderEditorPart(<EmptyFloor />, { doc: blankDocument() });
    fireEvent.click(within(note()!).getByRole('button', { name: 'From library…' }));
    const picker = h.jotai.get(filePickerAtom);
    expect(picker).not.toBeNull();
    act(() => picker!.onPick('/files/user-1/site.png', { name: 'site.png', contentType: 'image/png', size: 10 }));
    await waitFor(() => expect(h.doc().layers.map((l) => l.file)).toEqual(['/files/user-1/site.png']));
    expect(note()).toBeNull();
  });

  it('is not shown on a floor with a plan, locations or paths, or while locations are being placed', () => {
    const doc = blankDocument();
    doc.layers.push({ id: 'upper', name: 'Upper', file: '' });
    doc.locations = [{ id: 'desk', coord: [0.5, 0.5], layer: 'upper' }];
    const h = renderEditorPart(<EmptyFloor />, { doc });
    // The first floor is blank and empty; the upper one has a location on it.
    expect(note()).toBeTruthy();
    act(() => h.jotai.set(layerAtom, 'upper'));
    expect(note()).toBeNull();
    act(() => h.jotai.set(layerAtom, doc.layers[0]!.id));
    act(() => h.jotai.set(toolAtom, 'add'));
    expect(note()).toBeNull();
    act(() => h.jotai.set(toolAtom, 'select'));
    expect(note()).toBeTruthy();
    // Drawing paths on it.
    act(() => h.jotai.set(tabAtom, 'wayfinding'));
    expect(note()).toBeNull();
  });

  it('is not shown over a blank floor whose locations are on every floor', () => {
    const doc = blankDocument();
    doc.locations = [{ id: 'desk', coord: [0.5, 0.5] }];
    renderEditorPart(<EmptyFloor />, { doc });
    expect(note()).toBeNull();
  });
});
