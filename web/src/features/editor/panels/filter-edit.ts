/**
 * The pure half of filter editing: what the directory will offer, the options of a dropdown as
 * lines of text (with line-numbered messages), suggested options from the map's own values, and the
 * checks a condition needs before it is saved. The GroupsPanel shows these; tests call them directly.
 */
import {
  BUILTIN_FIELDS,
  MAP_LIMITS,
  type Condition,
  type ConditionOp,
  type DropdownFilter,
  type Filter,
  type MapDocument,
} from '@mapnest/shared/map-document';
import { fieldText } from '../../../map-core/conditions';

export type DropdownOption = DropdownFilter['options'][number];

export const FILTER_KIND_LABELS: Record<Filter['type'], string> = {
  groups: 'Group tags',
  checkbox: 'Checkbox',
  dropdown: 'Dropdown',
};

export const CONDITION_LABELS: Record<ConditionOp, string> = {
  equals: 'is',
  notEquals: 'is not',
  contains: 'contains',
  notContains: 'does not contain',
  startsWith: 'starts with',
  empty: 'is empty',
  notEmpty: 'is not empty',
  lt: 'is less than (number)',
  lte: 'is at most (number)',
  gt: 'is more than (number)',
  gte: 'is at least (number)',
};

const NUMERIC_OPS: ReadonlySet<ConditionOp> = new Set(['lt', 'lte', 'gt', 'gte']);
const VALUELESS_OPS: ReadonlySet<ConditionOp> = new Set(['empty', 'notEmpty']);

/** True when the condition compares with a value (not for "is empty" / "is not empty"). */
export function conditionTakesValue(op: ConditionOp): boolean {
  return !VALUELESS_OPS.has(op);
}

/** What is wrong with a condition the schema accepts but that would never match as meant, or null. */
export function conditionProblem(c: Pick<Condition, 'op' | 'value'>): string | null {
  if (NUMERIC_OPS.has(c.op) && (c.value.trim() === '' || !Number.isFinite(Number(c.value.trim())))) {
    return `“${CONDITION_LABELS[c.op].replace(' (number)', '')}” compares numbers: enter a number as the value`;
  }
  return null;
}

/** The name visitors see for a filter (a group filter without one is shown as "Categories"). */
export function filterDisplayName(f: Filter): string {
  return f.name || (f.type === 'groups' ? 'Categories' : f.id);
}

/** Why a filter name cannot be used, or null. Checkboxes and dropdowns show their name as their only label. */
export function filterNameProblem(type: Filter['type'], name: string): string | null {
  if (name.trim() !== '' || type === 'groups') return null;
  return type === 'checkbox'
    ? 'A checkbox needs a name: visitors see it next to the box'
    : 'A dropdown needs a name: visitors see it above the list';
}

/** One sentence saying which filters the directory offers visitors, as the viewer decides it. */
export function offeredSummary(doc: MapDocument): string {
  if (!doc.settings.filters.enabled) return 'Filters are off: the directory offers search only.';
  const own = doc.filters.filter((f) => !f.disable);
  const off = doc.filters.length - own.length;
  const offNote = off ? ` ${off === 1 ? 'One filter is' : `${off} filters are`} off.` : '';
  if (own.length === 0) {
    const visible = doc.groups.filter((g) => !g.hide).length;
    return visible > 1
      ? `With no filters of its own, the directory offers the ${visible} visible groups as “Categories” tags.${offNote}`
      : `The directory offers no filters: add a filter, or at least two visible groups.${offNote}`;
  }
  return `The directory offers, in this order: ${own.map((f) => `${filterDisplayName(f)} (${FILTER_KIND_LABELS[f.type].toLowerCase()})`).join(', ')}.${offNote}`;
}

/** Field references a filter can read: the built-in ones, then `fields.<key>` for every custom key in use. */
export function fieldChoices(doc: MapDocument): string[] {
  const keys = new Set<string>();
  for (const l of doc.locations) if (l.fields) for (const k of Object.keys(l.fields)) keys.add(k);
  return [...BUILTIN_FIELDS, ...[...keys].sort().map((k) => `fields.${k}`)];
}

/** A hint when a custom field is named that no location has (the filter would match nothing). */
export function unusedFieldHint(doc: MapDocument, field: string): string | null {
  if (!field.startsWith('fields.')) return null;
  const key = field.slice(7);
  return doc.locations.some((l) => l.fields && key in l.fields) ? null : `No location has a “${key}” field yet.`;
}

/** The options as text, one per line: `value` or `value=Label`. */
export function optionsText(options: readonly DropdownOption[]): string {
  return options.map((o) => (o.label ? `${o.value}=${o.label}` : o.value)).join('\n');
}

/** Options typed one per line (`value` or `value=Label`; blank lines skipped), or what is wrong, by line. */
export function parseOptions(text: string): { options: DropdownOption[] } | { error: string } {
  const options: DropdownOption[] = [];
  const seen = new Map<string, number>();
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const n = i + 1;
    const eq = line.indexOf('=');
    const value = (eq < 0 ? line : line.slice(0, eq)).trim();
    const label = eq < 0 ? '' : line.slice(eq + 1).trim();
    if (value === '') return { error: `Line ${n}: an option needs a value before “=”` };
    if (value.length > MAP_LIMITS.nameLength)
      return { error: `Line ${n}: a value can be at most ${MAP_LIMITS.nameLength} characters` };
    if (label.length > MAP_LIMITS.nameLength)
      return { error: `Line ${n}: a label can be at most ${MAP_LIMITS.nameLength} characters` };
    const before = seen.get(value);
    if (before !== undefined) return { error: `Line ${n}: “${value}” is already an option (line ${before})` };
    seen.set(value, n);
    options.push(label ? { value, label } : { value });
  }
  if (options.length === 0) return { error: 'A dropdown needs at least one option' };
  if (options.length > MAP_LIMITS.filterOptions)
    return { error: `A dropdown holds at most ${MAP_LIMITS.filterOptions} options (this has ${options.length})` };
  return { options };
}

/**
 * Options for a dropdown on `field` from the map itself: its layers or groups (with their names), or
 * every distinct value the locations have, in natural order. `more` counts values left out by the cap.
 */
export function suggestOptions(doc: MapDocument, field: string): { options: DropdownOption[]; more: number } {
  if (field === 'layer') return { options: doc.layers.map((l) => ({ value: l.id, label: l.name })), more: 0 };
  if (field === 'groups')
    return { options: doc.groups.filter((g) => !g.hide).map((g) => ({ value: g.id, label: g.name })), more: 0 };
  const values = new Set<string>();
  for (const l of doc.locations) {
    const v = fieldText(l, field).trim();
    if (v !== '' && v.length <= MAP_LIMITS.nameLength) values.add(v);
  }
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  const sorted = [...values].sort(collator.compare);
  return {
    options: sorted.slice(0, MAP_LIMITS.filterOptions).map((value) => ({ value })),
    more: Math.max(0, sorted.length - MAP_LIMITS.filterOptions),
  };
}
