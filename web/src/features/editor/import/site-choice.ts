/**
 * What the author has chosen of a Mapplic site so far, and making the map from it. Picks add up: every pick (files,
 * a folder, a .zip) adds to the files picked before, a file picked again counts once, and the site is read again
 * from all of them, so the images can come before or after the JSON and the plans that name them. A file can be taken
 * out again. Nothing is uploaded until the map is made (`buildMapplicSite`), but every file it would upload goes
 * through the upload's own checks as soon as it is picked (ADR 075): a plan they refuse stops the import there and
 * then, named beside its file; an image the browser's check or the server refuses does not stop the import as a plan
 * does: the author decides to import without it, or cancels.
 */
import type { MapDocument } from '@mapnest/shared/map-document';
import { counted } from '../../../lib/words';
import { FILE_MAX_BYTES, FILE_MAX_TEXT } from '@mapnest/shared/files';
import { imageSize, pickedFileProblem, uploadFile, uploadProblem } from '../files-api';
import { fittingPlan, tooLargeImage } from '../panels/plan-images/fitted-image';
import { embedSiteImages } from './linked-images';
import {
  displayName,
  expandFiles,
  fileKey,
  floorSizes,
  holdsExport,
  missingFloors,
  readSite,
  siteDocument,
  type MapplicSite,
  type SiteFloor,
  type Size,
} from './mapplic-site';

export interface MapplicSiteChoice {
  /** Every file picked so far (a .zip as the files inside it), in the order picked. */
  files: readonly File[];
  /** The plans the author chose for a floor by hand (Choose file… or Replace…), by layer id. */
  chosen: ReadonlyMap<string, File>;
  /** The site read from the files; null until they hold its JSON. */
  site: MapplicSite | null;
  reading: boolean;
  /** Why the last pick could not be taken (it changed nothing). */
  error: string | null;
  /** Each floor's plan size, once measured (null: not an image whose size can be read). */
  sizes: ReadonlyMap<string, Size | null>;
  /** The map's size, when the plans disagree and the author chose. */
  chosenSize: Size | null;
  /** Floors the author chose to leave without a plan. */
  leftBlank: ReadonlySet<string>;
  /** The locations' images that cannot be uploaded (the browser's check, or the server's refusal), with why. */
  refused: ReadonlyMap<File, string>;
  /** The floors whose plan the upload would refuse (the browser's check), with why, by layer id: the import waits. */
  refusedPlans: ReadonlyMap<string, string>;
  /** Refused images the author chose to import without. */
  withoutImages: ReadonlySet<File>;
  /** Files an earlier try uploaded, with their URLs: trying again does not upload them twice. */
  uploaded: ReadonlyMap<File, string>;
}

export const EMPTY_SITE_CHOICE: MapplicSiteChoice = {
  files: [],
  chosen: new Map(),
  site: null,
  reading: false,
  error: null,
  sizes: new Map(),
  chosenSize: null,
  leftBlank: new Set(),
  refused: new Map(),
  refusedPlans: new Map(),
  withoutImages: new Set(),
  uploaded: new Map(),
};

/** The map's size: the plans' one size, the author's choice when they disagree, else the export's. */
export function siteSize(v: MapplicSiteChoice): Size | null {
  const sizes = floorSizes(v.sizes);
  if (sizes.length === 1) return sizes[0]!.size;
  return sizes.length > 1 ? v.chosenSize : null;
}

/** The refused images the author has not yet chosen to import without. */
export const undecidedImages = (v: MapplicSiteChoice): File[] =>
  [...v.refused.keys()].filter((f) => !v.withoutImages.has(f));

/** What the refused images still stop, or null: each named with why. */
export function imagesProblem(v: MapplicSiteChoice): string | null {
  const open = undecidedImages(v);
  if (open.length === 0) return null;
  const list = open.map((f) => `${displayName(f)} (${v.refused.get(f)})`).join(', ');
  return `${open.length === 1 ? 'This image cannot be uploaded' : `${open.length} images cannot be uploaded`}: ${list}. Import without ${open.length === 1 ? 'it' : 'them'}, or cancel.`;
}

/** What the plans the upload would refuse stop, or null: each floor named with its file and why. */
export function plansProblem(v: MapplicSiteChoice): string | null {
  const refused = (v.site?.floors ?? []).filter((f) => f.file && v.refusedPlans.has(f.layerId));
  if (refused.length === 0) return null;
  const one = refused.length === 1;
  const list = refused
    .map((f) => `${displayName(f.file!)} for ${f.name} (${v.refusedPlans.get(f.layerId)})`)
    .join(', ');
  return `${one ? 'This floor plan cannot be uploaded' : `${refused.length} floor plans cannot be uploaded`}: ${list}. Replace ${one ? 'it' : 'them'}, or remove ${one ? 'it' : 'them'} and leave ${one ? 'the floor' : 'those floors'} without a plan.`;
}

