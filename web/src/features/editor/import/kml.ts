/**
 * KML, KMZ and GPX files as features, read by toGeoJSON (@tmcw/togeojson, ADR 109): KML's styles (a placemark's icon
 * colour through its style or style map), its data (`<Data>` and `<SimpleData>`) and its folders, which Google My
 * Maps writes for its layers; GPX's waypoints. The import dialog loads this module when such a file is picked.
 */
import { gpx, kmlWithFolders, type F, type Folder } from '@tmcw/togeojson';
import { featurePoints, type GeoEntry, type GeoParsed } from './geo';
import { decodeTextFile, importSizeProblem } from './text-file';
import { unzip } from './zip';

/** Parses XML text into a document, or throws an Error saying where it is not well-formed. */
export type ParseXml = (text: string) => Document;

/** The browser's XML parser: a document that is not well-formed comes back holding a `parsererror` element. */
export const browserXml: ParseXml = (text) => {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (!error) return doc;
  const said = error.textContent ?? '';
  // Chromium: "This page contains the following errors:error on line 3 at column 5: …Below is a rendering of …".
  throw new Error(
    (/error on line \d+ at column \d+: [^\n]*?(?=Below is|$)/m.exec(said)?.[0] ?? said).trim().slice(0, 200),
  );
};

/** A file's one problem: nothing of it is imported. */
const unread = (issue: string): GeoParsed => ({ points: [], issues: [issue], skipped: 0 });

/** The file's XML document, or why there is none: it is no `root` file, or it is not well-formed. */
function readXml(text: string, root: 'kml' | 'gpx', parseXml: ParseXml): Document | GeoParsed {
  const kind = root.toUpperCase();
  if (!new RegExp(`<${root}[\\s>]`, 'i').test(text)) return unread(`The file is not ${kind} (no <${root}> element)`);
  try {
    return parseXml(text);
  } catch (e) {
    return unread(`The ${kind} file is not well-formed XML: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The placemarks of a folder tree, each with the innermost folder it is in. */
function placemarks(children: readonly (Folder | F)[], folder: string | undefined, out: GeoEntry[]): GeoEntry[] {
  for (const child of children) {
    if (child.type === 'folder') {
      const name = typeof child.meta.name === 'string' && child.meta.name.trim() ? child.meta.name.trim() : folder;
      placemarks(child.children, name, out);
    } else out.push({ feature: child, kml: true, ...(folder && { folder }) });
  }
  return out;
}

/** Point placemarks of a KML text, each in the group of its folder. */
export function parseKml(text: string, parseXml: ParseXml = browserXml): GeoParsed {
  const doc = readXml(text, 'kml', parseXml);
  if ('issues' in doc) return doc;
  const entries = placemarks(kmlWithFolders(doc).children, undefined, []);
  if (entries.length === 0) return unread('The KML file has no placemarks');
  return featurePoints(entries, 'placemark');
}

/** The waypoints of a GPX text (its tracks and routes are lines, counted as skipped), grouped by their type. */
export function parseGpx(text: string, parseXml: ParseXml = browserXml): GeoParsed {
  const doc = readXml(text, 'gpx', parseXml);
  if ('issues' in doc) return doc;
  const features = gpx(doc).features;
  if (features.length === 0) return unread('The GPX file has no waypoints');
  return featurePoints(
    features.map((feature) => {
      const { type, ...properties } = feature.properties ?? {};
      const folder = typeof type === 'string' && type.trim() ? type.trim() : undefined;
      return { feature: { ...feature, properties }, ...(folder && { folder }) };
    }),
    'waypoint',
  );
}

/**
 * The KML text of a KMZ (a zipped KML, as Google Earth and My Maps save them): its doc.kml, else the first .kml file
 * in it. Rejects with the reason when it holds none, or one too large to import.
 */
export async function kmzText(file: Blob): Promise<string> {
  const kmls = await unzip(file, (name) => /\.kml$/i.test(name));
  const main = kmls.find((f) => f.name.toLowerCase() === 'doc.kml') ?? kmls[0];
  if (!main) throw new Error('The KMZ holds no KML file (doc.kml).');
  const tooLarge = importSizeProblem(main.bytes.length);
  if (tooLarge) throw new Error(tooLarge.replace('The file is', `Its ${main.name} is`));
  return decodeTextFile(main.bytes);
}
