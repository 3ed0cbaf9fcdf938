/**
 * Importing a whole Mapplic site at once: its JSON and its floor files, picked together (several
 * files, a folder or a .zip). A Mapplic export names each floor's file by the old site's path
 * (`images/floors/7-2.svg?0420401`); the files are matched to floors by file name alone, and the
 * floors still without a file are asked for before the map is made. The map's size follows the
 * floor plans (their SVG viewBox), and is asked when they disagree.
 */
import type { Location, MapDocument } from '@mapnest/shared/map-document';
import { isShortText } from '@mapnest/shared/map-rules';
import type { ImportResult } from '@mapnest/shared/mapplic-import';
import { documentSizeProblem } from '@mapnest/shared/storage';
import { descriptionImages, withDescriptionImages } from './description-images';
import { importSizeProblem } from './text-file';
import { isZip, readZip } from './zip';

/** One floor of the export and the file matched to it (or chosen for it). */
export interface SiteFloor {
  layerId: string;
  name: string;
  /** The file name the export gives (no folders, no query), '' when the floor has none. */
  wanted: string;
  file: File | null;
  /** Images its SVG plan links that were not picked with it: the plan shows without them. */
  unlinked?: string[];
}

export interface Size {
  width: number;
  height: number;
}

export interface MapplicSite {
  /** The JSON file's name. */
  source: string;
  result: ImportResult;
  floors: SiteFloor[];
  /** Picked files that are neither the JSON nor a floor. */
  unused: string[];
  /** The picked images the locations name as image or thumbnail, by file key: uploaded with the plans. */
  images: Map<string, File>;
  /** The images the locations name by the old site's relative address and that were not picked: left out. */
  missingImages: string[];
  /** The same for the images inside descriptions: each taken out of its description. */
  missingDescImages: string[];
  /** Why the map it makes could not be saved (over the map size limit), or null. */
  documentProblem: string | null;
}

