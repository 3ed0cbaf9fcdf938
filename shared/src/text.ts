/**
 * Rules for short text a person types and others see (map titles, version names, display names, contact
 * names): no NUL or other control characters, no bidirectional overrides or isolates (which make a title
 * read differently from what it is: "Trojan Source"), and no unpaired UTF-16 surrogates (which no storage,
 * URL or JSON encoder can carry faithfully).
 */
import * as z from 'zod/mini';
import { says } from './zod-english';

/** C0 and C1 control characters (tab and newline included), and the bidi embedding, override and isolate marks. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/u;
/** A surrogate code unit with no partner (the `u` flag makes a proper pair one code point, not Cs). */
const LONE_SURROGATE = /\p{Cs}/u;

export const PLAIN_TEXT_MESSAGE =
  'Use letters, digits, spaces and punctuation only (no control characters or direction marks).';

/** Whether a string is well-formed UTF-16 (every surrogate paired). */
export function isWellFormed(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/** The problem with a piece of plain text, or null. */
export function plainTextProblem(value: string): string | null {
  return FORBIDDEN.test(value) || !isWellFormed(value) ? PLAIN_TEXT_MESSAGE : null;
}

/** A zod string refined to plain text; put the trim and length checks on it before. */
export const plainText = <S extends z.ZodMiniType<string>>(schema: S) =>
  schema.check(
    /* @__PURE__ */ z.refine((v: string) => plainTextProblem(v) === null, /* @__PURE__ */ says(PLAIN_TEXT_MESSAGE)),
  );

/** Bytes a string takes in UTF-8 (S3 keys are limited to 1,024 of them). */
export function utf8Length(value: string): number {
  let bytes = 0;
  for (const ch of value) {
    const cp = ch.codePointAt(0)!;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}
