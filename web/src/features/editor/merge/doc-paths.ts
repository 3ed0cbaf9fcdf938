/**
 * Where two versions of a map document differ, as paths at the grain of the three-way merge (merge3.ts): a
 * setting by key at any depth; an item of a collection by id (it exists on one side only); an item's field, at
 * any depth of plain objects (arrays are values); and the order of the items both versions hold. And back: a
 * document with the values at some of those paths taken from the other version.
 *
 * The editor's undo history uses them to forget, in its own steps, whatever a change from elsewhere touched
 * (store.ts). Comparing values alone cannot tell a field nobody changed from one changed elsewhere and back.
 */
import type { MapDocument } from '@mapnest/shared/map-document';
import { COLLECTIONS, deepEqual, isPlain, KEY, type CollectionName, type Plain } from './merge3';

/** ['settings', 'zoom', 'max'], ['locations', 'shop-1'], ['locations', 'shop-1', 'title'], ['order', 'layers']. */
export type DocPath = readonly string[];

const ORDER = 'order';

const items = (doc: MapDocument, name: CollectionName) => doc[name] as unknown as readonly Plain[];
const idOf = (name: CollectionName) => (item: Plain) => String(item[KEY[name]]);

/** The paths where `a` and `b` differ. Unchanged parts shared between the two are skipped without a look inside. */
export function changedPaths(a: MapDocument, b: MapDocument): DocPath[] {
  const out: DocPath[] = [];
  if (a === b) return out;
  valuePaths(a.settings, b.settings, ['settings'], out);
  for (const name of COLLECTIONS) collectionPaths(name, items(a, name), items(b, name), out);
  return out;
}

function valuePaths(x: unknown, y: unknown, at: DocPath, out: DocPath[]): void {
  if (x === y) return;
  if (isPlain(x) && isPlain(y)) {
    for (const k of new Set([...Object.keys(x), ...Object.keys(y)])) valuePaths(x[k], y[k], [...at, k], out);
  } else if (!deepEqual(x, y)) out.push(at);
}

function collectionPaths(name: CollectionName, as: readonly Plain[], bs: readonly Plain[], out: DocPath[]): void {
  if (as === bs) return;
  const id = idOf(name);
  // The usual step changes a few items in place: walk both lists side by side.
  if (as.length === bs.length && as.every((x, i) => x === bs[i] || id(x) === id(bs[i]!))) {
    for (let i = 0; i < as.length; i++) if (as[i] !== bs[i]) valuePaths(as[i], bs[i], [name, id(as[i]!)], out);
    return;
  }
  const bm = new Map(bs.map((y) => [id(y), y]));
  const am = new Map(as.map((x) => [id(x), x]));
  for (const [key, x] of am) {
    const y = bm.get(key);
    if (y === undefined) out.push([name, key]);
    else valuePaths(x, y, [name, key], out);
  }
  for (const key of bm.keys()) if (!am.has(key)) out.push([name, key]);
  const common = (list: readonly Plain[], other: Map<string, Plain>) => list.map(id).filter((k) => other.has(k));
  if (!deepEqual(common(as, bm), common(bs, am))) out.push([ORDER, name]);
}

/** Paths that overlap: one is the other or lies inside it. */
export class PathSet {
  private readonly exact = new Set<string>();
  private readonly inside = new Set<string>();

  constructor(paths: readonly DocPath[]) {
    for (const p of paths) {
      this.exact.add(p.join('\0'));
      for (let i = 1; i < p.length; i++) this.inside.add(p.slice(0, i).join('\0'));
    }
  }

  /** Whether `path` is one of the set's, holds one of them, or lies inside one of them. */
  overlaps(path: DocPath): boolean {
    if (this.inside.has(path.join('\0'))) return true;
    for (let i = 1; i <= path.length; i++) if (this.exact.has(path.slice(0, i).join('\0'))) return true;
    return false;
  }
}

/**
 * `target` with the values at `paths` (from `changedPaths(target, source)`) taken from `source`: a setting or
 * field set or removed, an item added (after the item it follows in `source`) or removed, the common items put
 * in `source`'s order.
 */
export function takePaths(target: MapDocument, source: MapDocument, paths: readonly DocPath[]): MapDocument {
  const out = { ...target } as unknown as Plain;
  // Orders last: they sort what the other paths leave.
  const sorted = [...paths].sort((p, q) => Number(p[0] === ORDER) - Number(q[0] === ORDER));
  for (const [head, ...rest] of sorted) {
    if (head === 'settings') out.settings = setIn(out.settings, rest, getIn(source.settings, rest));
    else if (head === ORDER) {
      const name = rest[0] as CollectionName;
      out[name] = reorder(name, out[name] as Plain[], items(source, name));
    } else {
      const name = head as CollectionName;
      const [key, ...field] = rest as [string, ...string[]];
      const list = out[name] as Plain[];
      const from = items(source, name).find((i) => idOf(name)(i) === key);
      out[name] = field.length
        ? list.map((i) => (idOf(name)(i) === key ? (setIn(i, field, getIn(from, field)) as Plain) : i))
        : placed(name, list, items(source, name), key, from);
    }
  }
  return out as unknown as MapDocument;
}

function getIn(value: unknown, path: DocPath): unknown {
  let v = value;
  for (const k of path) v = isPlain(v) ? v[k] : undefined;
  return v;
}

function setIn(value: unknown, path: DocPath, to: unknown): unknown {
  if (path.length === 0) return to;
  const [k, ...rest] = path as [string, ...string[]];
  const out: Plain = isPlain(value) ? { ...value } : {};
  const v = setIn(out[k], rest, to);
  if (v === undefined) delete out[k];
  else out[k] = v;
  return out;
}

/** `list` without the item `key`, and with `item` when given: after the nearest item before it in `order` that `list` holds. */
function placed(name: CollectionName, list: Plain[], order: readonly Plain[], key: string, item?: Plain): Plain[] {
  const id = idOf(name);
  const out = list.filter((i) => id(i) !== key);
  if (item === undefined) return out;
  const at = order.findIndex((i) => id(i) === key);
  let index = 0;
  for (let j = at - 1; j >= 0; j--) {
    const k = out.findIndex((i) => id(i) === id(order[j]!));
    if (k >= 0) {
      index = k + 1;
      break;
    }
  }
  out.splice(index, 0, item);
  return out;
}

/** `list`'s items, those that `order` also holds put in `order`'s sequence (the others keep their places). */
function reorder(name: CollectionName, list: Plain[], order: readonly Plain[]): Plain[] {
  const id = idOf(name);
  const mine = new Map(list.map((i) => [id(i), i]));
  const queue = order.map(id).filter((k) => mine.has(k));
  const inOrder = new Set(queue);
  let next = 0;
  return list.map((i) => (inOrder.has(id(i)) ? mine.get(queue[next++]!)! : i));
}
