/**
 * The schema-driven lenient walk: a value checked against its schema node and, where it fails,
 * coerced (numbers and booleans given as strings, out-of-range numbers clamped, over-long text
 * shortened), replaced by its default or removed, leaving a warning for every change.
 */
import { RepairLog } from './log';
import { accepts, planOf, type Plan, type Schema } from './plan';
import { describe, fixString, isPlainObject, markerAlias, toBoolean, toNumber } from './values';

/** Why a value could not be repaired to fit its schema. */
export class Fail {
  constructor(readonly reason: string) {}
}

function reasonOf(schema: Schema, value: unknown): string {
  const result = schema.safeParse(value);
  return result.success ? 'Is not valid' : (result.error.issues[0]?.message ?? 'Is not valid');
}

/**
 * The walk's position: a stack of path segments turned into text only when a warning needs it
 * (building a path string per value costs more than the rest of the walk).
 */
export class Walker {
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

/** `value` walked as the child `segment` of the walk's position. */
export function step(w: Walker, segment: string | number, plan: Plan, value: unknown): unknown {
  w.enter(segment);
  const result = walk(plan, value, w);
  w.leave();
  return result;
}

function walk(plan: Plan, value: unknown, w: Walker): unknown {
  switch (plan.type) {
    case 'optional':
      return walkOptional(plan, value, w);
    case 'nullable':
      return value === null ? null : walk(plan.inner!, value, w);
    case 'default':
    case 'prefault':
      return walkDefault(plan, value, w);
    case 'object':
      return walkObject(plan, value, w);
    case 'array':
      return walkArray(plan, value, w);
    case 'tuple':
      return walkTuple(plan, value, w);
    case 'string':
      return walkString(plan, value, w);
    case 'number':
      return walkNumber(plan, value, w);
    case 'boolean':
      return toBoolean(value) ?? new Fail(reasonOf(plan.schema, value));
    case 'enum':
      return walkEnum(plan, value);
    case 'literal':
      return walkLiteral(plan, value);
    case 'union':
      return plan.discriminator ? walkTaggedUnion(plan, plan.discriminator, value, w) : walkUnion(plan, value, w);
    case 'record':
      return walkRecord(plan, value, w);
    default:
      return plan.schema.safeParse(value).success ? value : new Fail(reasonOf(plan.schema, value));
  }
}

function walkOptional(plan: Plan, value: unknown, w: Walker): unknown {
  if (value === undefined) return undefined;
  if (value === null && !plan.innerNullable) return undefined;
  const result = walk(plan.inner!, value, w);
  if (result instanceof Fail) {
    if (value !== '' && value !== null) w.log.warn(`${w.path}: removed ${describe(value)} (${result.reason})`);
    return undefined;
  }
  return result;
}

/** A value with a default (or prefault): its default when absent or beyond repair. */
function walkDefault(plan: Plan, value: unknown, w: Walker): unknown {
  const { schema } = plan;
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

function walkObject(plan: Plan, value: unknown, w: Walker): unknown {
  if (!isPlainObject(value)) return new Fail(reasonOf(plan.schema, value));
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

/** A list; a list of text may also be given as comma-separated text. Entries beyond repair are dropped. */
function walkArray(plan: Plan, value: unknown, w: Walker): unknown {
  const { schema } = plan;
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
      w.log.warn(`${w.path}.${i}: dropped ${describe(item)} (${result instanceof Fail ? result.reason : 'Required'})`);
    } else out.push(result);
  }
  if (plan.minLength !== undefined && out.length < plan.minLength) return new Fail(reasonOf(schema, out));
  return out;
}

/** A fixed-length list such as a coordinate, also given as text ("0.5, 0.25"); it fits whole or fails. */
function walkTuple(plan: Plan, value: unknown, w: Walker): unknown {
  const { schema } = plan;
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

function walkString(plan: Plan, value: unknown, w: Walker): unknown {
  let text: string;
  if (typeof value === 'string') text = value;
  else if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') text = String(value);
  else return new Fail(reasonOf(plan.schema, value));
  if (accepts(plan, text)) return text;
  const original = text;
  text = fixString(plan.hint, text);
  if (plan.maxLength !== undefined && text.length > plan.maxLength) text = text.slice(0, plan.maxLength);
  if (!accepts(plan, text)) return new Fail(reasonOf(plan.schema, original));
  if (original.length > text.length && plan.hint !== 'url')
    w.log.warn(`${w.path}: shortened ${describe(original)} to ${describe(text)}`);
  return text;
}

function walkNumber(plan: Plan, value: unknown, w: Walker): unknown {
  const n = toNumber(value);
  if (n === undefined) return new Fail(reasonOf(plan.schema, value));
  const rounded = plan.isInt ? Math.round(n) : n;
  let fixed = rounded;
  if (plan.low !== undefined && fixed < plan.low) fixed = plan.low;
  if (plan.high !== undefined && fixed > plan.high) fixed = plan.high;
  if (!accepts(plan, fixed)) return new Fail(reasonOf(plan.schema, value));
  if (fixed !== rounded) w.log.warn(`${w.path}: ${describe(value)} is out of range; set to ${fixed}`);
  return fixed;
}

/** One of a list of words, matched regardless of case (marker types also by their old names). */
function walkEnum(plan: Plan, value: unknown): unknown {
  if (typeof value !== 'string') return new Fail(reasonOf(plan.schema, value));
  if (plan.enumValues.includes(value)) return value;
  let word = value.trim().toLowerCase();
  if (plan.hint === 'markerType') word = markerAlias(word);
  const match = plan.enumValues.find((o) => o.toLowerCase() === word);
  return match ?? new Fail(reasonOf(plan.schema, value));
}

function walkLiteral(plan: Plan, value: unknown): unknown {
  const match = plan.literals.find(
    (v) =>
      v === value ||
      (typeof v === 'string' && typeof value === 'string' && v.toLowerCase() === value.trim().toLowerCase()),
  );
  return match !== undefined ? match : new Fail(reasonOf(plan.schema, value));
}

/** A union told apart by the `key` field (a filter's type): the first option whose tag the value's tag repairs to. */
function walkTaggedUnion(plan: Plan, key: string, value: unknown, w: Walker): unknown {
  if (!isPlainObject(value)) return new Fail(reasonOf(plan.schema, value));
  for (const option of plan.options) {
    const tag = option.entries.find(([k]) => k === key)![1];
    const literal = walk(tag, value[key], w.quiet());
    if (!(literal instanceof Fail)) return walk(option, { ...value, [key]: literal }, w);
  }
  return new Fail(reasonOf(plan.schema, value));
}

/** Any other union: the first option the value can be repaired to. */
function walkUnion(plan: Plan, value: unknown, w: Walker): unknown {
  for (const option of plan.options) {
    if (!(walk(option, value, w.quiet()) instanceof Fail)) return walk(option, value, w);
  }
  return new Fail(reasonOf(plan.schema, value));
}

/** Custom fields: keys repaired to usable field names, empty values skipped, values beyond repair dropped. */
function walkRecord(plan: Plan, value: unknown, w: Walker): unknown {
  if (!isPlainObject(value)) return new Fail(reasonOf(plan.schema, value));
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
