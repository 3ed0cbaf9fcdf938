/**
 * HTML character references (`&amp;`, `&#8217;`, `&#x2019;`, `&eacute;`) decoded as the HTML parser does, without a
 * DOM: for the Mapplic import's plain-text fields (it also runs in Node). The viewer's search reads references with
 * the page's HTML parser instead (web/src/map-core/text-search.ts), which knows every name.
 */

/** Latin-1's named characters, U+00A0 to U+00FF in order. */
const LATIN1 =
  /* @__PURE__ */ 'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml'.split(
    ' ',
  );
/** The other names editors and WordPress's texturize write; an unknown name is left as written. */
const OTHERS: Record<string, number> = {
  quot: 0x22,
  amp: 0x26,
  apos: 0x27,
  lt: 0x3c,
  gt: 0x3e,
  OElig: 0x152,
  oelig: 0x153,
  Scaron: 0x160,
  scaron: 0x161,
  Yuml: 0x178,
  circ: 0x2c6,
  tilde: 0x2dc,
  ensp: 0x2002,
  emsp: 0x2003,
  thinsp: 0x2009,
  ndash: 0x2013,
  mdash: 0x2014,
  lsquo: 0x2018,
  rsquo: 0x2019,
  sbquo: 0x201a,
  ldquo: 0x201c,
  rdquo: 0x201d,
  bdquo: 0x201e,
  dagger: 0x2020,
  Dagger: 0x2021,
  bull: 0x2022,
  hellip: 0x2026,
  permil: 0x2030,
  prime: 0x2032,
  Prime: 0x2033,
  lsaquo: 0x2039,
  rsaquo: 0x203a,
  euro: 0x20ac,
  trade: 0x2122,
  larr: 0x2190,
  uarr: 0x2191,
  rarr: 0x2192,
  darr: 0x2193,
  harr: 0x2194,
};

let named: Map<string, string> | undefined;
function namedCharacter(name: string): string | undefined {
  if (!named) {
    named = new Map(Object.entries(OTHERS).map(([k, c]) => [k, String.fromCodePoint(c)]));
    LATIN1.forEach((k, i) => named!.set(k, String.fromCodePoint(0xa0 + i)));
  }
  return named.get(name);
}

function codePoint(n: number): string {
  // As the HTML parser does: no NUL, surrogate or out-of-range character, the replacement character instead.
  return n === 0 || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff) ? '\uFFFD' : String.fromCodePoint(n);
}

/** Text with its character references (`&amp;`, `&#8217;`, `&#x2019;`) decoded once; references need their `;`. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(?:#(\d{1,8})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/g, (ref, dec, hex, name) =>
    dec !== undefined
      ? codePoint(Number(dec))
      : hex !== undefined
        ? codePoint(parseInt(hex as string, 16))
        : (namedCharacter(name as string) ?? ref),
  );
}
