/**
 * The schema nodes as the repair walk (walk.ts) sees them: each node's type, children and
 * checks, worked out once per node, with a quick check where one is equivalent to zod's.
 */
import type * as z from 'zod/mini';
import { repairHintOf } from '../document/map-document';

export type Schema = z.ZodMiniType;
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
export interface Plan {
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
const plans = /* @__PURE__ */ new WeakMap<Schema, Plan>();
const SIMPLE_CHECKS = /* @__PURE__ */ new Set([
  'max_length',
  'min_length',
  'string_format',
  'greater_than',
  'less_than',
  'number_format',
]);

/** The plan of a schema node (and, through it, of its children), cached per node. */
export function planOf(schema: Schema): Plan {
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

/** True when the node's schema accepts `value`, by the quick check where there is one. */
export const accepts = (plan: Plan, value: string | number): boolean =>
  plan.quick ? (plan.quick as (v: string | number) => boolean)(value) : plan.schema.safeParse(value).success;
