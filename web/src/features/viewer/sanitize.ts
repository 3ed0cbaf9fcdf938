/**
 * Sanitising of everything a map author controls that becomes markup in a visitor's browser:
 * uploaded SVG layers, rich descriptions and custom CSS. Nothing an author writes may run script
 * or load anything from another origin: no <script>, no event handler attribute, no javascript:
 * URL, no foreignObject, no remote href/xlink:href, no url(...) to another origin, and CSS is
 * confined to the map it belongs to.
 *
 * How: the markup is parsed into an inert document (DOMParser: no script runs, nothing loads),
 * every element is checked against an allow-list of elements (and, for HTML, of attributes), and
 * the surviving nodes are imported into the page as nodes. Nothing is serialised and parsed again,
 * so what was checked is exactly what the browser shows (no mutation XSS). This replaces DOMPurify
 * in the viewer because the embed's 90 KB budget cannot carry its 10 KB; the XSS corpus in
 * xss-corpus.ts runs against it in jsdom and in Chromium.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
const HTML_NS = 'http://www.w3.org/1999/xhtml';

/** A fragment reference inside the same document: url(#gradient), href="#symbol". */
const LOCAL_REF = /^#[A-Za-z0-9_.:-]*$/;
/** Inline raster images never touch the network and cannot carry script. */
const DATA_RASTER = /^data:image\/(?:png|jpe?g|gif|webp);base64,[A-Za-z0-9+/=\s]*$/i;
const LINK_URL = /^(?:https?:|mailto:|tel:)/i;
const CSS_URL = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"]*))\s*\)/gi;

const words = (s: string) => new Set(s.split(' '));

const SVG_TAGS = words(
  'svg g defs symbol use title desc metadata path rect circle ellipse line polyline polygon text tspan textpath lineargradient radialgradient stop pattern clippath mask marker filter image a switch style ' +
    'feblend fecolormatrix fecomponenttransfer fecomposite feconvolvematrix fediffuselighting fedisplacementmap fedistantlight fedropshadow feflood fefunca fefuncb fefuncg fefuncr fegaussianblur feimage femerge femergenode femorphology feoffset fepointlight fespecularlighting fespotlight fetile feturbulence',
);
const HTML_TAGS = words('a abbr b blockquote br caption cite code dd del div dl dt em figcaption figure h1 h2 h3 h4 h5 h6 hr i img ins kbd li mark ol p pre q s small span strong sub sup table tbody td tfoot th thead tr u ul');
const HTML_ATTRS: Record<string, Set<string>> = {
  '*': words('title dir lang style'),
  a: words('href'),
  img: words('src alt width height'),
  td: words('colspan rowspan'),
  th: words('colspan rowspan scope'),
  ol: words('start reversed'),
};
/** CSS properties a description may set: presentation only, nothing that positions or loads. */
const HTML_CSS = words('color background-color text-align font-weight font-style font-size line-height text-decoration vertical-align width height max-width');

export interface CssUrlPolicy {
  /** Origins whose files CSS may use (our own file host); everything else becomes `none`. */
  readonly allowedOrigins?: readonly string[];
}

let cssPolicy: CssUrlPolicy = {};

/** Sets the origins whose files author CSS may reference (the map file host). */
export function setCssUrlPolicy(policy: CssUrlPolicy): void {
  cssPolicy = policy;
}

function isAllowedCssUrl(raw: string, policy: CssUrlPolicy): boolean {
  const u = raw.trim();
  if (LOCAL_REF.test(u) || DATA_RASTER.test(u)) return true;
  try {
    const parsed = new URL(u);
    return /^https?:$/.test(parsed.protocol) && !!policy.allowedOrigins?.includes(parsed.origin);
  } catch {
    return false;
  }
}

/**
 * Neutralises CSS text: remote url(...) becomes `none`, and @import, image-set(), escapes (which
 * can spell any of these), `&` (which can climb out of a nesting scope) and legacy script hooks
 * void the whole text, returning null.
 */
