/**
 * The import's report names each location as the customer finds it in the file: by its id and title, and by its place
 * in the file (`levels[1].locations[4]`) where the id alone does not find it (none, or one used twice). Repair names a
 * location by its index in the list it repairs (`locations.5.color`), which is not the file's: v8's samples are left
 * out of it, and a legacy file's locations are in levels.
 */
import { decodeEntities } from '../html-entities';
import { isPlainObject } from '../repair/repair';
import { str } from './values';

/** How the report names a location: `location "weird" (Weird)`. */
export function locationLabel(loc: unknown, place: string, repeated: boolean): string {
  const id = isPlainObject(loc) ? str(loc.id) : '';
  const title = isPlainObject(loc) ? decodeEntities(str(loc.title)) : '';
  const name = id === '' ? `the location at ${place}` : `location "${id}"`;
  const at = id !== '' && repeated ? ` at ${place}` : '';
  return `${name}${title === '' ? '' : ` (${title})`}${at}`;
}

/** The ids used by more than one of `locations`. */
export function repeatedIds(locations: unknown[]): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const loc of locations) {
    const id = isPlainObject(loc) ? str(loc.id) : '';
    if (id !== '' && seen.has(id)) repeated.add(id);
    seen.add(id);
  }
  return repeated;
}

const LOCATION_PATH = /^locations\.(\d+)((?:\.[\w-]+)*): /;

/** A report line naming a location by its index (`locations.5.color: …`) with that location's label instead. */
export function relabel(line: string, labels: readonly string[]): string {
  const match = LOCATION_PATH.exec(line);
  const label = match ? labels[Number(match[1])] : undefined;
  if (!match || label === undefined) return line;
  const rest = match[2] ? `, ${match[2].slice(1)}` : '';
  // A line that names the location by its id after its path (`locations.3.layer: location "ghost": …`, `… from
  // location "ghost"`) says it once.
  const said = line
    .slice(match[0].length)
    .replace(/^location "[^"]*": /, '')
    .replace(/ from location "[^"]*"$/, '');
  return `${label}${rest}: ${said}`;
}
