/** Counts in words for the app's English texts: "1 style", "3 styles", never "1 styles". */

/** `n` and the noun, singular for one and plural otherwise (`plural` for nouns not made plural by an "s"). */
export function counted(n: number, singular: string, plural = `${singular}s`): string {
  return `${number(n)} ${n === 1 ? singular : plural}`;
}

/** A count as the app's English texts write it: "10,000", not "10000" (grouped as the browser's English locale does). */
export function number(n: number): string {
  return n.toLocaleString(UI_LOCALE);
}

/**
 * The locale of dates and times in the app's English texts: the first English one the browser lists ('en-GB' writes
 * "3 Dec 2026", 'en-US' "Dec 3, 2026", 'en-AU' its own), else 'en'. Never another language: month names stay English,
 * like the sentences around them.
 */
export function uiLocale(languages: readonly string[]): string {
  for (const tag of languages) {
    if (!/^en(-|$)/i.test(tag)) continue;
    try {
      // A tag Intl cannot read would make every date format throw, the app with it.
      return Intl.getCanonicalLocales(tag)[0]!;
    } catch {
      // Not a language tag: the next one.
    }
  }
  return 'en';
}

/** The browser's uiLocale, read once. */
export const UI_LOCALE = /* @__PURE__ */ uiLocale(
  typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language],
);
