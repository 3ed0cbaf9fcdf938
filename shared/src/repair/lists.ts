/**
 * Repair of the document's lists of id'd entries (layers, locations, groups, ...): each entry
 * repaired or dropped, its id made valid and unique, and a table from the ids as written to the
 * final ones, so references written with the old ids still resolve.
 */
import { MAP_LIMITS } from '../document/map-document';
import { toId, uniqueId } from '../document/map-ids';
import type { RepairLog } from './log';
import { planOf, type Schema } from './plan';
import { describe, isPlainObject } from './values';
import { Fail, step, Walker } from './walk';

/** Raw id -> final id of each entry kept, for resolving references written with the raw ids. */
export class IdTable {
  readonly ids = new Set<string>();
  private readonly renamed = new Map<string, string>();

  add(raw: string, final: string): void {
    this.ids.add(final);
    if (raw !== '' && !this.renamed.has(raw)) this.renamed.set(raw, final);
  }

  /** The final id a reference means, or undefined when it names nothing. */
  resolve(ref: unknown): string | undefined {
    if (typeof ref !== 'string' && typeof ref !== 'number') return undefined;
    const raw = String(ref);
    const direct = this.renamed.get(raw);
    if (direct !== undefined) return direct;
    if (this.ids.has(raw)) return raw;
    const cleaned = toId(raw.trim());
    return this.renamed.get(cleaned) ?? (this.ids.has(cleaned) ? cleaned : undefined);
  }
}

/** The entries kept, and where each id went. */
export interface RepairedList<T> {
  items: T[];
  table: IdTable;
  /**
   * The entries renamed because an earlier one had their id, by index in `items`: the id as written, and where their
   * warning is in the log (so that a later step can say more in it: repairShapes).
   */
  repeated: Map<number, { rawId: string; path: string; warning: number }>;
}

function rawIdOf(value: unknown): string {
  return typeof value === 'string'
    ? value.trim()
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : '';
}

/** Repairs a list of id'd entries: each valid, with a unique id; entries that cannot be repaired are dropped. */
export function repairList<T>(
  raw: unknown,
  schema: Schema,
  collection: string,
  what: string,
  max: number,
  log: RepairLog,
  key = 'id',
  prepare: (entry: Record<string, unknown>) => Record<string, unknown> = (entry) => entry,
): RepairedList<T> {
  const table = new IdTable();
  const items: T[] = [];
  const repeated: RepairedList<T>['repeated'] = new Map();
  const plan = planOf(schema);
  const walker = new Walker(log, collection);
  if (raw === undefined || raw === null) return { items, table, repeated };
  let list: unknown[];
  if (Array.isArray(raw)) list = raw;
  else if (isPlainObject(raw))
    list = Object.entries(raw).map(([k, v]) => (isPlainObject(v) && v[key] === undefined ? { ...v, [key]: k } : v));
  else {
    log.warn(`${collection}: ignored ${describe(raw)} (Must be a list)`);
    return { items, table, repeated };
  }
  if (list.length > max) {
    log.warn(`${collection}: kept the first ${max} of ${list.length} ${what}s`);
    list = list.slice(0, max);
  }
  list.forEach((entry, i) => {
    const path = `${collection}.${i}`;
    if (!isPlainObject(entry)) {
      log.warn(`${path}: dropped ${describe(entry)} (Must be a ${what} object)`);
      return;
    }
    const rawId = rawIdOf(entry[key]);
    const cleanId = toId(rawId);
    const result = step(walker, i, plan, { ...prepare(entry), [key]: cleanId || 'x' });
    const named = rawId ? ` "${rawId.slice(0, 80)}"` : '';
    if (!(result instanceof Fail) && isPlainObject(result)) {
      const finalId = uniqueId(cleanId, table.ids, what.replace(/ /g, '-'));
      if (rawId === '') log.warn(`${path}: the ${what} had no ${key}; named it "${finalId}"`);
      else if (finalId !== rawId) {
        const why =
          cleanId === rawId ? `the ${key} is used more than once` : `${describe(rawId)} is not a valid ${key}`;
        const warning = log.warn(`${path}: renamed ${what}${named} to "${finalId}" (${why})`);
        if (cleanId === rawId) repeated.set(items.length, { rawId, path, warning });
      }
      result[key] = finalId;
      table.add(rawId, finalId);
      items.push(result as T);
    } else {
      log.warn(`${path}: dropped ${what}${named} (${result instanceof Fail ? result.reason : 'Must be an object'})`);
    }
  });
  return { items, table, repeated };
}

/** Layers and groups need a name; one without gets its id (which the author sees and can change). */
export function named(entry: Record<string, unknown>): Record<string, unknown> {
  const name = entry.name;
  const blank = name === undefined || name === null || (typeof name === 'string' && name.trim() === '');
  return blank ? { ...entry, name: rawIdOf(entry.id).slice(0, MAP_LIMITS.nameLength) || 'Untitled' } : entry;
}
