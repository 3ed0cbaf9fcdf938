/**
 * Text on the author's colours (WCAG 2.x): the contrast of two sRGB colours and the text colour that reads on a
 * background. The embed ships this (no dependencies), so a custom primary colour always gets readable text.
 */

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;
export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#111827';
const BLACK = '#000000';

/** [r, g, b] of #rgb or #rrggbb (other forms: null). */
export function parseHex(color: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return null;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of two colours (1 to 21), or null when one is not a hex colour. */
export function contrastRatio(a: string, b: string): number | null {
  const pa = parseHex(a);
  const pb = parseHex(b);
  if (!pa || !pb) return null;
  const [hi, lo] = [luminance(pa), luminance(pb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The text colour for a background: white while it reaches AA (4.5:1), else the dark ink, else black (every
 * colour reaches 4.5:1 against white or black). Colours that are not hex keep white.
 */
export function readableTextOn(background: string): string {
  const white = contrastRatio(LIGHT_TEXT, background);
  if (white === null || white >= AA_CONTRAST) return LIGHT_TEXT;
  return contrastRatio(DARK_TEXT, background)! >= AA_CONTRAST ? DARK_TEXT : BLACK;
}
