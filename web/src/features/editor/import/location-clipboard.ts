/**
 * Locations on the system clipboard, so that Ctrl/⌘+C (or X) in one editor and Ctrl/⌘+V in another copy them: another
 * tab, another map, another window, as drawing programs do (Excalidraw writes JSON text with a type of its own). The
 * clipboard holds plain JSON text, which every browser and system keeps; a paste reads it as untrusted input (any
 * program can put such text there): each location is checked against the document's schema before it is pasted.
 * The groups and styles the locations are in travel with them (`actions/paste-refs.ts`).
 */
import {
  groupSchema,
  locationSchema,
  MAP_LIMITS,
  styleSchema,
  type Location,
  type MapDocument,
} from '@mapnest/shared/map-document';
import { refsOf, type CopiedRefs } from '../actions/paste-refs';
import { ActionError } from '../actions/registry';
import { checked } from '../actions/validate';

/** The `type` of the clipboard's JSON that says it holds locations copied in a Mapnest editor. */
export const LOCATIONS_CLIPBOARD_TYPE = 'mapnest/locations';

/** The name of the file made of rows of a spreadsheet pasted on the map, for the Import dialog to read. */
export const PASTED_ROWS = 'Pasted rows.tsv';

/** The clipboard text of locations of `doc` copied, with the groups and styles they are in. */
export function locationsClipboardText(doc: MapDocument, locations: readonly Location[]): string {
  return JSON.stringify({ type: LOCATIONS_CLIPBOARD_TYPE, locations, ...refsOf(doc, locations) });
}

/** What a paste brings: the locations, and the groups and styles they are in where the clipboard says (else none). */
export interface CopiedLocations extends CopiedRefs {
  readonly locations: Location[];
}

/** The clipboard's list of groups or styles, each checked: none when it has no such list (hand-written JSON). */
function copiedList<T>(list: unknown, check: (x: unknown, i: number) => T, most: number, what: string): T[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new ActionError(`The copied ${what} are not a list: copy the locations again`);
  if (list.length > most) throw new ActionError(`A map holds at most ${most} ${what}`);
  return list.map(check);
}

/**
 * The locations a clipboard text holds: null when it is anything else (words, a link, JSON of another kind); throws
 * ActionError, saying what is wrong, when it says it holds locations and they are not valid ones.
 */
export function clipboardLocations(text: string): CopiedLocations | null {
  // Cheap for the long texts a clipboard may hold: only JSON with the type in its first field is parsed.
  if (!/^\s*\{\s*"type"\s*:\s*"mapnest\/locations"/.test(text)) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    if (e instanceof SyntaxError) throw new ActionError('The copied locations are not whole: copy them again');
    throw e;
  }
  const locations = (data as { locations?: unknown }).locations;
  if (!Array.isArray(locations) || locations.length === 0)
    throw new ActionError('The clipboard says it holds locations, but it holds none');
  if (locations.length > MAP_LIMITS.locations)
    throw new ActionError(`A map holds at most ${MAP_LIMITS.locations} locations`);
  const { groups, styles } = data as Partial<Record<keyof CopiedRefs, unknown>>;
  return {
    locations: locations.map((l, i) => checked(locationSchema, l, `Copied location ${i + 1}`)),
    groups: copiedList(groups, (g, i) => checked(groupSchema, g, `Copied group ${i + 1}`), MAP_LIMITS.groups, 'groups'),
    styles: copiedList(styles, (x, i) => checked(styleSchema, x, `Copied style ${i + 1}`), MAP_LIMITS.styles, 'styles'),
  };
}
