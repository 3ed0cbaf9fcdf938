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

/** WCAG non-text contrast (1.4.11): a focus ring or a control's edge against what it sits on. */
export const NON_TEXT_CONTRAST = 3;

/**
 * The primary colour for text on white (links, link buttons): the colour itself while it reaches AA (4.5:1) on white,
 * else the same hue darkened towards black, 5% at a time, until it does (black is 21:1). The default blue is 4.05:1 on
 * white, a yellow far less. A colour that is not #rgb or #rrggbb gives the dark ink.
 */
export function primaryTextOnWhite(color: string): string {
  return darkenedOnWhite(color, AA_CONTRAST);
}

/**
 * The primary colour for focus rings: the colour itself while it reaches 3:1 on white (the viewer's panels), else
 * darkened as `primaryTextOnWhite` darkens it, so a customer's pale yellow or white primary still gives a ring a
 * keyboard user can see. The viewer puts a white band inside the ring where it sits on the map (any colour).
 */
export function focusRingOnWhite(color: string): string {
  return darkenedOnWhite(color, NON_TEXT_CONTRAST);
}

function darkenedOnWhite(color: string, ratio: number): string {
  const rgb = parseHex(color);
  if (!rgb) return DARK_TEXT;
  for (let k = 1; k >= 0; k -= 0.05) {
    const hex = `#${rgb
      .map((c) =>
        Math.round(c * Math.max(0, k))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
    if (contrastRatio(hex, LIGHT_TEXT)! >= ratio) return k === 1 ? color : hex;
  }
  return BLACK;
}
