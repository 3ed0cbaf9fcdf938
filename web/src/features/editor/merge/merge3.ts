/**
 * Three-way merge of map documents: `base` is the version both sides started from, `ours` the
 * editor's document, `theirs` the version someone saved meanwhile (another tab or device).
 *
 * - Collections (layers, locations, groups, filters, styles, legend, routes, breakpoints) are merged
 *   item by item, by id: an item added, removed or changed on one side only takes that side's change.
 *   An item changed on both sides is merged field by field (plain objects, such as a location's custom
 *   fields, key by key); only the same field changed to different values on both sides is a conflict.
 *   An item removed on one side and changed on the other is a conflict too (keep it or remove it).
 *   Two locations added with the same id (both tabs pick the next free one) are both kept: ours is
 *   given a new id. Other items added with the same id are merged field by field.
 * - Order: a collection reordered on one side only takes that order; items added on the other side go
 *   after the item they follow there. Reordered differently on both sides is a conflict.
 * - Settings are merged key by key at any depth; arrays (a geo extent, a list of values) are values.
 *
 * Conflicts resolve by `choices` (default: ours). The result is a valid document: references broken
 * by the merge (a location in a group the other side removed) are repaired and the repairs reported.
 * Pure and deterministic: the same three documents and choices give the same result.
 */
import { deepEqual } from '@mapnest/shared/json-equal';
import { parseIfValid, type MapDocument } from '@mapnest/shared/map-document';
import { restoreDocument } from '@mapnest/shared/map-restore';
import { uniqueId } from '@mapnest/shared/map-ids';

export type Side = 'ours' | 'theirs';

export const COLLECTIONS = [
  'layers',
  'locations',
  'groups',
  'filters',
  'styles',
  'legend',
  'routes',
  'breakpoints',
] as const;
export type CollectionName = (typeof COLLECTIONS)[number];

/** The field that identifies an item of each collection. */
export const KEY: Record<CollectionName, string> = {
  layers: 'id',
  locations: 'id',
  groups: 'id',
  filters: 'id',
  styles: 'id',
  legend: 'id',
  routes: 'id',
  breakpoints: 'name',
};

export interface Conflict {
  /** Stable key for choices: 'locations/shop-1/title', 'locations/shop-1' (removed vs changed), 'order/groups', 'settings/zoom.max'. */
  key: string;
  kind: 'field' | 'removed' | 'order';
  /** 'settings' or the collection. */
  area: CollectionName | 'settings';
  /** The item's id, for item conflicts. */
  id?: string;
  /** Dotted path of the field inside the item (or settings). */
  field?: string;
  /** Values on each side; undefined: absent (or, for 'removed', the item removed on that side). */
  base: unknown;
  ours: unknown;
  theirs: unknown;
}

export interface MergeResult {
  doc: MapDocument;
  conflicts: Conflict[];
  /** What had to be repaired for the merged document to be valid (empty almost always). */
  repairs: string[];
}

export type Plain = Record<string, unknown>;
type Choices = Readonly<Record<string, Side>>;

export const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Structural equality of JSON values (key order does not matter). */
export { deepEqual };

class Merger {
  readonly conflicts: Conflict[] = [];
  constructor(
    private readonly choices: Choices,
    private readonly equalFrom: Side,
  ) {}

  /** The side chosen for a conflict (ours unless told otherwise), recording the conflict. */
  pick(conflict: Conflict): Side {
    this.conflicts.push(conflict);
    return this.choices[conflict.key] ?? 'ours';
  }

  /**
   * One value, three ways. Plain objects on both sides merge key by key; anything else is a value.
   * Returns undefined for "absent".
   */
  value(
    b: unknown,
    o: unknown,
    t: unknown,
    at: Omit<Conflict, 'key' | 'kind' | 'base' | 'ours' | 'theirs' | 'field'> & { prefix: string; path: string[] },
  ): unknown {
    if (deepEqual(o, t)) return this.equalFrom === 'ours' ? o : t;
    if (deepEqual(o, b)) return t;
    if (deepEqual(t, b)) return o;
    if (isPlain(o) && isPlain(t) && (b === undefined || isPlain(b))) {
      const bo = (b ?? {}) as Plain;
      const out: Plain = {};
      for (const k of unionKeys(o, t, bo)) {
        const v = this.value(bo[k], o[k], t[k], { ...at, path: [...at.path, k] });
        if (v !== undefined) out[k] = v;
      }
      return out;
    }
    const field = at.path.join('.');
    const side = this.pick({
      key: `${at.prefix}/${field}`,
      kind: 'field',
      area: at.area,
      ...(at.id !== undefined ? { id: at.id } : {}),
      field,
      base: b,
      ours: o,
      theirs: t,
    });
    return side === 'ours' ? o : t;
  }

