/**
 * Lenient repair of a version-1-shaped map document, driven by the strict schema itself so the two
 * never disagree: every value is checked against its schema node and, when it fails, coerced
 * (numbers and booleans given as strings, out-of-range numbers clamped, over-long text shortened),
 * replaced by its default, or removed. On top of that: ids are made valid and unique, dangling
 * references are dropped and cross-field rules are fixed. Every change leaves a warning.
 * Used by restore (stored documents) and the Mapplic importer; never throws on any input.
 */
import type * as z from 'zod';
import {
  blankDocument,
  breakpointSchema,
  DEFAULT_SETTINGS,
  filterSchema,
  groupSchema,
  layerSchema,
  legendItemSchema,
  locationSchema,
  LOCATION_KEYS,
  MAP_LIMITS,
  parseIfValid,
  repairHintOf,
  routeSchema,
  SCHEMA_VERSION,
  settingsSchema,
  strictMapDocument,
  styleSchema,
  isFieldRef,
  type Filter,
  type Layer,
  type Location,
  type MapDocument,
  type MapSettings,
  type Route,
} from './map-document';
import { toFieldKey, toId, uniqueId } from './map-ids';

/** Collects warnings, aggregating unknown fields and keeping the list short enough to show. */
export class RepairLog {
  private readonly items: string[] = [];
  private omitted = 0;
  private readonly unknown = new Map<string, { key: string; first: string; count: number }>();

  constructor(private readonly max = 100) {}

  warn(message: string): void {
    if (this.items.length < this.max) this.items.push(message);
    else this.omitted++;
  }

  /** An unknown field `key` on the object at `path`; `pattern` groups alike objects (e.g. 'locations.*'). */
  unknownField(pattern: string, path: string, key: string): void {
    const id = `${pattern}\u0000${key}`;
    const seen = this.unknown.get(id);
    if (seen) seen.count++;
    else this.unknown.set(id, { key, first: path, count: 1 });
  }

  /** The warnings, unknown fields summarised at the end. */
  list(): string[] {
    const out = [...this.items];
    let omitted = this.omitted;
    for (const { key, first, count } of this.unknown.values()) {
      const message = `${first}: dropped unknown field "${key}"${count > 1 ? ` (and in ${count - 1} more place${count > 2 ? 's' : ''})` : ''}`;
      if (out.length < this.max) out.push(message);
      else omitted++;
    }
    if (omitted > 0) out.push(`... and ${omitted} more warning${omitted > 1 ? 's' : ''}.`);
    return out;
  }
}

// ---- Schema-driven lenient walk --------------------------------------------------------------

class Fail {
  constructor(readonly reason: string) {}
}

type Schema = z.ZodType;
interface CheckDef {
  check: string;
  maximum?: number;
  minimum?: number;
  value?: number;
  format?: string;
  pattern?: RegExp;
}
interface Def {
  type: string;
  innerType?: Schema;
  shape?: Record<string, Schema>;
  element?: Schema;
  items?: Schema[];
  options?: Schema[];
  discriminator?: string;
  entries?: Record<string, string>;
  values?: unknown[];
  keyType?: Schema;
  valueType?: Schema;
  checks?: { _zod: { def: CheckDef } }[];
}

/** What the walk needs to know about one schema node, worked out once per node. */
interface Plan {
  schema: Schema;
  type: string;
  inner?: Plan;
  innerNullable: boolean;
  entries: [string, Plan][];
  keys: ReadonlySet<string>;
  element?: Plan;
  elementIsString: boolean;
  items: Plan[];
  options: Plan[];
  discriminator?: string;
  enumValues: string[];
  literals: unknown[];
  keyType?: Plan;
  valueType?: Plan;
  maxLength?: number;
  minLength?: number;
  low?: number;
  high?: number;
  isInt: boolean;
  hasChecks: boolean;
  hint?: string;
  /** A check equivalent to the schema's own for a value of the right type; undefined: ask zod. */
  quick?: (value: never) => boolean;
}

