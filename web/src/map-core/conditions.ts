/**
 * Declarative location filters (checkbox conditions, dropdowns, group picks). Documents hold no
 * code, unlike the incumbent's `new Function` filters, so the embed runs under a strict CSP.
 */
import type { Condition, Filter, Location } from '@mapnest/shared/map-document';

/** The text of a location property named by a field reference ('title', 'groups', 'fields.price'). */
export function fieldText(loc: Location, ref: string): string {
  if (ref.startsWith('fields.')) return loc.fields?.[ref.slice(7)] ?? '';
  if (ref === 'groups') return (loc.groups ?? []).join(',');
  const v = (loc as unknown as Record<string, unknown>)[ref];
  return v == null ? '' : String(v);
}

function toNumber(s: string): number | null {
  const n = Number(s.trim());
  return s.trim() !== '' && Number.isFinite(n) ? n : null;
}

/** True when a location meets a condition; text comparisons ignore case. */
export function meetsCondition(loc: Location, c: Condition): boolean {
  if (
    c.field === 'groups' &&
    (c.op === 'equals' || c.op === 'notEquals' || c.op === 'contains' || c.op === 'notContains')
  ) {
    const has = (loc.groups ?? []).includes(c.value);
    return c.op === 'equals' || c.op === 'contains' ? has : !has;
  }
  const value = fieldText(loc, c.field);
  const a = value.toLowerCase();
  const b = c.value.toLowerCase();
  switch (c.op) {
    case 'equals':
      return a === b;
    case 'notEquals':
      return a !== b;
    case 'contains':
      return a.includes(b);
    case 'notContains':
      return !a.includes(b);
    case 'startsWith':
      return a.startsWith(b);
    case 'empty':
      return value.trim() === '';
    case 'notEmpty':
      return value.trim() !== '';
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      const x = toNumber(value);
      const y = toNumber(c.value);
      if (x === null || y === null) return false;
      return c.op === 'lt' ? x < y : c.op === 'lte' ? x <= y : c.op === 'gt' ? x > y : x >= y;
    }
  }
}

/** A filter's current value: picked group ids, a checkbox state or a dropdown option ('' for all). */
export type FilterValue = readonly string[] | boolean | string;

/** The value a filter starts with. */
export function defaultFilterValue(f: Filter): FilterValue {
  return f.type === 'groups' ? [...f.default] : f.default;
}

/** True when the filter narrows anything down with this value. */
export function filterActive(f: Filter, value: FilterValue | undefined): boolean {
  if (f.disable || value === undefined) return false;
  if (f.type === 'groups') return Array.isArray(value) && value.length > 0;
  if (f.type === 'checkbox') return value === true;
  return typeof value === 'string' && value !== '';
}

/** True when a location passes one filter at a value (filters combine with AND). */
export function passesFilter(loc: Location, f: Filter, value: FilterValue | undefined): boolean {
  if (!filterActive(f, value)) return true;
  if (f.type === 'groups') {
    const picked = value as readonly string[];
    const own = loc.groups ?? [];
    return f.match === 'all' ? picked.every((g) => own.includes(g)) : picked.some((g) => own.includes(g));
  }
  if (f.type === 'checkbox') return meetsCondition(loc, f.condition);
  const option = value as string;
  if (f.field === 'groups') return (loc.groups ?? []).includes(option);
  const text = fieldText(loc, f.field).toLowerCase();
  return f.match === 'contains' ? text.includes(option.toLowerCase()) : text === option.toLowerCase();
}
