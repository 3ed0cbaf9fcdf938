/** Reading the loose values of a Mapplic export: blanks, lists given as objects, booleans and numbers given as text. */
import { isPlainObject } from '../repair/repair';

export type Obj = Record<string, unknown>;

/** Absent, null, '' or an empty list: what Mapplic writes for "not set". */
export const isBlank = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
/** A list as given, an object as the list of its values; anything else as an empty list. */
export const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : isPlainObject(v) ? Object.values(v) : []);

/** Mapplic writes booleans as true/"true"/1; undefined when not given. */
export function flag(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') {
    const w = v.trim().toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(w)) return true;
    if (['false', '0', 'no', 'off', ''].includes(w)) return false;
  }
  return undefined;
}

/** Control positions: '' or false is off, true the default position. */
export function position(v: unknown): unknown {
  if (v === undefined || v === true || v === 'true') return undefined;
  if (v === '' || v === false || v === null || v === 'false') return 'off';
  return v;
}

/** A finite number given as a number or text; undefined otherwise. */
export function num(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** Text (trimmed) or a number as text; '' for anything else. */
export const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** Drops keys whose value is undefined, so repair fills defaults. */
export function compact(obj: Obj): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v === undefined) continue;
    out[k] = isPlainObject(v) ? compact(v) : v;
  }
  return out;
}