const defOf = (schema: Schema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const plans = new WeakMap<Schema, Plan>();
const SIMPLE_CHECKS = new Set([
  'max_length',
  'min_length',
  'string_format',
  'greater_than',
  'less_than',
  'number_format',
]);

function planOf(schema: Schema): Plan {
  const cached = plans.get(schema);
  if (cached) return cached;
  const def = defOf(schema);
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  const find = (name: string) => checks.find((c) => c.check === name);
  const plan: Plan = {
    schema,
    type: def.type,
    inner: def.innerType && planOf(def.innerType),
    innerNullable: def.innerType ? defOf(def.innerType).type === 'nullable' : false,
    entries: def.shape ? Object.entries(def.shape).map(([key, child]) => [key, planOf(child)]) : [],
    keys: new Set(def.shape ? Object.keys(def.shape) : []),
    element: def.element && planOf(def.element),
    elementIsString: def.element ? defOf(def.element).type === 'string' : false,
    items: (def.items ?? []).map(planOf),
    options: (def.options ?? []).map(planOf),
    discriminator: def.discriminator,
    enumValues: def.entries ? Object.values(def.entries) : [],
    literals: def.values ?? [],
    keyType: def.keyType && planOf(def.keyType),
    valueType: def.valueType && planOf(def.valueType),
    maxLength: find('max_length')?.maximum,
    minLength: find('min_length')?.minimum,
    low: find('greater_than')?.value,
    high: find('less_than')?.value,
    isInt: find('number_format') !== undefined,
    hasChecks: checks.length > 0,
    hint: repairHintOf(schema),
  };
  const simple = checks.every((c) => SIMPLE_CHECKS.has(c.check) && (c.check !== 'string_format' || c.pattern));
  if (simple && def.type === 'string') {
    const patterns = checks.flatMap((c) => (c.pattern ? [c.pattern] : []));
    const { maxLength = Infinity, minLength = 0 } = plan;
    plan.quick = (v: string) => v.length <= maxLength && v.length >= minLength && patterns.every((p) => p.test(v));
  } else if (simple && def.type === 'number') {
    const { low = -Infinity, high = Infinity, isInt } = plan;
    plan.quick = (v: number) => Number.isFinite(v) && v >= low && v <= high && (!isInt || Number.isSafeInteger(v));
  }
  plans.set(schema, plan);
  return plan;
}

const accepts = (plan: Plan, value: string | number): boolean =>
  plan.quick ? (plan.quick as (v: string | number) => boolean)(value) : plan.schema.safeParse(value).success;

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A short, safe description of a value for a warning. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (Array.isArray(value)) return 'a list';
  if (value === undefined) return 'nothing';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function reasonOf(schema: Schema, value: unknown): string {
  const result = schema.safeParse(value);
  return result.success ? 'Is not valid' : (result.error.issues[0]?.message ?? 'Is not valid');
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on', 'y']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off', 'n', '']);
const MARKER_ALIASES: Record<string, string> = {
  pin1: 'pin',
  pin2: 'pin',
  thumbnail: 'thumb',
  circular: 'circle',
  marker: 'pin',
  none: 'hidden',
};

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