/** What still stops the map from being made, or null. */
export function siteProblem(v: MapplicSiteChoice): string | null {
  if (v.reading) return 'The files are still being read.';
  if (!v.site)
    return v.files.length > 0
      ? 'Add the Mapplic export itself: the .json file of the map.'
      : 'Choose the Mapplic export (.json) with its floor files, a folder or a .zip.';
  if (v.site.documentProblem) return v.site.documentProblem;
  const plans = plansProblem(v);
  if (plans) return plans;
  const missing = missingFloors(v.site.floors, v.leftBlank);
  if (missing.length > 0)
    return `Floor files still missing: ${missing.map((f) => `${f.name} (${f.wanted})`).join(', ')}. Add them, or leave those floors without a plan.`;
  if (floorSizes(v.sizes).length > 1 && !v.chosenSize)
    return 'The floor plans have different sizes: choose the size of the map.';
  return imagesProblem(v);
}

/** The floors whose files `buildMapplicSite` uploads. */
export const floorsToUpload = (v: MapplicSiteChoice) =>
  (v.site?.floors ?? []).filter((f): f is SiteFloor & { file: File } => !!f.file && !v.leftBlank.has(f.layerId));

/** The locations' images that are uploaded with the site: those the author did not choose to leave out. */
export const imagesToUpload = (v: MapplicSiteChoice): [string, File][] =>
  [...(v.site?.images ?? [])].filter(([, f]) => !v.withoutImages.has(f));

/**
 * A failed upload of the site's files: the map is not made. It carries what was uploaded before it, so a second try
 * does not upload it again, and the images the server refused, which the author may import without.
 */
export class SiteUploadError extends Error {
  constructor(
    message: string,
    readonly uploaded: ReadonlyMap<File, string>,
    readonly refused: ReadonlyMap<File, string> = new Map(),
  ) {
    super(message);
  }
}

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Uploads `file` (or what `prepare` makes of it) unless an earlier try did; its URL. */
async function uploadOnce(
  file: File,
  uploaded: Map<File, string>,
  signal?: AbortSignal,
  prepare: (file: File) => Promise<File> = async (f) => f,
): Promise<string> {
  const known = uploaded.get(file);
  if (known) return known;
  const url = (await uploadFile(await prepare(file), undefined, signal)).fileUrl;
  uploaded.set(file, url);
  return url;
}

/**
 * Uploads the locations' images (those not left out), each refusal noted rather than stopping the others: their
 * uploaded URLs by file key. Throws a SiteUploadError naming every image the server refused.
 */
async function uploadImages(
  v: MapplicSiteChoice,
  uploaded: Map<File, string>,
  signal?: AbortSignal,
): Promise<Map<string, string>> {
  const imageUrls = new Map<string, string>();
  const refused = new Map<File, string>();
  for (const [key, file] of imagesToUpload(v)) {
    signal?.throwIfAborted();
    try {
      imageUrls.set(key, await uploadOnce(file, uploaded, signal));
    } catch (e) {
      if (signal?.aborted) throw e;
      refused.set(file, reason(e));
    }
  }
  if (refused.size > 0) {
    const problem = imagesProblem({ ...v, refused, withoutImages: new Set() })!;
    throw new SiteUploadError(problem.replace('cannot be uploaded', 'was refused by the server'), uploaded, refused);
  }
  return imageUrls;
}

/**
 * Uploads the floor files and the locations' images and makes the document (called when the map is created, or when
 * the editor's Import replaces the open map). A plan that cannot be uploaded stops it; a refused image stops it until
 * the author chooses to import without it. `signal` stops the uploads when the author gives up waiting.
 */
export async function buildMapplicSite(v: MapplicSiteChoice, signal?: AbortSignal): Promise<MapDocument> {
  const problem = siteProblem(v);
  if (problem || !v.site) throw new Error(problem ?? 'Choose the Mapplic export.');
  const uploaded = new Map(v.uploaded);
  const urls = new Map<string, string>();
  for (const floor of floorsToUpload(v)) {
    signal?.throwIfAborted();
    try {
      urls.set(floor.layerId, await uploadOnce(floor.file, uploaded, signal, fittedPlan));
    } catch (e) {
      if (signal?.aborted) throw e;
      throw new SiteUploadError(`The floor “${floor.name}” (${floor.file.name}): ${reason(e)}`, uploaded);
    }
  }
  return siteDocument(v.site, urls, siteSize(v), await uploadImages(v, uploaded, signal));
}

