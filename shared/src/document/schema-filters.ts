/** The schemas of filters: declarative conditions on locations' fields and groups, never code. */
import * as z from 'zod/mini';
import { says } from '../zod-english';
import { MAP_LIMITS, CONDITION_OPS, FILTER_TYPES } from './map-rules';
import { bool, fieldRef, idOf, list, listOf, oneOf, ref, required, strict, text } from './schema-blocks';

export const conditionSchema = /* @__PURE__ */ strict({
  field: /* @__PURE__ */ fieldRef(),
  op: /* @__PURE__ */ oneOf(CONDITION_OPS),
  /** Compared as text, or as numbers for lt/lte/gt/gte; unused by empty/notEmpty. */
  value: /* @__PURE__ */ z._default(/* @__PURE__ */ text(MAP_LIMITS.fieldValueLength), ''),
});

const filterBase = {
  id: /* @__PURE__ */ idOf('filter'),
  name: /* @__PURE__ */ z._default(/* @__PURE__ */ text(MAP_LIMITS.nameLength), ''),
  disable: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), false),
};

/** Pick groups: a location passes when it is in any (or all) of the picked groups. */
export const groupsFilterSchema = /* @__PURE__ */ strict({
  ...filterBase,
  type: /* @__PURE__ */ z.literal('groups'),
  /** The groups offered; empty offers every group that is not hidden. */
  groups: /* @__PURE__ */ z._default(/* @__PURE__ */ list(/* @__PURE__ */ ref(), MAP_LIMITS.groups, 'groups'), []),
  default: /* @__PURE__ */ z._default(/* @__PURE__ */ list(/* @__PURE__ */ ref(), MAP_LIMITS.groups, 'groups'), []),
  match: /* @__PURE__ */ z._default(/* @__PURE__ */ oneOf(['any', 'all'] as const), 'any'),
});

/** When checked, only locations meeting the condition pass. */
export const checkboxFilterSchema = /* @__PURE__ */ strict({
  ...filterBase,
  type: /* @__PURE__ */ z.literal('checkbox'),
  condition: conditionSchema,
  default: /* @__PURE__ */ z._default(/* @__PURE__ */ bool(), false),
});

/** A choice of values for one field; the empty choice lets everything pass. */
export const dropdownFilterSchema = /* @__PURE__ */ strict({
  ...filterBase,
  type: /* @__PURE__ */ z.literal('dropdown'),
  field: /* @__PURE__ */ fieldRef(),
  options: /* @__PURE__ */ list(
    /* @__PURE__ */ strict({
      value: /* @__PURE__ */ text(MAP_LIMITS.nameLength).check(
        /* @__PURE__ */ z.minLength(1, /* @__PURE__ */ says('An option needs a value')),
      ),
      label: /* @__PURE__ */ z.optional(/* @__PURE__ */ text(MAP_LIMITS.nameLength)),
    }),
    MAP_LIMITS.filterOptions,
    'options',
  ).check(/* @__PURE__ */ z.minLength(1, /* @__PURE__ */ says('A dropdown needs at least one option'))),
  /** An option value, or '' for no preselection. */
  default: /* @__PURE__ */ z._default(/* @__PURE__ */ text(MAP_LIMITS.nameLength), ''),
  /** equals: the field equals the option (for groups: has that group); contains: the field contains it. */
  match: /* @__PURE__ */ z._default(/* @__PURE__ */ oneOf(['equals', 'contains'] as const), 'equals'),
});

export const filterSchema = /* @__PURE__ */ z.discriminatedUnion(
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
