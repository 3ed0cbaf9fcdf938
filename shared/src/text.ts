/**
 * Rules for short text a person types and others see (map titles, version names, display names, contact
 * names): no NUL or other control characters, no bidirectional overrides or isolates (which make a title
 * read differently from what it is: "Trojan Source"), no unpaired UTF-16 surrogates (which no storage,
 * URL or JSON encoder can carry faithfully), and, when not empty, at least one character that shows.
 */
import * as z from 'zod/mini';
import { says } from './zod-english';

/** C0 and C1 control characters (tab and newline included), and the bidi embedding, override and isolate marks. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/u;
/** A surrogate code unit with no partner (the `u` flag makes a proper pair one code point, not Cs). */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * A character that shows: not a space, a control or format character (zero-width spaces and joiners, direction
 * marks, the byte order mark), a character that is ignored when shown (fillers, variation selectors), nor a
 * combining mark, which shows only on another character. The braille blank looks like a space.
 */
const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{M}\u2800]/u;

export const PLAIN_TEXT_MESSAGE =
  'Use letters, digits, spaces and punctuation only (no control characters or direction marks).';
/** Text made of invisible characters only would show as a blank name. */
export const INVISIBLE_TEXT_MESSAGE = 'Use at least one visible character (a letter, digit or symbol).';

/** Whether a string is well-formed UTF-16 (every surrogate paired). */
export function isWellFormed(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/**
 * The problem with a piece of plain text, or null. Empty text has none here (the fields that need text say so with
 * their own message); text that is there but shows nothing has.
 */
export function plainTextProblem(value: string): string | null {
  if (FORBIDDEN.test(value) || !isWellFormed(value)) return PLAIN_TEXT_MESSAGE;
  return value !== '' && !VISIBLE.test(value) ? INVISIBLE_TEXT_MESSAGE : null;
}

/** A zod string refined to plain text; put the trim and length checks on it before. */
export const plainText = <S extends z.ZodMiniType<string>>(schema: S) =>
  schema
    .check(
      /* @__PURE__ */ z.refine(
        (v: string) => plainTextProblem(v) !== PLAIN_TEXT_MESSAGE,
        /* @__PURE__ */ says(PLAIN_TEXT_MESSAGE),
      ),
    )
    .check(
      /* @__PURE__ */ z.refine(
        (v: string) => plainTextProblem(v) !== INVISIBLE_TEXT_MESSAGE,
        /* @__PURE__ */ says(INVISIBLE_TEXT_MESSAGE),
      ),
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