/**
 * The site's document for "Add its locations only": the location images picked with it uploaded and pointed at,
 * the old site's addresses not picked (or left out) taken out. Its floors do not matter (the map keeps its own), nor
 * does the size of the map the whole export would make: only its locations are added, and the dialog measures the
 * open map with them.
 */
export async function buildSiteLocations(v: MapplicSiteChoice, signal?: AbortSignal): Promise<MapDocument> {
  const problem = v.site ? imagesProblem(v) : siteProblem(v);
  if (problem || !v.site) throw new Error(problem ?? 'Choose the Mapplic export.');
  return siteDocument(v.site, new Map(), null, await uploadImages(v, new Map(v.uploaded), signal));
}

/** The choice after a failed build: what it uploaded kept, the images the server refused listed; null otherwise. */
export function afterFailedUpload(v: MapplicSiteChoice, error: unknown): MapplicSiteChoice | null {
  if (!(error instanceof SiteUploadError)) return null;
  return {
    ...v,
    uploaded: new Map([...v.uploaded, ...error.uploaded]),
    refused: new Map([...v.refused, ...error.refused]),
  };
}

const sizeCache = new WeakMap<File, Size | null>();
const problemCache = new WeakMap<File, string | null>();

/** Each floor's plan size (a file measured once). */
async function measure(site: MapplicSite): Promise<Map<string, Size | null>> {
  const sizes = new Map<string, Size | null>();
  for (const f of site.floors) {
    if (!f.file) continue;
    if (!sizeCache.has(f.file)) sizeCache.set(f.file, await imageSize(f.file).catch(() => null));
    sizes.set(f.layerId, sizeCache.get(f.file)!);
  }
  return sizes;
}

/**
 * A floor's plan as it is uploaded: an image over the upload limit as a copy that fits (ADR 123). The map keeps the
 * size the export's plans have: a floor's image is drawn at the map's size, so the copy covers the same places.
 */
const fittedPlan = async (file: File) => (tooLargeImage(file) ? (await fittingPlan(file)).image : file);

/**
 * Why the upload would refuse a floor's plan, or null: an image over the upload limit is sent as a copy that fits, so
 * only its type and contents count.
 */
const checkedPlan = (file: File) =>
  tooLargeImage(file) ? pickedFileProblem(file, FILE_MAX_BYTES).catch(reason) : checked(file);

/** Why the upload would refuse a file (its size, type, contents, an SVG's budget), or null; a file checked once. */
async function checked(file: File): Promise<string | null> {
  if (!problemCache.has(file)) problemCache.set(file, await uploadProblem(file).catch(reason));
  return problemCache.get(file)!;
}

/** The site's images the browser's check refuses (size, type, contents), with why; the server's refusals kept. */
async function refusals(site: MapplicSite, before: ReadonlyMap<File, string>): Promise<Map<File, string>> {
  const out = new Map<File, string>();
  for (const file of site.images.values()) {
    const problem = (await checked(file)) ?? before.get(file);
    if (problem) out.set(file, problem);
  }
  return out;
}

/**
 * The floors whose plan (as it would be uploaded: its linked images embedded) the upload's checks refuse, with why.
 * Said when the files are picked, not on Create: a plan is essential to its floor, so the import waits for another.
 */
async function planRefusals(site: MapplicSite): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const floor of site.floors) {
    const problem = floor.file && (await checkedPlan(floor.file));
    if (problem) out.set(floor.layerId, problem);
  }
  return out;
}

/** Whether two picked files are the same one: the same path, or the same name, size and date. */
const sameFile = (a: File, b: File) =>
  displayName(a) === displayName(b) || (a.name === b.name && a.size === b.size && a.lastModified === b.lastModified);
const isJson = (f: File) => /\.json$/i.test(f.name);

/** The files picked before with a pick added: a file picked again replaces its earlier copy, a JSON the earlier one. */
export function addFiles(before: readonly File[], added: readonly File[]): File[] {
  const newExport = added.some(isJson);
  const kept = before.filter((b) => !added.some((a) => sameFile(a, b)) && !(newExport && isJson(b)));
  return [...kept, ...added];
}

