/**
 * The building blocks of the map document's schema (map-document): zod types whose messages an
 * author can act on, and the repair hints that tell restore (map-repair) how to fix a failing value.
 */
import * as z from 'zod/mini';
import { says } from '../zod-english';
import {
  MAP_LIMITS,
  ID_PATTERN,
  COLOR_PATTERN,
  MERCATOR_MAX_LAT,
  MARKER_TYPES,
  BUILTIN_FIELDS,
  WEB_SCHEMES,
  FIELD_REF_PATTERN,
  isSafeUrl,
  isShortText,
} from './map-rules';

/** How restore may fix a value that fails its schema before checking it again (read by map-repair). */
export type RepairHint = 'id' | 'color' | 'url' | 'shortText' | 'fieldKey' | 'markerType';
const repairHints = /* @__PURE__ */ new WeakMap<object, RepairHint>();
/** The repair hint of a schema node, if it has one. */
export function repairHintOf(schema: object): RepairHint | undefined {
  return repairHints.get(schema);
}
export const hinted = <T extends object>(schema: T, hint: RepairHint): T => {
  repairHints.set(schema, hint);
  return schema;
};

type Issue = { input?: unknown };
export const required = (expected: string) => (iss: Issue) => (iss.input === undefined ? 'Required' : expected);
export const listOf = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');

/**
 * One schema per factory and arguments: zod's schemas are immutable, so a field type used in many places (a Boolean
 * switch, a text of a given length) is made once. The document's schema is built at every cold start of the map
 * calls, and each schema made costs there (zod binds its methods to every instance).
 */
function once<A extends unknown[], S>(make: (...args: A) => S): (...args: A) => S {
  const made = new Map<string, S>();
  return (...args: A) => {
    const key = args.map((a) => (a instanceof Set ? [...a].join(' ') : String(a))).join('|');
    let schema = made.get(key);
    if (schema === undefined) made.set(key, (schema = make(...args)));
    return schema;
  };
}

export const text = /* @__PURE__ */ once((max: number) =>
  /* @__PURE__ */ z
    .string({ error: required('Must be text') })
    .check(/* @__PURE__ */ z.maxLength(max, /* @__PURE__ */ says(`Must be at most ${max} characters`))),
);
export const bool = /* @__PURE__ */ once(() => /* @__PURE__ */ z.boolean({ error: required('Must be true or false') }));
export const num = /* @__PURE__ */ once((min: number, max: number) =>
  z
    .number({ error: required('Must be a number') })
    .check(
      /* @__PURE__ */ z.gte(min, /* @__PURE__ */ says(`Must be at least ${min}`)),
      /* @__PURE__ */ z.lte(max, /* @__PURE__ */ says(`Must be at most ${max}`)),
    ),
);
export const int = /* @__PURE__ */ once((min: number, max: number) =>
  z
    .number({ error: required('Must be a number') })
    .check(
      /* @__PURE__ */ z.gte(min, /* @__PURE__ */ says(`Must be at least ${min}`)),
      /* @__PURE__ */ z.lte(max, /* @__PURE__ */ says(`Must be at most ${max}`)),
      /* @__PURE__ */ z.int(/* @__PURE__ */ says('Must be a whole number')),
    ),
);
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  /* @__PURE__ */ z.enum(values, { error: required(`Must be one of ${listOf(values)}`) });
export const idOf = /* @__PURE__ */ once((what: string) =>
  hinted(
    z
      .string({ error: required(`Must be a ${what} id (text)`) })
      .check(
        /* @__PURE__ */ z.regex(
          ID_PATTERN,
          /* @__PURE__ */ says(
            `A ${what} id must be 1-64 characters: letters, digits, "_" or "-", not starting with "-"`,
          ),
        ),
      ),
    'id',
  ),
);
// References are checked for existence by the document check, which names the missing id.
export const ref = /* @__PURE__ */ once(() =>
  /* @__PURE__ */ z
    .string({ error: required('Must be an id (text)') })
    .check(/* @__PURE__ */ z.maxLength(MAP_LIMITS.idLength, /* @__PURE__ */ says('No such id'))),
);
export const color = /* @__PURE__ */ once(() =>
  hinted(
    z
      .string({ error: required('Must be a color') })
      .check(
        /* @__PURE__ */ z.regex(COLOR_PATTERN, /* @__PURE__ */ says('Must be a hex color: #rgb, #rrggbb or #rrggbbaa')),
      ),
    'color',
  ),
);
export const url = /* @__PURE__ */ once((schemes: ReadonlySet<string> = WEB_SCHEMES) =>
  hinted(
    text(MAP_LIMITS.urlLength).check(
      /* @__PURE__ */ z.refine(
        (v) => isSafeUrl(v, schemes),
        /* @__PURE__ */ says(
          `Must be a relative URL or one starting with ${[...schemes].map((s) => `${s}:`).join(', ')}, without spaces`,
        ),
      ),
    ),
    'url',
  ),
);
export const imageOrShortText = /* @__PURE__ */ once(() =>
  hinted(
    text(MAP_LIMITS.urlLength).check(
      /* @__PURE__ */ z.refine(
        (v) => isShortText(v) || isSafeUrl(v),
        /* @__PURE__ */ says(
          'Must be 1-3 characters of text or an image URL (relative, http: or https:, without spaces)',
        ),
      ),
    ),
    'url',
  ),
);
export const markerType = /* @__PURE__ */ once(() => hinted(oneOf(MARKER_TYPES), 'markerType'));
export const fieldRef = /* @__PURE__ */ once(() =>
  z
    .string({ error: required('Must be a field name') })
    .check(
      /* @__PURE__ */ z.regex(
        FIELD_REF_PATTERN,
        /* @__PURE__ */ says(`Must be one of ${listOf(BUILTIN_FIELDS)} or "fields.<key>"`),
      ),
    ),
);
const unit = () => num(0, 1);
export const coordinate = /* @__PURE__ */ once(() =>
  /* @__PURE__ */ z.tuple([unit(), unit()], { error: required('Must be [x, y] with x and y between 0 and 1') }),
);
export const latLon = /* @__PURE__ */ once(() =>
  /* @__PURE__ */ z.tuple([num(-MERCATOR_MAX_LAT, MERCATOR_MAX_LAT), num(-180, 180)], {
    error: required('Must be [latitude, longitude] in degrees'),
  }),
);
export function strict<T extends z.core.$ZodLooseShape>(shape: T) {
  return /* @__PURE__ */ z.strictObject(shape, {
    error: (iss) => {
      if (iss.code === 'unrecognized_keys') {
        const keys = iss.keys;
        return `Unknown field${keys.length > 1 ? 's' : ''} ${listOf(keys)}`;
      }
      return iss.input === undefined ? 'Required' : 'Must be an object';
    },
  });
}
export const list = <T extends z.ZodMiniType>(item: T, max: number, what: string) =>
  z
    .array(item, { error: required('Must be a list') })
    .check(/* @__PURE__ */ z.maxLength(max, /* @__PURE__ */ says(`At most ${max} ${what} are allowed`)));
