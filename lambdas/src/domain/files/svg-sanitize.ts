/**
 * Server-side sanitising of uploaded SVG files (the file library): what is stored and served is only the
 * drawing. Kept: the elements of the shared allow-list (shapes, text, gradients, filters, links) with their
 * presentation attributes. Dropped: scripts, foreign objects, animation, event handler attributes, any
 * reference outside the document (href, xlink:href, url(...) other than `#id` or an inline raster), and
 * style sheets that could load or break out of their element. The parser is htmlparser2 in XML mode, through
 * sanitize-html (ADR 008); the browser sanitises again, with DOMPurify, before inlining a floor plan.
 */
import sanitizeHtml from 'sanitize-html';
import { DATA_RASTER, LOCAL_REF, SVG_ELEMENTS, svgHrefAllowed } from '@mapnest/shared/svg-allow-list';
import { stripSvgProlog } from '@mapnest/shared/svg-budget';

/** CSS that can load something, run something or spell either with escapes: the whole text is refused. */
const UNSAFE_CSS =
  /[\\<&]|@import|expression\s*\(|-moz-binding|behavior\s*:|javascript:|image-set\s*\(|\bimage\s*\(|\bsrc\s*\(|cross-fade\s*\(|element\s*\(/i;
const CSS_URL = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"]*))\s*\)/gi;

/** Whether CSS text (a style attribute or a <style> element) references nothing outside the document. */
export function cssIsSafe(css: string): boolean {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, ' ');
  if (UNSAFE_CSS.test(text)) return false;
  const urls = [...text.matchAll(CSS_URL)];
  if ((text.match(/url\(/gi) ?? []).length !== urls.length) return false;
  return urls.every((m) => {
    const u = (m[1] ?? m[2] ?? m[3] ?? '').trim();
    return LOCAL_REF.test(u) || DATA_RASTER.test(u);
  });
}

function keepAttribute(tag: string, name: string, value: string): boolean {
  const local = (name.includes(':') ? name.slice(name.indexOf(':') + 1) : name).toLowerCase();
  if (
    local.startsWith('on') ||
    name.toLowerCase() === 'xml:base' ||
    local === 'base' ||
    local === 'src' ||
    local === 'is'
  )
    return false;
  if (local === 'href') return svgHrefAllowed(tag, value);
  if (local === 'style') return cssIsSafe(value);
  if (/url\s*\(/i.test(value) || /javascript:/i.test(value)) return cssIsSafe(value);
  return true;
}

const OPTIONS: sanitizeHtml.IOptions = {
  parser: {
    xmlMode: true,
    decodeEntities: true,
    lowerCaseTags: false,
    lowerCaseAttributeNames: false,
    recognizeSelfClosing: true,
  },
  allowedTags: [...SVG_ELEMENTS],
  allowedAttributes: false,
  allowVulnerableTags: true,
  allowedSchemes: ['http', 'https', 'data'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: 'completelyDiscard',
  // Dropped elements take their content with them.
  nonTextTags: [
    'script',
    'foreignObject',
    'iframe',
    'object',
    'embed',
    'noscript',
    'textarea',
    'option',
    'animate',
    'set',
    'animateTransform',
    'animateMotion',
    'handler',
    'listener',
  ],
  selfClosing: [],
  transformTags: {
    '*': (tagName, attribs) => ({
      tagName,
      attribs: Object.fromEntries(
        Object.entries(attribs).filter(([name, value]) => keepAttribute(tagName, name, value)),
      ),
    }),
  },
  // A style sheet whose text could load something or close its element is removed whole.
  exclusiveFilter: (frame) => frame.tag === 'style' && !cssIsSafe(frame.text),
};

/**
 * The sanitised text of an SVG document, or null when no <svg> root survives. Sanitising its own output
 * changes nothing, so the upload trigger can tell a clean file from one it must rewrite.
 */
export function sanitizeSvgText(svg: string): string | null {
  // The prolog goes first: htmlparser2 would end a doctype's internal subset at its first '>' and keep the rest as text.
  const { body } = stripSvgProlog(svg);
  const clean = sanitizeHtml(body, OPTIONS).trim();
  if (!/^<svg[\s>/]/.test(clean)) return null;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${clean}\n`;
}