/** The site read from these files: the ones picked last win a floor or an image named twice. */
async function readFiles(
  v: MapplicSiteChoice,
  files: readonly File[],
  chosen: ReadonlyMap<string, File>,
): Promise<MapplicSiteChoice> {
  if (!holdsExport(files))
    return {
      ...v,
      files,
      chosen,
      site: null,
      sizes: new Map(),
      refused: new Map(),
      refusedPlans: new Map(),
      reading: false,
      error: null,
    };
  const latestFirst = [...files].reverse();
  const read = await readSite(latestFirst);
  const floors = read.floors.map((f) => {
    const file = chosen.get(f.layerId);
    return file ? { ...f, file } : f;
  });
  // A file its floor's hand-chosen plan stands in for is not used; the list keeps the order of the picks.
  const used = new Set<File | null>([...floors.map((f) => f.file), ...read.images.values()]);
  const unused = files.filter((f) => !isJson(f) && !used.has(f)).map(displayName);
  const site0 = { ...read, floors, unused };
  const sizes = await measure(site0);
  const site = await embedSiteImages(site0, latestFirst);
  const leftBlank = new Set([...v.leftBlank].filter((id) => site.floors.some((f) => f.layerId === id && !f.file)));
  const refused = await refusals(site, v.refused);
  const refusedPlans = await planRefusals(site);
  const withoutImages = new Set([...v.withoutImages].filter((f) => refused.has(f)));
  const kept = floorSizes(sizes).some(
    (s) => s.size.width === v.chosenSize?.width && s.size.height === v.chosenSize.height,
  );
  const chosenSize = kept ? v.chosenSize : null;
  return {
    ...v,
    files,
    chosen,
    site,
    sizes,
    leftBlank,
    refused,
    refusedPlans,
    withoutImages,
    chosenSize,
    reading: false,
    error: null,
  };
}

/**
 * The choice after a pick of files, added to those picked before. A pick that cannot be read (a damaged .zip, a JSON
 * that is not a Mapplic map, two JSONs at once) changes nothing and says why; a hand-chosen plan gives way to a file
 * of the pick that its floor names.
 */
export async function pickSiteFiles(current: MapplicSiteChoice, picked: readonly File[]): Promise<MapplicSiteChoice> {
  try {
    const added = await expandFiles(picked);
    const wanted = new Map(current.site?.floors.map((f) => [f.layerId, f.wanted]));
    const chosen = new Map(
      [...current.chosen].filter(([id]) => !added.some((f) => fileKey(f.name) === wanted.get(id))),
    );
    return await readFiles(current, addFiles(current.files, added), chosen);
  } catch (e) {
    return { ...current, reading: false, error: reason(e) };
  }
}

/** The choice without one of its picked files. */
export async function removeSiteFile(current: MapplicSiteChoice, file: File): Promise<MapplicSiteChoice> {
  try {
    return await readFiles(
      current,
      current.files.filter((f) => f !== file),
      current.chosen,
    );
  } catch (e) {
    return { ...current, reading: false, error: reason(e) };
  }
}

/** The choice with a plan chosen by hand for one floor (any name will do). */
export async function chooseFloorFile(
  current: MapplicSiteChoice,
  layerId: string,
  file: File,
): Promise<MapplicSiteChoice> {
  const next = { ...current, leftBlank: new Set([...current.leftBlank].filter((id) => id !== layerId)) };
  try {
    return await readFiles(next, current.files, new Map([...current.chosen, [layerId, file]]));
  } catch (e) {
    return { ...current, reading: false, error: reason(e) };
  }
}

/** The floor a picked file is the plan of (not one a plan chosen by hand stands in for), if any. */
const floorOf = (v: MapplicSiteChoice, file: File) =>
  v.site?.floors.find((f) => f.file && displayName(f.file) === displayName(file) && !v.chosen.has(f.layerId));

/**
 * What stops a picked file from going with the map, for the list of picked files, or null: the export whose map is
 * over the map size limit, a plan the upload would refuse (with what the author can do), or such an image.
 */
export function siteFileProblem(v: MapplicSiteChoice, file: File): string | null {
  const site = v.site;
  if (!site) return null;
  if (isJson(file)) return site.source === file.name ? site.documentProblem : null;
  const floor = floorOf(v, file);
  const plan = floor && v.refusedPlans.get(floor.layerId);
  if (plan) return `${plan.replace(/\.$/, '')}. Replace it, or remove it and leave ${floor.name} without a plan.`;
  return [...site.images.values()].includes(file) ? (v.refused.get(file) ?? null) : null;
}

/** What each picked file is to the site, for the list of picked files. */
export function fileRole(v: MapplicSiteChoice, file: File): string {
  const site = v.site;
  if (isJson(file)) return site?.source === file.name ? 'The export' : 'JSON';
  if (!site) return 'Waiting for the export';
  const floor = floorOf(v, file);
  if (floor)
    return tooLargeImage(file)
      ? `Plan of ${floor.name}, uploaded as a smaller copy (over the ${FILE_MAX_TEXT} upload limit)`
      : `Plan of ${floor.name}`;
  if ([...site.images.values()].includes(file))
    return v.refused.has(file) ? 'Location image, cannot be uploaded' : 'Location image';
  if (site.unused.includes(displayName(file))) return 'Not used';
  return 'Image in a plan';
}

/** The picked files, counted: "3 files picked". */
export const pickedCount = (v: MapplicSiteChoice) => `${counted(v.files.length, 'file')} picked`;
