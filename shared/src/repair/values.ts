/** Reading loose values for repair: what a value is, how a warning names it, and coercions of numbers, booleans and text. */
import { MAP_LIMITS } from '../document/map-document';
import { toFieldKey, toId } from '../document/map-ids';

/** True for an object that is neither null nor a list. */
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

const TRUE_WORDS = /* @__PURE__ */ new Set(['true', '1', 'yes', 'on', 'y']);
const FALSE_WORDS = /* @__PURE__ */ new Set(['false', '0', 'no', 'off', 'n', '']);
const MARKER_ALIASES: Record<string, string> = {
  pin1: 'pin',
  pin2: 'pin',
  thumbnail: 'thumb',
  circular: 'circle',
  marker: 'pin',
  none: 'hidden',
};

/** The marker type an old or Mapplic name stands for (`pin1` is a pin), or the word itself. */
export const markerAlias = (word: string): string => MARKER_ALIASES[word] ?? word;

/** A boolean given as a boolean, 0 or 1, or a word such as "yes" or "off"; undefined for anything else. */
export function toBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' && (value === 0 || value === 1)) return value === 1;
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
  }
  return undefined;
}

/** A finite number given as a number or as text; undefined for anything else. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** Text repaired by its schema's hint: an id, field key, colour or URL made valid where it can be, a label cut to length. */
export function fixString(hint: string | undefined, value: string): string {
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
