/** Counts in words for the app's English texts: "1 style", "3 styles", never "1 styles". */

/** `n` and the noun, singular for one and plural otherwise (`plural` for nouns not made plural by an "s"). */
export function counted(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