function fixString(hint: string | undefined, value: string): string {
  switch (hint) {
    case 'id':
      return toId(value);
    case 'fieldKey':
      return toFieldKey(value);
    case 'shortText':
      return [...value].slice(0, MAP_LIMITS.labelChars).join('');
    case 'color': {
      const v = value.trim();
      const hex = v.startsWith('#') ? v.slice(1) : v;
      if (/^[0-9a-fA-F]{4}$/.test(hex)) return `#${[...hex].map((c) => c + c).join('')}`;
      return /^(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(hex) ? `#${hex}` : v;
    }
    case 'url':
      return (
        value
          .trim()
          // eslint-disable-next-line no-control-regex
          .replace(/[\u0000-\u001f\u007f]/g, '')
          .replace(/\s/g, (c) => encodeURIComponent(c))
      );
    default:
      return value.trim();
  }
}

/**
 * The walk's position: a stack of path segments turned into text only when a warning needs it
 * (building a path string per value costs more than the rest of the walk).
 */
class Walker {
  private readonly segments: (string | number)[];
  constructor(
    readonly log: RepairLog,
    root: string,
  ) {
    this.segments = root === '' ? [] : root.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  }
  get path(): string {
    return this.segments.join('.');
  }
  /** The path with list positions as '*', grouping alike objects for the unknown-field summary. */
  get pattern(): string {
    return this.segments.map((s) => (typeof s === 'number' ? '*' : s)).join('.');
  }
  enter(segment: string | number): void {
    this.segments.push(segment);
  }
  leave(): void {
    this.segments.pop();
  }
  /** The same position with warnings discarded, for trying alternatives. */
  quiet(): Walker {
    const walker = new Walker(new RepairLog(0), '');
    walker.segments.push(...this.segments);
    return walker;
  }
}

/**
 * `value` repaired to fit `schema`, `undefined` for an absent optional value, or a Fail saying why
 * it could not be; warnings for what was changed go to `log`, naming places from `path`.
 */
export function lenient(schema: Schema, value: unknown, path: string, log: RepairLog): unknown {
  return walk(planOf(schema), value, new Walker(log, path));
}

function step(w: Walker, segment: string | number, plan: Plan, value: unknown): unknown {
  w.enter(segment);
  const result = walk(plan, value, w);
  w.leave();
  return result;
}

function walk(plan: Plan, value: unknown, w: Walker): unknown {
  const { schema } = plan;
  switch (plan.type) {
    case 'optional': {
      if (value === undefined) return undefined;
      if (value === null && !plan.innerNullable) return undefined;
      const result = walk(plan.inner!, value, w);
      if (result instanceof Fail) {
        if (value !== '' && value !== null) w.log.warn(`${w.path}: removed ${describe(value)} (${result.reason})`);
        return undefined;
      }
      return result;
    }
    case 'nullable':
      if (value === null) return null;
      return walk(plan.inner!, value, w);
    case 'default':
    case 'prefault': {
      if (value !== undefined) {
        const result = walk(plan.inner!, value, w);
        if (!(result instanceof Fail)) return result;
        const fallback = schema.parse(undefined);
        if (value !== '' && value !== null) {
          w.log.warn(
            `${w.path}: replaced ${describe(value)} with the default${isPlainObject(fallback) ? '' : ` ${describe(fallback)}`} (${result.reason})`,
          );
        }
        return fallback;
      }
      return schema.parse(undefined);
    }
    case 'object': {
      if (!isPlainObject(value)) return new Fail(reasonOf(schema, value));
      const out: Record<string, unknown> = {};
      for (const [key, child] of plan.entries) {
        const raw = value[key];
        const result = raw === undefined && child.type === 'optional' ? undefined : step(w, key, child, raw);
        if (result instanceof Fail) return new Fail(`${key}: ${result.reason}`);
        if (result !== undefined) out[key] = result;
      }
      for (const key in value) {
        if (!plan.keys.has(key) && Object.hasOwn(value, key)) w.log.unknownField(w.pattern, w.path, key);
      }
      return out;
    }
    case 'array': {
      let list: unknown[];
      if (Array.isArray(value)) list = value;
      else if (typeof value === 'string' && plan.elementIsString)
        list = value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
      else return new Fail(reasonOf(schema, value));
      if (plan.maxLength !== undefined && list.length > plan.maxLength) {
        w.log.warn(`${w.path}: kept the first ${plan.maxLength} of ${list.length} entries`);
        list = list.slice(0, plan.maxLength);
      }
      const element = plan.element!;
      const out: unknown[] = [];
      for (let i = 0; i < list.length; i++) {
        const item = list[i];
        const result = step(w, i, element, item);
        if (result instanceof Fail || result === undefined) {
          w.log.warn(
            `${w.path}.${i}: dropped ${describe(item)} (${result instanceof Fail ? result.reason : 'Required'})`,
          );
        } else out.push(result);
      }
      if (plan.minLength !== undefined && out.length < plan.minLength) return new Fail(reasonOf(schema, out));
      return out;
    }
    case 'tuple': {
      let list: unknown[] | undefined;
      if (Array.isArray(value)) list = value;
      else if (typeof value === 'string') list = value.split(/[\s,;]+/).filter(Boolean);
      if (!list || list.length !== plan.items.length) return new Fail(reasonOf(schema, value));
      const out: unknown[] = [];
      for (let i = 0; i < list.length; i++) {
        const item = list[i];
        const result = step(w, i, plan.items[i]!, item);
        if (result instanceof Fail || result === undefined) return new Fail(reasonOf(schema, value));
        out.push(result);
      }
      return !plan.hasChecks || schema.safeParse(out).success ? out : new Fail(reasonOf(schema, out));
    }
    case 'string': {
      let text: string;
      if (typeof value === 'string') text = value;
      else if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean')
        text = String(value);
      else return new Fail(reasonOf(schema, value));
      if (accepts(plan, text)) return text;
      const original = text;
      text = fixString(plan.hint, text);
      if (plan.maxLength !== undefined && text.length > plan.maxLength) text = text.slice(0, plan.maxLength);
      if (!accepts(plan, text)) return new Fail(reasonOf(schema, original));
      if (original.length > text.length && plan.hint !== 'url')
        w.log.warn(`${w.path}: shortened ${describe(original)} to ${describe(text)}`);
      return text;
    }
    case 'number': {
      const n = toNumber(value);
      if (n === undefined) return new Fail(reasonOf(schema, value));
      const rounded = plan.isInt ? Math.round(n) : n;
      let fixed = rounded;
      if (plan.low !== undefined && fixed < plan.low) fixed = plan.low;
      if (plan.high !== undefined && fixed > plan.high) fixed = plan.high;
      if (!accepts(plan, fixed)) return new Fail(reasonOf(schema, value));
      if (fixed !== rounded) w.log.warn(`${w.path}: ${describe(value)} is out of range; set to ${fixed}`);
      return fixed;
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      if (typeof value === 'number' && (value === 0 || value === 1)) return value === 1;
      if (typeof value === 'string') {
        const word = value.trim().toLowerCase();
        if (TRUE_WORDS.has(word)) return true;
        if (FALSE_WORDS.has(word)) return false;
      }
      return new Fail(reasonOf(schema, value));
    }
    case 'enum': {
      if (typeof value !== 'string') return new Fail(reasonOf(schema, value));
      if (plan.enumValues.includes(value)) return value;
      let word = value.trim().toLowerCase();
      if (plan.hint === 'markerType') word = MARKER_ALIASES[word] ?? word;
      const match = plan.enumValues.find((o) => o.toLowerCase() === word);
      return match ?? new Fail(reasonOf(schema, value));
    }
    case 'literal': {
      const match = plan.literals.find(
        (v) =>
          v === value ||
          (typeof v === 'string' && typeof value === 'string' && v.toLowerCase() === value.trim().toLowerCase()),
      );
      return match !== undefined ? match : new Fail(reasonOf(schema, value));
    }
    case 'union': {
      if (plan.discriminator) {
        const key = plan.discriminator;
        if (!isPlainObject(value)) return new Fail(reasonOf(schema, value));
        for (const option of plan.options) {
          const tag = option.entries.find(([k]) => k === key)![1];
          const literal = walk(tag, value[key], w.quiet());
          if (!(literal instanceof Fail)) return walk(option, { ...value, [key]: literal }, w);
        }
        return new Fail(reasonOf(schema, value));
      }
      for (const option of plan.options) {
        if (!(walk(option, value, w.quiet()) instanceof Fail)) return walk(option, value, w);
      }
      return new Fail(reasonOf(schema, value));
    }
    case 'record': {
      if (!isPlainObject(value)) return new Fail(reasonOf(schema, value));
      const out: Record<string, unknown> = {};
      for (const [rawKey, item] of Object.entries(value)) {
        const key = rawKey === '__proto__' ? '' : walk(plan.keyType!, rawKey, w.quiet());
        if (typeof key !== 'string' || key === '' || Object.hasOwn(out, key)) {
          w.log.warn(`${w.path}: dropped the field named ${describe(rawKey)} (not a usable field name)`);
          continue;
        }
        if (key !== rawKey) w.log.warn(`${w.path}: renamed the field ${describe(rawKey)} to "${key}"`);
        if (item === null || item === undefined) continue;
        const result = step(w, key, plan.valueType!, item);
        if (result instanceof Fail) w.log.warn(`${w.path}.${key}: dropped ${describe(item)} (${result.reason})`);
        else out[key] = result;
      }
      return out;
    }
    default:
      return schema.safeParse(value).success ? value : new Fail(reasonOf(schema, value));
  }
}

// ---- Document repair -------------------------------------------------------------------------

/** Raw id -> final id of each entry kept, for resolving references written with the raw ids. */
class IdTable {
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

function rawIdOf(value: unknown): string {
  return typeof value === 'string'
    ? value.trim()
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : '';
}

/** Repairs a list of id'd entries: each valid, with a unique id; entries that cannot be repaired are dropped. */
function repairList<T>(
  raw: unknown,
  schema: Schema,
  collection: string,
  what: string,
  max: number,
  log: RepairLog,
  key = 'id',
  prepare: (entry: Record<string, unknown>) => Record<string, unknown> = (entry) => entry,
): { items: T[]; table: IdTable } {
  const table = new IdTable();
  const items: T[] = [];
  const plan = planOf(schema);
  const walker = new Walker(log, collection);
  if (raw === undefined || raw === null) return { items, table };
  let list: unknown[];
  if (Array.isArray(raw)) list = raw;
  else if (isPlainObject(raw))
    list = Object.entries(raw).map(([k, v]) => (isPlainObject(v) && v[key] === undefined ? { ...v, [key]: k } : v));
  else {
    log.warn(`${collection}: ignored ${describe(raw)} (Must be a list)`);
    return { items, table };
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
        log.warn(`${path}: renamed ${what}${named} to "${finalId}" (${why})`);
      }
      result[key] = finalId;
      table.add(rawId, finalId);
      items.push(result as T);
    } else {
      log.warn(`${path}: dropped ${what}${named} (${result instanceof Fail ? result.reason : 'Must be an object'})`);
    }
  });
  return { items, table };
}

