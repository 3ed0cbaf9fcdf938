/**
 * The images inside location descriptions (`<img src="images/shop.jpg">`, the old site's relative address): their
 * sources, and the description with each source pointed at its upload or the image taken out (ADR 069). The viewer
 * keeps only absolute, rooted and inline-raster sources, and drops an `<img>` without one.
 */
import { decodeEntities } from '@mapnest/shared/html-entities';

const IMG = /<img(?=[\s/>])((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/** The tag's first `src` (as the browser reads it), with where its whole attribute sits in the tag's attributes. */
function srcOf(attrs: string): { value: string; start: number; end: number } | null {
  for (const m of attrs.matchAll(ATTR)) {
    if (m[1]!.toLowerCase() !== 'src') continue;
    const value = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '').trim();
    return { value, start: m.index, end: m.index + m[0].length };
  }
  return null;
}

/** The sources of the description's images, in order (empty ones left out). */
export function descriptionImages(html: string): string[] {
  const out: string[] = [];
  for (const [, attrs] of html.matchAll(IMG)) {
    const src = srcOf(attrs!)?.value;
    if (src) out.push(src);
  }
  return out;
}

const attrValue = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The description with each image's source replaced by `to(src)`: a new address, the same one, or null, which takes
 * the `<img>` out. Images without a source are left to the viewer.
 */
export function withDescriptionImages(html: string, to: (src: string) => string | null): string {
  return html.replace(IMG, (tag, attrs: string) => {
    const src = srcOf(attrs);
    if (!src?.value) return tag;
    const next = to(src.value);
    if (next === null) return '';
    if (next === src.value) return tag;
    const rest = `${attrs.slice(0, src.start)}src="${attrValue(next)}"${attrs.slice(src.end)}`;
    return `<img${rest}>`;
  });
}
