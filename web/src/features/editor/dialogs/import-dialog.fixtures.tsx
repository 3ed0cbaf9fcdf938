/** The import dialog's test harness, shared by its tests (each test file mocks the uploads itself). */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, type Mock } from 'vitest';
import type { FileUpload } from '@mapnest/shared/files';
import { MemoryRouter } from 'react-router';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import type { FloorShape } from '../../../viewer/stage/base-layer';
import type { EditorCanvas } from '../canvas/canvas';
import { disposeHarnesses, renderEditorPart } from '../editor.fixtures';
import { ImportDialog } from './ImportDialog';

/**
 * The editor's File › Import… on a map (by default one blank floor), with more of the canvas than `reveal` where a test
 * needs it (the floors' shapes), opened with `files` as a paste opens it; closing the dialog unmounts it, as the editor
 * does. */
export function openImport(doc: MapDocument = blankDocument(), canvas?: Partial<EditorCanvas>, files?: File[]) {
  function Dialog() {
    const [open, setOpen] = useState(true);
    return open ? <ImportDialog files={files} onClose={() => setOpen(false)} /> : null;
  }
  const h = renderEditorPart(
    <MemoryRouter>
      <Dialog />
    </MemoryRouter>,
    { doc, canvas },
  );
  return { ...h, before: h.doc() };
}

/** Picks `files` in the file input with test id `testId`, as the browser's file chooser does. */
export const pick = (testId: string, files: File[]) =>
  fireEvent.change(screen.getByTestId(testId), { target: { files } });
/** The import dialog, while it is open. */
/** A floor's drawing's shapes, as the canvas reads them: these ids, with no names. */
export const drawn = (...ids: string[]): FloorShape[] => ids.map((id) => ({ id }));

export const dialog = () => screen.queryByRole('dialog', { name: 'Import' });
/** The button that replaces the map with what was picked. */
export const replaceButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Replace this map with it' });

/** Answers like the file library: the stored file's URL. */
export const stored = (file: File) => ({ fileUrl: `/files/u/files/${file.name}` }) as FileUpload;

/**
 * Each test of the file starts with `upload` (the file's own mock of uploadFile) answering as the library does, and
 * ends with the dialog unmounted and its editor harness disposed.
 */
export function uploadsLikeTheLibrary(upload: Mock<(file: File) => Promise<FileUpload>>): void {
  beforeEach(() => {
    upload.mockReset();
    upload.mockImplementation(async (file) => stored(file));
  });
  afterEach(() => {
    cleanup();
    disposeHarnesses();
  });
}