export function cleanCss(css: string, policy: CssUrlPolicy = {}): string | null {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, ' ');
  if (/\\|&|<|@import|image-set\s*\(|\bimage\s*\(|\bsrc\s*\(|cross-fade\s*\(|element\s*\(|expression\s*\(|-moz-binding|behavior\s*:|javascript:/i.test(text)) return null;
  // An unclosed url( still loads at the end of a sheet (CSS reads it to the end): refuse any url( that is not a whole url(...).
  if ((text.match(/url\(/gi) ?? []).length !== (text.match(CSS_URL) ?? []).length) return null;
  return text.replace(CSS_URL, (m, a?: string, b?: string, c?: string) => (isAllowedCssUrl(a ?? b ?? c ?? '', policy) ? m : 'none'));
}

/** True when every brace in CSS text closes one it opened (ignoring strings), so wrapping it cannot leak. */
function bracesBalanced(css: string): boolean {
  let depth = 0;
  let quote = '';
  for (const ch of css) {
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth < 0) return false;
  }
  return depth === 0 && !quote;
}

/**
 * Confines a style sheet to the elements under `scopeSelector` by nesting it, after cleaning.
 * Returns null when the sheet cannot be made safe (it is then dropped, never used raw).
 */
export function scopeCss(css: string, scopeSelector: string, policy: CssUrlPolicy = cssPolicy): string | null {
  const clean = cleanCss(css, policy);
  if (clean === null || !bracesBalanced(clean)) return null;
  return clean.trim() ? `${scopeSelector}{${clean}}` : '';
}

function parse(markup: string): Document {
  return new DOMParser().parseFromString(markup, 'text/html');
}

/** Keeps only allowed elements (in their namespace), dropping comments and everything else. */
function walk(parent: Node, keep: (el: Element) => boolean): void {
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === 3) continue;
    if (node.nodeType !== 1 || !keep(node as Element)) {
      node.parentNode!.removeChild(node);
      continue;
    }
    walk(node, keep);
  }
}

function svgHrefAllowed(tag: string, value: string): boolean {
  const v = value.trim();
  if (tag === 'a') return LOCAL_REF.test(v) || /^https?:/i.test(v);
  if (tag === 'image') return DATA_RASTER.test(v);
  if (tag === 'feimage') return DATA_RASTER.test(v) || LOCAL_REF.test(v);
  return LOCAL_REF.test(v);
}

function keepSvg(scope: string) {
  return (el: Element): boolean => {
    const tag = el.localName.toLowerCase();
    if (el.namespaceURI !== SVG_NS || !SVG_TAGS.has(tag)) return false;
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      const local = attr.localName.toLowerCase();
      const v = attr.value;
      let ok = !local.startsWith('on') && !name.startsWith('on') && name !== 'xml:base' && local !== 'base' && name !== 'is' && name !== 'src';
      if (ok && local === 'href') ok = svgHrefAllowed(tag, v);
      else if (ok && name === 'style') {
        const clean = cleanCss(v, cssPolicy);
        if (clean === null) ok = false;
        else attr.value = clean;
      } else if (ok && /url\s*\(/i.test(v)) ok = cleanCss(v) === v;
      if (!ok) el.removeAttributeNode(attr);
    }
    if (tag === 'a' && el.hasAttribute('href')) {
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer');
    }
    if (tag === 'style') {
      const scoped = scopeCss(el.textContent ?? '', scope);
      if (scoped === null) return false;
      el.textContent = scoped;
    }
    return true;
  };
}

function keepHtml(el: Element): boolean {
  const tag = el.localName.toLowerCase();
  if (el.namespaceURI !== HTML_NS || !HTML_TAGS.has(tag)) return false;
  const allowed = HTML_ATTRS[tag];
  for (const attr of Array.from(el.attributes)) {
    const name = attr.name.toLowerCase();
    const v = attr.value.trim();
    let ok = HTML_ATTRS['*']!.has(name) || !!allowed?.has(name);
    if (ok && name === 'href') ok = LINK_URL.test(v) || LOCAL_REF.test(v) || /^\/(?!\/)/.test(v);
    else if (ok && name === 'src') ok = /^(?:https?:|\/(?!\/))/i.test(v) || DATA_RASTER.test(v);
    else if (ok && name === 'style') {
      const kept = (cleanCss(v) ?? '')
        .split(';')
        .filter((d) => HTML_CSS.has(d.split(':')[0]!.trim().toLowerCase()) && !/url\s*\(/i.test(d))
        .join(';');
      if (kept) attr.value = kept;
      else ok = false;
    }
    if (!ok) el.removeAttributeNode(attr);
  }
  if (tag === 'a') {
    el.setAttribute('target', '_blank');
    el.setAttribute('rel', 'noopener noreferrer');
  } else if (tag === 'img') {
    el.setAttribute('loading', 'lazy');
    el.setAttribute('referrerpolicy', 'no-referrer');
  }
  return true;
}

/**
 * Sanitises an SVG document's text into an <svg> element ready to insert, or null when there is
 * no SVG in it. `<style>` elements are cleaned and scoped to `scopeSelector`, or removed.
 */
export function sanitizeSvg(svgText: string, scopeSelector: string): SVGSVGElement | null {
  // The HTML parser (the one the page itself uses for inline SVG) ignores processing instructions
  // and never expands doctype entities; dropping them first keeps their contents out of the text.
  const doc = parse(svgText.replace(/<\?[\s\S]*?\?>/g, '').replace(/<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/gi, ''));
  const svg = doc.body.querySelector('svg');
  if (!svg || svg.namespaceURI !== SVG_NS) return null;
  const keep = keepSvg(scopeSelector);
  if (!keep(svg)) return null;
  walk(svg, keep);
  return document.importNode(svg, true) as unknown as SVGSVGElement;
}

/** Sanitises a rich description into a fragment of safe HTML. */
export function sanitizeHtml(html: string): DocumentFragment {
  const body = parse(`<!doctype html><body>${html}`).body;
  walk(body, keepHtml);
  const fragment = document.createDocumentFragment();
  for (const node of Array.from(body.childNodes)) fragment.append(document.importNode(node, true));
  return fragment;
}

/** Escapes text for inclusion in HTML (placeholder values inside descriptions). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