const RESERVED_FIELD_KEYS: ReadonlySet<string> = new Set(LOCATION_KEYS);

function fixFieldRef(ref: string): string {
  const key = ref.startsWith('fields.') ? ref.slice(7) : '';
  return key && RESERVED_FIELD_KEYS.has(key) && isFieldRef(key) ? key : ref;
}

/** Layers and groups need a name; one without gets its id (which the author sees and can change). */
function named(entry: Record<string, unknown>): Record<string, unknown> {
  const name = entry.name;
  const blank = name === undefined || name === null || (typeof name === 'string' && name.trim() === '');
  return blank ? { ...entry, name: rawIdOf(entry.id).slice(0, MAP_LIMITS.nameLength) || 'Untitled' } : entry;
}

function repairSettings(raw: unknown, log: RepairLog): MapSettings {
  const input: Record<string, unknown> = isPlainObject(raw) ? { ...raw } : {};
  if (raw !== undefined && !isPlainObject(raw)) log.warn(`settings: ignored ${describe(raw)} (Must be an object)`);
  for (const [key, fallback] of [
    ['mapWidth', 1000],
    ['mapHeight', 800],
  ] as const) {
    const size = lenient(settingsSchema.shape[key], input[key], `settings.${key}`, log);
    if (size instanceof Fail) {
      log.warn(
        `settings.${key}: ${input[key] === undefined ? 'missing' : `replaced ${describe(input[key])}`}; set to ${fallback}`,
      );
      input[key] = fallback;
    } else input[key] = size;
  }
  const settings = lenient(settingsSchema, input, 'settings', log);
  return (
    settings instanceof Fail ? settingsSchema.parse({ mapWidth: input.mapWidth, mapHeight: input.mapHeight }) : settings
  ) as MapSettings;
}

