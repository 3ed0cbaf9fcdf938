/**
 * Case- and accent-insensitive text matching with highlight ranges in the original text.
 * Folding works code point by code point (decompose with compatibility forms, drop combining marks, lower-case, a few
 * letters that do not decompose), so every folded character maps back to its source and the
 * highlight lands on exactly the characters the visitor sees. Browser only (htmlToText reads references with the page's
 * HTML parser).
 */
const SPECIAL: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
  ı: 'i',
  ς: 'σ',
  '\u00a0': ' ',
};

const MARKS = /\p{M}/gu;
const foldCache = new Map<string, string>();

function foldCodePoint(ch: string): string {
  const cached = foldCache.get(ch);
  if (cached !== undefined) return cached;
  let folded = foldOnce(ch);
  // Some folds give characters that fold further ('ẞ' lowercases to 'ß', which reads as 'ss'):
  // fold again until nothing changes, so folding folded text changes nothing.
  for (let round = 0; round < 4; round++) {
    let next = '';
    for (const c of folded) next += foldOnce(c);
    if (next === folded) break;
    folded = next;
  }
  if (foldCache.size < 4096) foldCache.set(ch, folded);
  return folded;
}

/** Compatibility forms fold too: a Japanese keyboard's full-width "Ｃａｆｅ" and half-width "ｶﾌｪ" find "Cafe", "カフェ". */
function foldOnce(ch: string): string {
  return SPECIAL[ch] ?? ch.normalize('NFKD').replace(MARKS, '').toLowerCase().normalize('NFKD').replace(MARKS, '');
}

/** What folding can change: a run of ASCII capitals, or one code point past ASCII; the rest is kept as it is. */
const FOLDABLE = /[A-Z]+|[^\0-\x7f]/gu;

/** Folds text for matching: "Café Zürich" and "cafe zurich" fold to the same string. */
export function foldText(text: string): string {
  // One replace rather than a loop over characters: the plain ASCII between matches (nearly all of a big map's
  // texts, folded for every location when the editor's list is searched) is copied whole, not added char by char.
  return text.replace(FOLDABLE, (m) => (m.charCodeAt(0) < 128 ? m.toLowerCase() : foldCodePoint(m)));
}

/** The folded text plus, for every folded UTF-16 unit, the [start, end) of its source in the original. */
export function foldWithMap(text: string): { folded: string; starts: number[]; ends: number[] } {
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let i = 0;
  for (const ch of text) {
    const f = foldCodePoint(ch);
    for (let k = 0; k < f.length; k++) {
      starts.push(i);
      ends.push(i + ch.length);
    }
    folded += f;
    i += ch.length;
  }
  return { folded, starts, ends };
}

/** Splits a query into folded, non-empty terms. */
export function queryTerms(query: string): string[] {
  return foldText(query)
    .split(/\s+/u)
    .filter((t) => t.length > 0);
}

/** A [start, end) range of the original text. */
export interface TextRange {
  readonly start: number;
  readonly end: number;
}

/** Where any of the terms occur in `text`, as merged, sorted ranges of the original text. */
export function matchRanges(text: string, terms: readonly string[]): TextRange[] {
  if (!text || terms.length === 0) return [];
  const { folded, starts, ends } = foldWithMap(text);
  const raw: TextRange[] = [];
  for (const term of terms) {
    if (!term) continue;
    let from = 0;
    for (;;) {
      const at = folded.indexOf(term, from);
      if (at < 0) break;
      raw.push({ start: starts[at]!, end: ends[at + term.length - 1]! });
      from = at + 1;
    }
  }
  raw.sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: TextRange[] = [];
  for (const r of raw) {
    const last = merged[merged.length - 1];
    if (last && r.start <= last.end) merged[merged.length - 1] = { start: last.start, end: Math.max(last.end, r.end) };
    else merged.push(r);
  }
  return merged;
}

/** Splits text into plain and matched pieces for rendering with <mark>. */
export function highlightPieces(text: string, terms: readonly string[]): { text: string; match: boolean }[] {
  const ranges = matchRanges(text, terms);
  if (ranges.length === 0) return [{ text, match: false }];
  const out: { text: string; match: boolean }[] = [];
  let at = 0;
  for (const r of ranges) {
    if (r.start > at) out.push({ text: text.slice(at, r.start), match: false });
    out.push({ text: text.slice(r.start, r.end), match: true });
    at = r.end;
  }
  if (at < text.length) out.push({ text: text.slice(at), match: false });
  return out;
}

let decoder: HTMLTextAreaElement | undefined;

/**
 * Character references (`&eacute;`, `&#8217;`) decoded by the browser's own HTML parser, so a search finds what the
 * sanitised description shows, with every name HTML knows. In a <textarea> its content is text to the parser: no
 * element is made and nothing loads. A host page that takes HTML only as Trusted Types refuses the assignment (a
 * TypeError): the description is then searched as written.
 */
function decodeReferences(text: string): string {
  if (!text.includes('&')) return text;
  try {
    (decoder ??= document.createElement('textarea')).innerHTML = text;
  } catch (e) {
    if (e instanceof TypeError) return text;
    throw e;
  }
  return decoder.value;
}

/** The visible text of an HTML fragment, for searching (display always goes through the sanitiser). */
export function htmlToText(html: string): string {
  return decodeReferences(
    html
      .replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/giu, ' ')
      .replace(/<!--[\s\S]*?-->/gu, ' ')
      .replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/tr)\b[^>]*>/giu, ' ')
      .replace(/<[^>]*>/gu, ''),
  )
    .replace(/\s+/gu, ' ')
    .trim();
}
