/**
 * Floor plans uploaded to the map's floors: the layers panel's buttons and drop zones, a file dropped or pasted on the
 * canvas and the empty floor's note all go through `useLayerUpload`. An image is uploaded as it is; a PDF is drawn
 * into an image per page first (`plan-images/pdf-pages.ts`).
 */
import { useSetAtom } from 'jotai';
import { FILE_MAX_TEXT } from '@mapnest/shared/files';
import { MAP_LIMITS, type Layer, type Location, type MapDocument } from '@mapnest/shared/map-document';
import { addLayer, importLocations, setMapSize, updateLayer } from '../actions/structure';
import { useEditor } from '../editor-context';
import { layerAtom, namingLayerAtom } from '../editor-state';
import { filesApi, imageSize, uploadFile } from '../files-api';
import { byFileName, newFloorId, newFloorName } from './layer-file';
import {
  freshRooms,
  isPdf,
  openPdf,
  pdfImages,
  roomLocations,
  roomsQuestion,
  type PdfPlan,
  type RoomLabel,
} from './plan-images/pdf-pages';
import { fittingPlan, tooLargeImage } from './plan-images/fitted-image';

/** An upload under way: the layer it goes to ('new' for a new floor) and how much of it is sent. */
export type UploadProgress = { layer: string; fraction: number };

/**
 * Uploading a floor plan to a layer (a new layer when `layerId` is null): the layers panel's buttons and drop zones
 * and a file dropped on the canvas all go through it. `setProgress` hears the upload's progress (null when done).
 */
