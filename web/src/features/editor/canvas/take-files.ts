/**
 * Files given to the map, dropped on it or pasted on it: floor plans (images, or a PDF with a page per floor) become
 * new layers, as on the layers panel's drop zone, the first the plan of the floor shown when it has none (and
 * nothing on it); any other files (a CSV or Excel file, GeoJSON or KML, a Mapnest map, a Mapplic export with
 * its plans) open the Import dialog on them.
 */
import { useSetAtom } from 'jotai';
import { dialogAtom, importFilesAtom, tabAtom } from '../editor-state';
import { useLayerUpload } from '../panels/layer-upload';
import { isPdf } from '../panels/plan-images/pdf-pages';
import { useEmptyFloor } from './EmptyFloor';

/** A floor plan (an image or a PDF), by a file's type or name (while files are dragged, only their types are known). */
export const isFloorPlan = (file: { type: string; name?: string }) =>
  file.type.startsWith('image/') || isPdf(file) || /\.(svg|png|jpe?g|webp|gif)$/i.test(file.name ?? '');

/** What the map does with `files`: floors for floor plans (`uploadAll`), else the Import dialog on them. */
export function useTakeFiles(): (files: readonly File[]) => void {
  const setTab = useSetAtom(tabAtom);
  const setDialog = useSetAtom(dialogAtom);
  const setImportFiles = useSetAtom(importFilesAtom);
  const { uploadAll } = useLayerUpload();
  const emptyFloor = useEmptyFloor();
  return (files) => {
    if (files.length === 0) return;
    if (files.every(isFloorPlan)) {
      setTab('layers');
      // On a floor that says it has no plan yet, the first plan dropped is that floor's (the others new floors).
      void uploadAll(files, emptyFloor);
    } else {
      setImportFiles(files);
      setDialog('import');
    }
  };
}