  collection(name: CollectionName, base: readonly Plain[], ours: readonly Plain[], theirs: readonly Plain[]): Plain[] {
    const key = KEY[name];
    const idOf = (item: Plain) => String(item[key]);
    const byId = (items: readonly Plain[]) => new Map(items.map((i) => [idOf(i), i]));
    const b = byId(base);
    let o = byId(ours);
    const t = byId(theirs);
    let oursList = ours;

    // Locations both sides added under one id (each tab picked the next free one): keep both, ours renamed.
    if (name === 'locations') {
      const taken = new Set([...b.keys(), ...o.keys(), ...t.keys()]);
      let renamed = false;
      oursList = ours.map((item) => {
        const id = idOf(item);
        if (b.has(id) || !t.has(id) || deepEqual(item, t.get(id))) return item;
        const fresh = nextFreeId(id, taken);
        taken.add(fresh);
        renamed = true;
        return { ...item, [key]: fresh };
      });
      if (renamed) o = byId(oursList);
    }

    const kept = new Map<string, Plain>();
    for (const id of unionKeys(Object.fromEntries(o), Object.fromEntries(t), Object.fromEntries(b))) {
      const bi = b.get(id);
      const oi = o.get(id);
      const ti = t.get(id);
      const prefix = `${name}/${id}`;
      if (oi && ti) {
        const merged = this.value(bi, oi, ti, { area: name, id, prefix, path: [] });
        if (isPlain(merged)) kept.set(id, merged);
        continue;
      }
      if (!oi && !ti) continue; // removed on both sides
      if (!bi) {
        kept.set(id, (oi ?? ti)!); // added on one side
        continue;
      }
      // In base, removed on one side: removed, unless the other side changed it (a conflict).
      const survivor = (oi ?? ti)!;
      if (deepEqual(survivor, bi)) continue;
      const side = this.pick({ key: prefix, kind: 'removed', area: name, id, base: bi, ours: oi, theirs: ti });
      const chosen = side === 'ours' ? oi : ti;
      if (chosen) kept.set(id, chosen);
    }
    return this.order(name, base.map(idOf), oursList.map(idOf), theirs.map(idOf), kept);
  }

  /** The merged order of the kept items (see the module comment). */
  order(name: CollectionName, base: string[], ours: string[], theirs: string[], kept: Map<string, Plain>): Plain[] {
    const inOurs = new Set(ours);
    const inTheirs = new Set(theirs);
    const inAll = new Set(base.filter((id) => inOurs.has(id) && inTheirs.has(id)));
    const common = (list: string[]) => list.filter((id) => inAll.has(id));
    const [cb, co, ct] = [common(base), common(ours), common(theirs)];
    const oursMoved = !deepEqual(co, cb);
    const theirsMoved = !deepEqual(ct, cb);
    let primary: Side = oursMoved && !theirsMoved ? 'ours' : 'theirs';
    if (oursMoved && theirsMoved && !deepEqual(co, ct)) {
      primary = this.pick({ key: `order/${name}`, kind: 'order', area: name, base: cb, ours: co, theirs: ct });
    }
    const [first, second] = primary === 'ours' ? [ours, theirs] : [theirs, ours];
    const result = first.filter((id) => kept.has(id));
    const placed = new Set(result);
    // Items the first list lacks go after the item they follow in the second (or first, when none does).
    second.forEach((id, i) => {
      if (!kept.has(id) || placed.has(id)) return;
      let at = 0;
      for (let j = i - 1; j >= 0; j--) {
        const k = result.indexOf(second[j]!);
        if (k >= 0) {
          at = k + 1;
          break;
        }
      }
      // After what the first side added at the same place, so additions on both sides keep their order.
      const inBase = new Set(base);
      const inSecond = new Set(second);
      while (at < result.length && !inBase.has(result[at]!) && !inSecond.has(result[at]!)) at++;
      result.splice(at, 0, id);
      placed.add(id);
    });
    // Kept items in neither list's order cannot occur; any left over keep a stable place at the end.
    for (const id of [...kept.keys()].sort()) if (!placed.has(id)) result.push(id);
    return result.map((id) => kept.get(id)!);
  }
}