/**
 * A valid version-1 document from a version-1-shaped object: values repaired or dropped, ids made
 * valid and unique, references resolved (also when written with the ids before repair), dangling
 * ones dropped. Every change is reported to `log`.
 */
export function repairDocument(raw: Record<string, unknown>, log: RepairLog): MapDocument {
  const settings = repairSettings(raw.settings, log);

  const layerList = repairList<Layer>(raw.layers, layerSchema, 'layers', 'layer', MAP_LIMITS.layers, log, 'id', named);
  const layers = layerList.items;
  if (layers.length === 0) {
    log.warn('layers: the map had no usable layer; added an empty one');
    layers.push({ id: 'layer-1', name: 'Layer 1', file: '' });
    layerList.table.add('', 'layer-1');
  }
  const groups = repairList<MapDocument['groups'][number]>(
    raw.groups,
    groupSchema,
    'groups',
    'group',
    MAP_LIMITS.groups,
    log,
    'id',
    named,
  );
  const styles = repairList<MapDocument['styles'][number]>(
    raw.styles,
    styleSchema,
    'styles',
    'style',
    MAP_LIMITS.styles,
    log,
  );
  const locations = repairList<Location>(
    raw.locations,
    locationSchema,
    'locations',
    'location',
    MAP_LIMITS.locations,
    log,
  );
  const filters = repairList<Filter>(raw.filters, filterSchema, 'filters', 'filter', MAP_LIMITS.filters, log);
  const legend = repairList<MapDocument['legend'][number]>(
    raw.legend,
    legendItemSchema,
    'legend',
    'legend item',
    MAP_LIMITS.legend,
    log,
  );
  const routes = repairList<Route>(raw.routes, routeSchema, 'routes', 'route', MAP_LIMITS.routes, log);
  const breakpoints = repairList<MapDocument['breakpoints'][number]>(
    raw.breakpoints,
    breakpointSchema,
    'breakpoints',
    'breakpoint',
    MAP_LIMITS.breakpoints,
    log,
    'name',
  );

  locations.items.forEach((loc, i) => {
    const path = `locations.${i}`;
    if (loc.layer != null) {
      const layer = layerList.table.resolve(loc.layer);
      if (layer === undefined) {
        log.warn(`${path}.layer: removed the unknown layer "${loc.layer}" from location "${loc.id}"`);
        delete loc.layer;
      } else loc.layer = layer;
    }
    if (loc.style !== undefined) {
      const style = styles.table.resolve(loc.style);
      if (style === undefined) {
        log.warn(`${path}.style: removed the unknown style "${loc.style}" from location "${loc.id}"`);
        delete loc.style;
      } else loc.style = style;
    }
    if (loc.groups) {
      const kept = new Set<string>();
      for (const ref of loc.groups) {
        const group = groups.table.resolve(ref);
        if (group === undefined)
          log.warn(`${path}.groups: removed the unknown group "${ref}" from location "${loc.id}"`);
        else kept.add(group);
      }
      loc.groups = [...kept];
    }
    if (loc.fields) {
      const entries = Object.entries(loc.fields);
      if (entries.length > MAP_LIMITS.fieldsPerLocation)
        log.warn(`${path}.fields: kept the first ${MAP_LIMITS.fieldsPerLocation} of ${entries.length} custom fields`);
      const fields: Record<string, string> = {};
      for (const [key, value] of entries.slice(0, MAP_LIMITS.fieldsPerLocation)) {
        let name = key;
        while (RESERVED_FIELD_KEYS.has(name) || Object.hasOwn(fields, name)) name = `${name}_`;
        if (name.length > MAP_LIMITS.fieldKeyLength) continue;
        if (name !== key)
          log.warn(
            `${path}.fields: renamed the custom field "${key}" to "${name}" (the name is taken by a built-in field)`,
          );
        fields[name] = value;
      }
      loc.fields = fields;
    }
  });

  const refSetting = (value: string | null, table: IdTable, path: string, what: string): string | null => {
    if (value === null) return null;
    const id = table.resolve(value);
    if (id === undefined) log.warn(`${path}: removed the unknown ${what} "${value}"`);
    return id ?? null;
  };
  settings.defaultLayer = refSetting(settings.defaultLayer, layerList.table, 'settings.defaultLayer', 'layer');
  settings.startLocation = refSetting(settings.startLocation, locations.table, 'settings.startLocation', 'location');
  settings.wayfinding.fixedFrom = refSetting(
    settings.wayfinding.fixedFrom,
    locations.table,
    'settings.wayfinding.fixedFrom',
    'location',
  );
  if (settings.directory.sort !== 'none') settings.directory.sort = fixFieldRef(settings.directory.sort);

  filters.items.forEach((filter, i) => {
    const path = `filters.${i}`;
    if (filter.type === 'groups') {
      const resolveAll = (refs: string[], where: string) => {
        const kept = new Set<string>();
        for (const ref of refs) {
          const id = groups.table.resolve(ref);
          if (id === undefined) log.warn(`${path}.${where}: removed the unknown group "${ref}"`);
          else kept.add(id);
        }
        return [...kept];
      };
      filter.groups = resolveAll(filter.groups, 'groups');
      filter.default = resolveAll(filter.default, 'default');
      if (filter.groups.length > 0) {
        const offered = new Set(filter.groups);
        const kept = filter.default.filter((g) => offered.has(g));
        if (kept.length < filter.default.length) log.warn(`${path}.default: removed groups the filter does not offer`);
        filter.default = kept;
      }
    } else if (filter.type === 'checkbox') {
      filter.condition.field = fixFieldRef(filter.condition.field);
    } else {
      filter.field = fixFieldRef(filter.field);
      const seen = new Set<string>();
      filter.options = filter.options.filter((o) => !seen.has(o.value) && seen.add(o.value));
      if (filter.default !== '' && !seen.has(filter.default)) {
        log.warn(`${path}.default: "${filter.default}" is not one of the options; cleared`);
        filter.default = '';
      }
    }
  });

  const keptRoutes: Route[] = [];
  routes.items.forEach((route, i) => {
    const path = `routes.${i}`;
    const layer = layerList.table.resolve(route.layer);
    if (layer === undefined) {
      log.warn(`${path}: dropped route "${route.id}" (unknown layer "${route.layer}")`);
      return;
    }
    route.layer = layer;
    if (route.closed && route.points.length < 3) {
      log.warn(`${path}.closed: route "${route.id}" has fewer than 3 points; made it an open path`);
      route.closed = false;
    }
    if (route.connector && route.endpoint === undefined) {
      log.warn(`${path}.connector: route "${route.id}" has no endpoint; no longer a floor connector`);
      route.connector = false;
    }
    keptRoutes.push(route);
  });

  return {
    schemaVersion: SCHEMA_VERSION,
    settings,
    layers,
    locations: locations.items,
    groups: groups.items,
    filters: filters.items,
    styles: styles.items,
    legend: legend.items,
    routes: keptRoutes,
    breakpoints: breakpoints.items,
  };
}