export function useLayerUpload(setProgress: (p: UploadProgress | null) => void = () => undefined) {
  const { run, batch, notify, store } = useEditor();
  const setLayer = useSetAtom(layerAtom);
  const setNaming = useSetAtom(namingLayerAtom);
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

  const send = (file: File, layer: string) => sendPlan(file, layer, setProgress, notify);

  /**
   * Plans sent, as floors in one undo step: the first to the layer `layerId` (a new floor when null), each other a new
   * floor after it. None of them when the map refuses one (its refusal is shown, and the batch rolls back).
   */
  const place = (layerId: string | null, plans: readonly SentPlan[], label: string): string | null => {
    // A PDF plan's rooms' numbers with no location yet may become locations, in the same step, if the author says so.
    const { locations } = store.getState().doc;
    const fresh = plans.map((p, i) => freshRooms(locations, i === 0 ? layerId : null, p.rooms ?? []));
    const rooms = fresh.flat();
    const withRooms = rooms.length > 0 && window.confirm(roomsQuestion(fresh));
    const placed = batch(label, () => {
      plans.forEach((p, i) => void applyFile(i === 0 ? layerId : null, p.url, p.floor ?? p.name, p.size));
      if (withRooms) run(importLocations, { locations: roomsOf(store.getState().doc, plans, fresh), mode: 'add' });
    });
    if (!placed) return null;
    // Of several floors added, the map shows the first (each floor added showed itself in turn: the last stayed).
    if (plans.length > 1) setLayer(store.getState().doc.layers.find((l) => l.file === plans[0]!.url)!.id);
    return withRooms ? `, and ${rooms.length} locations at the rooms’ numbers` : '';
  };

  /** An image uploaded as the plan of the layer `layerId` (a new floor when null). */
  const uploadImage = async (file: File, layerId: string | null) => {
    setProgress({ layer: layerId ?? 'new', fraction: 0 });
    try {
      const plan = await send(file, layerId ?? 'new');
      // A floor the map refuses (its refusal is shown) is not said to be uploaded: the file is only in the library.
      if (place(layerId, [plan], 'Set floor file') !== null)
        notify(`Uploaded ${file.name}${pixels(plan.size)}.${shrunk([plan])}`, 'info');
    } catch (err) {
      notify(said(err));
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
    if (isPdf(file)) await uploadPdf(file, layerId, morePages, { send, place, notify, progress: setProgress });
    else await uploadImage(file, layerId);
  };

  /**
   * Floor plans given together ("Level 1.png", "Level 2.png", a PDF of a wing's levels): the first to the layer
   * `layerId` (a new floor when null), the others new floors, in their names' order; one file is `upload`'s.
   */
  const uploadAll = async (files: readonly File[], layerId: string | null) => {
    if (files.length === 1) await upload(files[0]!, layerId, true);
    else if (files.length > 1) await uploadSeveral(files, layerId, { send, place, notify, progress: setProgress });
  };

  return { applyFile, upload, uploadAll };
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

/**
 * An image sent to the file library, its upload's progress shown against `layer`: its address and size. An image over
 * the upload limit (a scanner's PNG) is sent as a copy that fits, said so (`fittingPlan`).
 */
async function sendPlan(
  file: File,
  layer: string,
  progress: (p: UploadProgress | null) => void,
  notify: (text: string, kind?: 'error' | 'info') => void,
): Promise<SentPlan> {
  let image = file;
  let said: string | undefined;
  if (tooLargeImage(file)) {
    notify(`Making “${file.name}” smaller to fit the ${FILE_MAX_TEXT} upload limit…`, 'info');
    ({ image, said } = await fittingPlan(file));
  }
  const size = await imageSize(image);
  const post = await uploadFile(image, (fraction) => progress({ layer, fraction }));
  return { url: post.fileUrl, key: post.key, size, name: file.name, said };
}

/** The sentences of the plans sent as smaller copies, to end a notice (or ''). */
const shrunk = (plans: readonly SentPlan[]) => plans.flatMap((p) => (p.said ? [` ${p.said}`] : [])).join('');

/** A location at each of `rooms` (by plan), on the floor each plan became in `doc`. */
function roomsOf(doc: MapDocument, plans: readonly SentPlan[], rooms: readonly RoomLabel[][]): Location[] {
  const floors = plans.map((p, i) => ({ layer: doc.layers.find((l) => l.file === p.url)!.id, rooms: rooms[i]! }));
  return roomLocations(floors, new Set(doc.locations.map((l) => l.id)));
}

const said = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** A plan in the file library, not yet a floor's: its address, size, file name and the floor its page names. */
interface SentPlan {
  url: string;
  /** Its key in the library. */
  key: string;
  size: { width: number; height: number } | null;
  name: string;
  floor?: string | null;
  /** A PDF page's rooms' numbers. */
  rooms?: readonly RoomLabel[];
  /** That a smaller copy of the image was sent, in a sentence (`fittingPlan`). */
  said?: string;
}

const pixels = (size: SentPlan['size']) => (size ? ` (${size.width}×${size.height} px)` : '');

/** What uploading several plans uses of `useLayerUpload`: its sending, its placing of floors, notices and progress. */
interface PageUploads {
  send(file: File, layer: string): Promise<SentPlan>;
  /** Null when the map refused them; else what was added beside the floors, in words to end a notice (or ''). */
  place(layerId: string | null, plans: readonly SentPlan[], label: string): string | null;
  notify(text: string, kind?: 'error' | 'info'): void;
  progress(p: UploadProgress | null): void;
}

/**
 * The plans `read` reads and sends one by one into its list, or null when one could not be read or sent (said, and
 * nothing of them placed); the upload's progress ends either way. The plans sent before one failed are taken out of
 * the library again: the author gives the files again, and a PDF's first pages would be there twice (each upload is a
 * new file, used nowhere yet).
 */
async function sentPlans(to: PageUploads, read: (sent: SentPlan[]) => Promise<void>): Promise<SentPlan[] | null> {
  const sent: SentPlan[] = [];
  try {
    await read(sent);
    return sent;
  } catch (err) {
    to.notify(said(err));
    // Not awaited: the refusal is said at once. One not removed (the connection lost) stays in the library.
    for (const plan of sent) void filesApi.remove(plan.key).catch(() => undefined);
    return null;
  } finally {
    to.progress(null);
  }
}

/**
 * A PDF's pages as floor plans: its first page to the layer `layerId` (or a new floor); with `morePages`, a PDF of
 * several pages (a building's levels) gives a new floor of each of the others when the author says so. Each page is
 * drawn into an image and uploaded in turn; then the floors are added together, one undo step, named after the levels
 * their pages' titles name ("Level 2"), else as any floor from a file. A page that cannot be drawn or uploaded stops
 * it before anything changes on the map.
 */
async function uploadPdf(file: File, layerId: string | null, morePages: boolean, to: PageUploads): Promise<void> {
  const layer = layerId ?? 'new';
  to.progress({ layer, fraction: 0 });
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
  const count = each ? pdf.pages : 1;
  const plans = await sentPlans(to, async (sent) => {
    try {
      for (let n = 1; n <= count; n++) {
        // Drawing a page takes a moment before its upload reports progress: the bar shows from the start.
        to.progress({ layer, fraction: 0 });
        if (count > 1) to.notify(`Reading page ${n} of ${count} of “${file.name}”…`, 'info');
        const { image, floor, rooms } = await pdf.page(n);
        sent.push({ ...(await to.send(image, layer)), floor, rooms });
      }
    } finally {
      void pdf.close();
    }
  });
  if (!plans) return;
  const label = count > 1 ? `Add floors from ${file.name}` : 'Set floor file';
  const added = to.place(layerId, plans, label);
  if (added === null) return;
  to.notify(
    count > 1
      ? `Added ${count} floors from “${file.name}”${pixels(plans[0]!.size)}${added}.`
      : `Uploaded ${plans[0]!.name}${pixels(plans[0]!.size)}${added}.`,
    'info',
  );
}

/**
 * Several floor plans as floors in one undo step, in their names' order: each image a floor, each PDF a floor per page
 * (named after its title's level). Each is read and uploaded first ("Reading 2 of 3: “Level 2.png”…"); one that
 * cannot be leaves the map as it was.
 */
async function uploadSeveral(files: readonly File[], layerId: string | null, to: PageUploads): Promise<void> {
  const sorted = [...files].sort(byFileName);
  const layer = layerId ?? 'new';
  const plans = await sentPlans(to, async (sent) => {
    for (const [i, file] of sorted.entries()) {
      to.notify(`Reading ${i + 1} of ${sorted.length}: “${file.name}”…`, 'info');
      to.progress({ layer, fraction: 0 });
      if (!isPdf(file)) sent.push(await to.send(file, layer));
      else
        for (const { image, floor, rooms } of await pdfImages(file, MAP_LIMITS.layers))
          sent.push({ ...(await to.send(image, layer)), floor, rooms });
    }
  });
  if (!plans) return;
  const added = to.place(layerId, plans, `Add ${plans.length} floors`);
  if (added !== null)
    to.notify(
      `Added ${plans.length} floors from ${sorted.map((f) => `“${f.name}”`).join(', ')}${added}.${shrunk(plans)}`,
      'info',
    );
}