/** The file name a path or URL ends with, without query or fragment, decoded and in lower case. */
export function fileKey(path: string): string {
  const bare = path.trim().split(/[?#]/, 1)[0]!;
  const last = bare.split(/[\\/]/).pop() ?? '';
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // A lone % stays as written.
  }
  return name.toLowerCase();
}

/** The picked files with every .zip replaced by the files inside it. */
export async function expandFiles(files: readonly File[]): Promise<File[]> {
  const out: File[] = [];
  for (const f of files) {
    if (isZip(f)) out.push(...(await readZip(f)));
    else out.push(f);
  }
  return out;
}

/** A file's name with its folder inside a picked folder or zip, for messages. */
export const displayName = (f: File) => (f as File & { webkitRelativePath?: string }).webkitRelativePath || f.name;

const isJson = (f: File) => /\.json$/i.test(f.name);

/** Every floor of a document with the file whose name matches the one it names (or null). */
export function matchFloors(doc: MapDocument, files: readonly File[]): SiteFloor[] {
  const byName = new Map<string, File>();
  for (const f of files) if (!isJson(f) && !byName.has(fileKey(f.name))) byName.set(fileKey(f.name), f);
  return doc.layers.map((l) => {
    const wanted = fileKey(l.file);
    return { layerId: l.id, name: l.name, wanted, file: wanted ? (byName.get(wanted) ?? null) : null };
  });
}

/** A Mapplic export with floors (v8 "layers" or legacy "levels"), whose plans are files of their own. */
export const namesFloors = (obj: object): boolean => 'layers' in obj || 'levels' in obj;

/**
 * Reads the picked files as a Mapplic site: the one JSON among them imported, its floors matched.
 * Throws an Error with a sentence for the author when there is no JSON, several, or it is not a Mapplic map.
 */
export async function readSite(picked: readonly File[]): Promise<MapplicSite> {
  const files = await expandFiles(picked);
  const jsons = files.filter(isJson);
  if (jsons.length === 0) throw new Error('Add the Mapplic export itself: the .json file of the map.');
  if (jsons.length > 1)
    throw new Error(
      `Pick one Mapplic map at a time: there are ${jsons.length} JSON files (${jsons.map(displayName).join(', ')}).`,
    );
  const json = jsons[0]!;
  // Said before reading it: a file too large to import would stall the page first.
  const tooLarge = importSizeProblem(json.size);
  if (tooLarge) throw new Error(`${json.name}: ${tooLarge}`);
  const text = await json.text();
  if (text.replace(/^\uFEFF/, '').trim() === '') throw new Error(`${json.name} is empty: it holds no map.`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new Error(`${json.name} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  const obj = value as Record<string, unknown> | null;
  if (!obj || typeof obj !== 'object' || Array.isArray(obj) || !namesFloors(obj))
    throw new Error(`${json.name} is not a Mapplic map (it has neither "layers" nor "levels").`);
  // The importer is loaded when a site is read, not with the new-map page.
  const { importMapplic } = await import('@mapnest/shared/mapplic-import');
  const result = importMapplic(obj);
  const floors = matchFloors(result.document, files);
  const found = locationImages(result.document, files);
  const used = new Set([...floors.map((f) => f.file), ...found.images.values()]);
  const unused = files.filter((f) => f !== json && !used.has(f)).map(displayName);
  // Known now, not after the plans are uploaded: the server would refuse the map on Create (or its first save).
  const documentProblem = documentSizeProblem(JSON.stringify(result.document));
  return { source: json.name, result, floors, unused, ...found, documentProblem };
}

const IMAGE_FIELDS = ['image', 'thumb'] as const;
type ImageField = (typeof IMAGE_FIELDS)[number] | 'desc';
/** An address that means something only on the old site (`images/a.jpg`, `/wp-content/a.jpg`): not absolute, not inline data. */
const isOldSiteAddress = (url: string) => !/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(url.trim());
/** The same for a location's image or thumbnail, which may instead be a thumbnail's 1-3 characters of text. */
const isRelative = (url: string) => !isShortText(url) && isOldSiteAddress(url);
const isOldSite = (url: string, field: ImageField) => (field === 'desc' ? isOldSiteAddress(url) : isRelative(url));

/** Every image address a location names: its image, its thumbnail and the sources of its description's images. */
function imagesOf(loc: Location): { url: string; field: ImageField }[] {
  const out: { url: string; field: ImageField }[] = [];
  for (const field of IMAGE_FIELDS) if (loc[field]) out.push({ url: loc[field], field });
  for (const url of descriptionImages(loc.desc ?? '')) out.push({ url, field: 'desc' });
  return out;
}

/**
 * The document with each location image address replaced by `to(url, field)`: a new address, the same, or null,
 * which leaves the image out (an image inside a description is taken out of it).
 */
function mapImages(doc: MapDocument, to: (url: string, field: ImageField) => string | null): void {
  for (const loc of doc.locations) {
    for (const field of IMAGE_FIELDS) {
      const url = loc[field];
      if (!url) continue;
      const next = to(url, field);
      if (next === null) delete loc[field];
      else loc[field] = next;
    }
    if (!loc.desc) continue;
    loc.desc = withDescriptionImages(loc.desc, (url) => to(url, 'desc'));
    if (!loc.desc.trim()) delete loc.desc;
  }
}
/** Which picked rasters (or SVGs) may stand for a location's image. */
const IMAGE_FILE = /\.(png|jpe?g|gif|webp|svg)$/i;

/**
 * The picked files the locations name as image or thumbnail (matched by file name, as floors are), and the relative
 * addresses no picked file matches: on Mapnest those would point at nothing, so they are left out.
 */
function locationImages(
  doc: MapDocument,
  files: readonly File[],
): Pick<MapplicSite, 'images' | 'missingImages' | 'missingDescImages'> {
  const byName = new Map<string, File>();
  for (const f of files) if (IMAGE_FILE.test(f.name) && !byName.has(fileKey(f.name))) byName.set(fileKey(f.name), f);
  const images = new Map<string, File>();
  const missing = new Set<string>();
  const missingDesc = new Set<string>();
  for (const loc of doc.locations)
    for (const { url, field } of imagesOf(loc)) {
      const file = byName.get(fileKey(url));
      if (file) images.set(fileKey(url), file);
      else if (isOldSite(url, field)) (field === 'desc' ? missingDesc : missing).add(url);
    }
  return { images, missingImages: [...missing], missingDescImages: [...missingDesc] };
}

/** The address of one of Mapnest's own uploads, which a Mapnest map's JSON names (`/files/…`). */
const isUpload = (url: string) => url.trim().startsWith('/files/');

/**
 * A document read without any files (a Mapnest JSON, or a Mapplic export naming no floor files) with the location
 * images named by another site's relative or rooted address left out (those in descriptions taken out of them), as
 * nothing can stand for them, and those addresses. Mapnest's own uploads stay.
 */
export function withoutOldSiteImages(d: MapDocument): { doc: MapDocument; dropped: string[] } {
  const doc = structuredClone(d);
  const dropped = new Set<string>();
  mapImages(doc, (url, field) => {
    if (!isOldSite(url, field) || isUpload(url)) return url;
    dropped.add(url);
    return null;
  });
  return { doc, dropped: [...dropped] };
}

/** True when the files hold a JSON: a (new) export, rather than plans for the site read before. */
export const holdsExport = (files: readonly File[]): boolean => files.some(isJson);

/** The floors that name a file and have none yet, unless the author chose to leave them without a plan. */
export function missingFloors(floors: readonly SiteFloor[], leftBlank: ReadonlySet<string>): SiteFloor[] {
  return floors.filter((f) => f.wanted !== '' && !f.file && !leftBlank.has(f.layerId));
}

/** The distinct sizes of the floor plans, each with the floors that have it, largest share first. */
export function floorSizes(sizes: ReadonlyMap<string, Size | null>): { size: Size; floors: string[] }[] {
  const out: { size: Size; floors: string[] }[] = [];
  for (const [layerId, size] of sizes) {
    if (!size) continue;
    const same = out.find((o) => o.size.width === size.width && o.size.height === size.height);
    if (same) same.floors.push(layerId);
    else out.push({ size, floors: [layerId] });
  }
  return out.sort((a, b) => b.floors.length - a.floors.length);
}

/**
 * The document to create: each floor's file replaced by its uploaded URL (a floor left without a
 * plan has none), each location image picked with the site (thumbnail, picture or inside the description) by its
 * uploaded URL (`imageUrls`, by file key), the relative ones not picked left out, and the map's size set to the
 * chosen one.
 */
export function siteDocument(
  site: MapplicSite,
  urls: ReadonlyMap<string, string>,
  size: Size | null,
  imageUrls: ReadonlyMap<string, string> = new Map(),
): MapDocument {
  const doc = structuredClone(site.result.document);
  // A floor left without a plan has none, as the picker says: not even an absolute address on the old site, which
  // would tie the map to a site being left (and to plans that never went through the upload's SVG sanitising).
  doc.layers = doc.layers.map((l) => ({ ...l, file: urls.get(l.id) ?? '' }));
  mapImages(doc, (url, field) => imageUrls.get(fileKey(url)) ?? (isOldSite(url, field) ? null : url));
  if (size) {
    doc.settings.mapWidth = size.width;
    doc.settings.mapHeight = size.height;
  }
  return doc;
}
