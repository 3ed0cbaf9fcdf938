/**
 * Floor plans uploaded to the map's floors: the layers panel's buttons and drop zones, a file dropped or pasted on the
 * canvas and the empty floor's note all go through `useLayerUpload`. An image is uploaded as it is; a PDF is drawn
 * into an image per page first (`pdf-pages.ts`).
 */
import { useSetAtom } from 'jotai';
import type { Layer } from '@mapnest/shared/map-document';
import { addLayer, setMapSize, updateLayer } from '../actions/structure';
import { useEditor } from '../editor-context';
import { layerAtom, namingLayerAtom } from '../editor-state';
import { imageSize, uploadFile } from '../files-api';
import { newFloorId, newFloorName } from './layer-file';
import { isPdf, openPdf, type PdfPlan } from './pdf-pages';

/** An upload under way: the layer it goes to ('new' for a new floor) and how much of it is sent. */
export type UploadProgress = { layer: string; fraction: number };

/**
 * Uploading a floor plan to a layer (a new layer when `layerId` is null): the layers panel's buttons and drop zones
 * and a file dropped on the canvas all go through it. `onProgress` hears the upload's progress (null when done).
 */
export function useLayerUpload(onProgress: (p: UploadProgress | null) => void = () => undefined) {
  const { run, batch, notify, store } = useEditor();
  const setLayer = useSetAtom(layerAtom);
  const setNaming = useSetAtom(namingLayerAtom);
  const setProgress = onProgress;
  /**
   * Points a layer at a file (a new layer when `layerId` is null) and adopts the file's size when it differs: one
   * undo step, and nothing of it when a part is refused.
   */
  const applyFile = (
    layerId: string | null,
    url: string,
    name: string,
    size: { width: number; height: number } | null,
  ) => {
    let shown = null as string | null;
    let named = null as string | null;
    const done = batch('Set floor file', () => {
      const current = store.getState().doc;
      let id = layerId;
      if (id === null) {
        id = newFloorId(current.layers);
        const first = current.layers.length === 1 && current.layers[0]!.file === '' && current.locations.length === 0;
        if (first) {
          id = current.layers[0]!.id;
          if (!run(updateLayer, { id, patch: filledFloor(current.layers, id, url, name) })) return;
        } else {
          if (!run(addLayer, { layer: { id, name: newFloorName(name, current.layers), file: url } })) return;
          // The name is shown to visitors: its field is focused for the author to rename the floor there.
          named = id;
        }
        shown = id;
      } else if (!run(updateLayer, { id, patch: filledFloor(current.layers, id, url, name) })) return;
      if (!size) return;
      const s = store.getState().doc.settings;
      if (size.width === s.mapWidth && size.height === s.mapHeight) return;
      const others = store.getState().doc.layers.filter((l) => l.id !== id && l.file !== '');
      if (
        others.length === 0 ||
        window.confirm(
          `This file is ${size.width}×${size.height} px but the map is ${s.mapWidth}×${s.mapHeight} px. Every layer shares one size. Use the new file's size?`,
        )
      ) {
        run(setMapSize, size);
      }
    });
    if (done && shown !== null) setLayer(shown);
    if (done && named !== null) setNaming(named);
    return done;
  };

  /** An image uploaded to the layer (a new floor named after `floorName`); whether it became the floor's plan. */
  const uploadImage = async (file: File, layerId: string | null, floorName = file.name): Promise<boolean> => {
    setProgress({ layer: layerId ?? 'new', fraction: 0 });
    try {
      const size = await imageSize(file);
      const post = await uploadFile(file, (fraction) => setProgress({ layer: layerId ?? 'new', fraction }));
      // A floor the map refuses (its refusal is shown) is not said to be uploaded: the file is only in the library.
      if (!applyFile(layerId, post.fileUrl, floorName, size)) return false;
      notify(`Uploaded ${file.name}${size ? ` (${size.width}×${size.height} px)` : ''}.`, 'info');
      return true;
    } catch (err) {
      notify(said(err));
      return false;
    } finally {
      setProgress(null);
    }
  };

  /**
   * A floor plan (an image, or a PDF drawn into one per page) to the layer `layerId`, or as a new floor (null). A
   * PDF's other pages may become floors too (`morePages`): by default when the file adds a floor, not when it replaces
   * one floor's plan.
   */
  const upload = async (file: File, layerId: string | null, morePages = layerId === null) => {
    if (isPdf(file)) await uploadPdf(file, layerId, morePages, { image: uploadImage, notify, progress: setProgress });
    else await uploadImage(file, layerId);
  };

  return { applyFile, upload };
}

/**
 * What a floor takes from a plan `name`d as given: the plan's file; and, for a blank floor still called as it was made
 * ("Floor 1"), the floor's name when the plan names one ("Ground floor.svg", a PDF page titled "LEVEL 2 …"): the author
 * had not named it yet.
 */
function filledFloor(floors: readonly Layer[], id: string, url: string, name: string): Partial<Layer> {
  const floor = floors.find((l) => l.id === id);
  if (!floor || floor.file.trim() || !UNNAMED_FLOOR.test(floor.name)) return { file: url };
  const named = newFloorName(
    name,
    floors.filter((l) => l.id !== id),
  );
  return UNNAMED_FLOOR.test(named) ? { file: url } : { file: url, name: named };
}

/** The name a floor is given when nothing names it (`newFloorName`). */
const UNNAMED_FLOOR = /^Floor \d+$/;

const said = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** What uploading a PDF's pages uses of `useLayerUpload`: its upload of one image, its notices and its progress. */
interface PageUploads {
  image(file: File, layerId: string | null, floorName?: string): Promise<boolean>;
  notify(text: string, kind?: 'error' | 'info'): void;
  progress(p: UploadProgress | null): void;
}

/**
 * A PDF's pages as floor plans: its first page to the layer `layerId` (or a new floor); with `morePages`, a PDF of
 * several pages (a building's levels) gives a new floor of each of the others when the author says so. Each page is
 * drawn into an image and uploaded in turn; the first refusal stops the rest, and what was added stays.
 */
async function uploadPdf(file: File, layerId: string | null, morePages: boolean, to: PageUploads): Promise<void> {
  to.progress({ layer: layerId ?? 'new', fraction: 0 });
  let pdf: PdfPlan;
  try {
    pdf = await openPdf(file);
  } catch (err) {
    to.progress(null);
    to.notify(said(err));
    return;
  }
  const each =
    morePages &&
    pdf.pages > 1 &&
    window.confirm(
      `“${file.name}” has ${pdf.pages} pages. Add each page as a floor? (Cancel adds its first page only.)`,
    );
  try {
    const count = each ? pdf.pages : 1;
    for (let n = 1; n <= count; n++) {
      // Drawing a page takes a moment before its upload reports progress: the bar shows from the start, and a page
      // after the first says which it is (the floor's note that showed the bar is gone once the first is in).
      to.progress({ layer: layerId ?? 'new', fraction: 0 });
      if (n > 1) to.notify(`Adding page ${n} of ${count} of “${file.name}”…`, 'info');
      // A new floor is named after the level its page's title names ("Level 2"), else as any floor from a file.
      const { image, floor } = await pdf.page(n);
      if (!(await to.image(image, n === 1 ? layerId : null, floor ?? image.name))) return;
    }
  } catch (err) {
    to.notify(said(err));
  } finally {
    to.progress(null);
    void pdf.close();
  }
}
