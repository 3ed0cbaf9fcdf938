/** The import dialog's test harness, shared by its tests (each test file mocks the uploads itself). */
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { renderEditorPart } from '../editor.fixtures';
import { ImportDialog } from './ImportDialog';

/** The editor's File › Import… on a map (by default one blank floor); closing the dialog unmounts it, as the editor does. */
export function openImport(doc: MapDocument = blankDocument()) {
  function Dialog() {
    const [open, setOpen] = useState(true);
    return open ? <ImportDialog onClose={() => setOpen(false)} /> : null;
  }
  const h = renderEditorPart(
    <MemoryRouter>
      <Dialog />
    </MemoryRouter>,
    { doc },
  );
  return { ...h, before: h.doc() };
}
