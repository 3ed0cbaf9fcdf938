/**
 * The search field's placeholder, fitted to the field: the author's hint ("Search shops, food and services") whole
 * when it fits, else whole a pixel smaller when that fits (a landscape phone's narrow sidebar), else cut after the last
 * whole word that fits, with an ellipsis ("Search shops, food…"), never in the middle of a word as the browser's own
 * ellipsis cuts it. The field's accessible name (`aria-label`) stays the whole hint. Measured with a canvas in the
 * placeholder's font, again each time the field changes size. Also the search's terms marked in the entries found.
 */

import { highlightPieces } from '../../map-core/text-search';
import { h } from '../dom';
import type { ViewerText } from '../i18n/messages';

/** Text with the search terms wrapped in <mark> (the directory's entries). */
export function highlighted(text: string, terms: readonly string[]): (Node | string)[] {
  if (!terms.length) return [text];
  return highlightPieces(text, terms).map((p) => (p.match ? h('mark', null, p.text) : p.text));
}

const ELLIPSIS = '…';
/** The placeholder's size when it is not the one viewer.css gives it (a hint shown smaller to fit whole). */
const HINT_SIZE = '--mn-hint-size';
/** What a cut hint does not end with before its ellipsis: spaces, dashes, and commas, colons, "&" and the like. */
const TRAILING = /[\s\p{Pd}\p{Po}]+$/u;

/** Where the words of `text` end (indexes), in order: by the language's word rules where the browser knows them. */
function wordEnds(text: string, lang: string | undefined): number[] {
  const ends: number[] = [];
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    for (const s of new Intl.Segmenter(lang, { granularity: 'word' }).segment(text))
      if (s.isWordLike) ends.push(s.index + s.segment.length);
  } else {
    for (const m of text.matchAll(/\S+/g)) ends.push(m.index + m[0].length);
  }
  return ends;
}

/**
 * `text` when it fits `width` (as `measure` measures), else its longest start that ends with a whole word and fits
 * with an ellipsis after it; its first word with the ellipsis when not even that fits.
 */
export function fitHint(text: string, width: number, measure: (s: string) => number, lang?: string): string {
  if (measure(text) <= width) return text;
  let fitted = '';
  for (const end of wordEnds(text, lang)) {
    const start = text.slice(0, end).replace(TRAILING, '');
    if (!start || start.length >= text.trimEnd().length) continue;
    const cut = start + ELLIPSIS;
    const fits = measure(cut) <= width;
    if (fits || !fitted) fitted = cut;
    if (!fits) break;
  }
  return fitted || text;
}

/** The smaller size a hint too long for its field is tried at before it is cut: a pixel less, not under 12 px. */
const smaller = (size: number) => Math.max(12, size - 1);

/**
 * The hint for `width` at `size` px (the placeholder's own) or, when only that fits it whole, `smaller(size)`: the
 * text and the size to show it at. `measure` measures a text at a size.
 */
export function fitHintSize(
  text: string,
  width: number,
  size: number,
  measure: (s: string, size: number) => number,
  lang?: string,
): { text: string; size: number } {
  if (measure(text, size) <= width) return { text, size };
  const less = smaller(size);
  return { text: fitHint(text, width, (s) => measure(s, less), lang), size: less };
}

/**
 * The directory's search field (`listId` the list it filters, `countId` what says how many match): named by the whole
 * hint, its placeholder the hint fitted to its width.
 */
export function searchField(t: ViewerText, listId: string, countId: string): HTMLInputElement {
  const hint = t.t('search');
  const input = h('input', {
    type: 'search',
    placeholder: hint,
    'aria-label': hint,
    'aria-controls': listId,
    'aria-describedby': countId,
  });
  fitSearchHint(input, hint, t.lang);
  return input;
}

/**
 * Keeps `input`'s placeholder fitted to its width (`fitHint`), `hint` being the whole text, until the field leaves the
 * page. Does nothing where there is no canvas to measure with (a page without layout).
 */
export function fitSearchHint(input: HTMLInputElement, hint: string, lang?: string): void {
  let ctx: CanvasRenderingContext2D | null | undefined;
  let last = -1;
  const fit = () => {
    // Gone with its viewer (taken out of the page once fitted, its size then 0): nothing more to fit.
    if (!input.isConnected && last >= 0) return ro.disconnect();
    const cs = getComputedStyle(input);
    // The text's room: the field's inner width, less a pixel or two for the browser's rounding.
    const width = input.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 2;
    if (!(width > 0) || width === last) return;
    last = width;
    ctx ??= input.ownerDocument.createElement('canvas').getContext('2d');
    if (!ctx) return;
    // The placeholder's own size (viewer.css), without the smaller one a narrower field may have set.
    input.style.removeProperty(HINT_SIZE);
    const ph = getComputedStyle(input, '::placeholder');
    const font = ph.fontSize ? ph : cs;
    const measure = (s: string, size: number) => {
      ctx!.font = `${font.fontStyle} ${font.fontWeight} ${size}px ${font.fontFamily}`;
      return ctx!.measureText(s).width;
    };
    const full = parseFloat(font.fontSize);
    const fitted = fitHintSize(hint, width, full, measure, lang);
    if (fitted.size !== full) input.style.setProperty(HINT_SIZE, `${fitted.size}px`);
    input.placeholder = fitted.text;
  };
  if (typeof ResizeObserver === 'undefined') return;
  const ro = new ResizeObserver(fit);
  ro.observe(input);
}
