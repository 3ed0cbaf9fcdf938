/**
 * Making ids that satisfy the document's id rule (`ID_PATTERN`), for the editor (new locations,
 * ids from names, linking SVG element ids), restore and the Mapplic importer.
 */
import { FIELD_KEY_PATTERN, ID_PATTERN, MAP_LIMITS } from './map-rules';

const COMBINING_MARKS = /[\u0300-\u036f]/g;

/** `raw` as a valid id: unchanged when already valid, else accents dropped and other characters turned into '-'; '' when nothing usable is left. */
export function toId(raw: string): string {
  if (ID_PATTERN.test(raw)) return raw;
  return raw
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAP_LIMITS.idLength)
    .replace(/-+$/, '');
}

/** `raw` as a valid custom field key ('' when nothing usable is left). */
export function toFieldKey(raw: string): string {
  if (FIELD_KEY_PATTERN.test(raw)) return raw;
  let key = raw
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (key !== '' && !/^[A-Za-z_]/.test(key)) key = `_${key}`;
  return key.slice(0, MAP_LIMITS.fieldKeyLength);
}

/**
 * A valid id not in `taken`: `base` itself when possible, else `base-2`, `base-3`, ... (shortened
 * to fit the length cap); `fallback` (e.g. 'location') stands in for a base with nothing usable.
 */
export function uniqueId(base: string, taken: Pick<ReadonlySet<string>, 'has'>, fallback = 'item'): string {
  const stem = toId(base) || toId(fallback) || 'item';
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${stem.slice(0, MAP_LIMITS.idLength - suffix.length).replace(/-+$/, '') || 'x'}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