/** 'location-4' taken: 'location-5' (the numbering of copies and of ids made before random ones), else the shared unique-id rule. */
function nextFreeId(id: string, taken: ReadonlySet<string>): string {
  const m = /^(.*-)(\d+)$/.exec(id);
  if (m) {
    for (let n = Number(m[2]) + 1; n < Number(m[2]) + 10_000; n++) {
      const candidate = `${m[1]}${n}`;
      if (candidate.length <= 64 && !taken.has(candidate)) return candidate;
    }
  }
  return uniqueId(id, taken, 'location');
}

function unionKeys(...objects: Plain[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const obj of objects) {
    for (const k of Object.keys(obj)) {
      if (!seen.has(k)) {
        seen.add(k);
        out.push(k);
      }
    }
  }
  return out;
}

/**
 * Merges `ours` and `theirs`, both made from `base`; conflicts resolve by `choices` (default: ours). What both sides
 * have equal is taken from `equalFrom`'s objects: the side that is the editor's document now, so that the editor
 * draws and indexes again only what the merge changed.
 */
export function merge3(
  base: MapDocument,
  ours: MapDocument,
  theirs: MapDocument,
  choices: Choices = {},
  equalFrom: Side = 'ours',
): MergeResult {
  if (deepEqual(ours, theirs)) return { doc: theirs, conflicts: [], repairs: [] };
  if (deepEqual(ours, base)) return { doc: theirs, conflicts: [], repairs: [] };
  if (deepEqual(theirs, base)) return { doc: ours, conflicts: [], repairs: [] };
  const m = new Merger(choices, equalFrom);
  const out: Plain = { schemaVersion: theirs.schemaVersion };
  out.settings =
    m.value(base.settings, ours.settings, theirs.settings, { area: 'settings', prefix: 'settings', path: [] }) ??
    theirs.settings;
  for (const name of COLLECTIONS) {
    out[name] = m.collection(
      name,
      base[name] as unknown as Plain[],
      ours[name] as unknown as Plain[],
      theirs[name] as unknown as Plain[],
    );
  }
  const valid = parseIfValid(out);
  if (valid)
    return {
      doc: sharing(valid, out, equalFrom === 'ours' ? [ours, theirs] : [theirs, ours]),
      conflicts: m.conflicts,
      repairs: [],
    };
  const { document, warnings } = restoreDocument(out);
  return { doc: document, conflicts: m.conflicts, repairs: warnings };
}

/**
 * `parsed` (the merged document as the schema read it) with every part equal to what went in taken from the input
 * instead, and a collection or the settings equal to a side's taken from that side. The parse copies every object:
 * without this an undo over another tab's change, or a merge of one field, would hand the editor thousands of new
 * locations, and every row, marker and cache keyed by a location would be made again, and every later comparison
 * of documents would walk all of them.
 */
function sharing(parsed: MapDocument, merged: Plain, sides: readonly MapDocument[]): MapDocument {
  const out = { ...parsed } as unknown as Plain;
  const settings = [...sides.map((d) => d.settings), merged.settings].find((s) => deepEqual(s, parsed.settings));
  if (settings !== undefined) out.settings = settings;
  for (const name of COLLECTIONS) {
    const input = merged[name] as Plain[];
    const items = (parsed[name] as unknown as Plain[]).map((item, i) => (deepEqual(item, input[i]) ? input[i]! : item));
    const same = sides.find((d) => {
      const theirs = d[name] as unknown as Plain[];
      return theirs.length === items.length && theirs.every((item, i) => item === items[i]);
    });
    out[name] = same ? same[name] : items;
  }
  return out as unknown as MapDocument;
}

/** A short name for the item a conflict is about ("Location “Bakery”", "Settings"), from the first of `docs` that has it. */
export function conflictSubject(c: Conflict, ...docs: MapDocument[]): string {
  const what: Record<Conflict['area'], string> = {
    settings: 'Settings',
    layers: 'Layer',
    locations: 'Location',
    groups: 'Group',
    filters: 'Filter',
    styles: 'Style',
    legend: 'Legend item',
    routes: 'Route',
    breakpoints: 'Breakpoint',
  };
  if (c.kind === 'order') return `Order of the ${c.area}`;
  const area = c.area;
  if (area === 'settings' || c.id === undefined) return what[area];
  const pick = (v: unknown) =>
    isPlain(v) ? (typeof v.title === 'string' && v.title) || (typeof v.name === 'string' && v.name) || '' : '';
  // Named as it was before either side changed it (or as a side has it, for an item both added).
  const named = docs.map((d) => pick((d[area] as unknown as Plain[]).find((i) => i[KEY[area]] === c.id))).find(Boolean);
  const label = pick(c.base) || named || pick(c.ours) || pick(c.theirs) || c.id;
  return `${what[area]} “${label}”`;
}
