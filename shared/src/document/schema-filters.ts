/** The schemas of filters: declarative conditions on locations' fields and groups, never code. */
import * as z from 'zod';
import { MAP_LIMITS, CONDITION_OPS, FILTER_TYPES } from './map-rules';
import { bool, fieldRef, idOf, list, listOf, oneOf, ref, required, strict, text } from './schema-blocks';

export const conditionSchema = strict({
  field: fieldRef(),
  op: oneOf(CONDITION_OPS),
  /** Compared as text, or as numbers for lt/lte/gt/gte; unused by empty/notEmpty. */
  value: text(MAP_LIMITS.fieldValueLength).default(''),
});

const filterBase = {
  id: idOf('filter'),
  name: text(MAP_LIMITS.nameLength).default(''),
  disable: bool().default(false),
};

/** Pick groups: a location passes when it is in any (or all) of the picked groups. */
export const groupsFilterSchema = strict({
  ...filterBase,
  type: z.literal('groups'),
  /** The groups offered; empty offers every group that is not hidden. */
  groups: list(ref(), MAP_LIMITS.groups, 'groups').default([]),
  default: list(ref(), MAP_LIMITS.groups, 'groups').default([]),
  match: oneOf(['any', 'all'] as const).default('any'),
});

/** When checked, only locations meeting the condition pass. */
export const checkboxFilterSchema = strict({
  ...filterBase,
  type: z.literal('checkbox'),
  condition: conditionSchema,
  default: bool().default(false),
});

/** A choice of values for one field; the empty choice lets everything pass. */
export const dropdownFilterSchema = strict({
  ...filterBase,
  type: z.literal('dropdown'),
  field: fieldRef(),
  options: list(
    strict({
      value: text(MAP_LIMITS.nameLength).min(1, { error: 'An option needs a value' }),
      label: text(MAP_LIMITS.nameLength).optional(),
    }),
    MAP_LIMITS.filterOptions,
    'options',
  ).min(1, { error: 'A dropdown needs at least one option' }),
  /** An option value, or '' for no preselection. */
  default: text(MAP_LIMITS.nameLength).default(''),
  /** equals: the field equals the option (for groups: has that group); contains: the field contains it. */
  match: oneOf(['equals', 'contains'] as const).default('equals'),
});

export const filterSchema = z.discriminatedUnion(
  'type',
  [groupsFilterSchema, checkboxFilterSchema, dropdownFilterSchema],
  {
    // A bad or missing type is reported at filters.N.type; anything but an object at filters.N.
    error: (iss) =>
      typeof iss.input === 'object' && iss.input !== null && !Array.isArray(iss.input)
        ? `Must be one of ${listOf(FILTER_TYPES)}`
        : required('Must be a filter object')(iss),
  },
);