const COLLECTIONS = ['layers', 'locations', 'groups', 'filters', 'styles', 'legend', 'routes', 'breakpoints'] as const;

/**
 * `doc` checked with the strict schema, as its parsed output. Repair is built to always pass; should
 * a case slip through, the entries (or settings groups) the schema names are dropped (reset) and the
 * document repaired again, so the caller still gets a valid document and a warning, never an error.
 */
export function finishRepair(doc: MapDocument, log: RepairLog): MapDocument {
  let current: Record<string, unknown> = doc;
  for (let round = 0; round < 3; round++) {
    const valid = parseIfValid(current);
    if (valid) return valid;
    const result = strictMapDocument.safeParse(current);
    if (result.success) return result.data;
    const drop = new Map<string, Set<number>>();
    const next: Record<string, unknown> = { ...current, settings: { ...(current.settings as object) } };
    for (const issue of result.error.issues) {
      const [head, index] = issue.path;
      const where = issue.path.map(String).join('.');
      if (typeof head === 'string' && (COLLECTIONS as readonly string[]).includes(head) && typeof index === 'number') {
        if (!drop.has(head)) drop.set(head, new Set());
        drop.get(head)!.add(index);
        log.warn(`${head}.${index}: dropped, as it could not be repaired (${where}: ${issue.message})`);
      } else if (head === 'settings' && typeof index === 'string' && Object.hasOwn(DEFAULT_SETTINGS, index)) {
        (next.settings as Record<string, unknown>)[index] = JSON.parse(
          JSON.stringify(DEFAULT_SETTINGS[index as keyof MapSettings]),
        );
        log.warn(`settings.${index}: reset to the defaults, as it could not be repaired (${where}: ${issue.message})`);
      } else {
        log.warn(`The document could not be repaired (${where || 'document'}: ${issue.message}); started an empty map`);
        return blankDocument();
      }
    }
    for (const [collection, indexes] of drop) {
      next[collection] = (current[collection] as unknown[]).filter((_, i) => !indexes.has(i));
    }
    current = repairDocument(next, log);
  }
  log.warn('The document could not be repaired; started an empty map');
  return blankDocument();
}
