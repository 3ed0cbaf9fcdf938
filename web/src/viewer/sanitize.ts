/**
 * Sanitising of everything a map author controls that becomes markup in a visitor's browser:
 * uploaded SVG layers, rich descriptions and custom CSS. Nothing an author writes may run script
 * or load anything from another origin: no <script>, no event handler attribute, no javascript:
 * URL, no foreignObject, no remote href/xlink:href, no url(...) to another origin, and CSS is
 * confined to the map it belongs to. The one frame a description may hold is a YouTube or Vimeo
 * player, rebuilt by us from its checked address, sandboxed (ADR 073).
 *
 * How (ADR 008): markup goes through DOMPurify, configured to our allow-lists (the SVG elements of
 * shared/src/svg/svg-allow-list.ts, which the server's upload sanitiser also keeps; a short list of
 * formatting elements and attributes for descriptions) with hooks for the rules DOMPurify does not
 * know (which hrefs, which inline styles). It answers DOM nodes, which are imported into the page
 * as nodes: nothing is serialised and parsed again. CSS is parsed by the browser's own parser
 * (CSSStyleSheet), re-serialised rule by rule and nested under the map's scope; the result is parsed
 * again and must be exactly one rule, the scope, so no text can end the scope early.
 */
import DOMPurify, { type Config, type DOMPurify as Purifier, type UponSanitizeAttributeHookEvent } from 'dompurify';
import { DATA_RASTER, LOCAL_REF, SVG_ELEMENTS, svgHrefAllowed } from '@mapnest/shared/svg-allow-list';
import { playerSource } from '@mapnest/shared/video-players';
import { inlineStylesRefused } from './dom';

const LINK_URL = /^(?:https?:|mailto:|tel:)/i;
const CSS_URL = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"]*))\s*\)/gi;

const words = (s: string) => s.split(' ');

const HTML_TAGS = words(
  'a abbr b blockquote br caption cite code dd del div dl dt em figcaption figure h1 h2 h3 h4 h5 h6 hr i img ins kbd li mark ol p pre q s small span strong sub sup table tbody td tfoot th thead tr u ul',
);
const HTML_ATTRS: Record<string, ReadonlySet<string>> = {
  '*': new Set(words('title dir lang style')),
  a: new Set(words('href')),
  img: new Set(words('src alt width height')),
  td: new Set(words('colspan rowspan')),
  th: new Set(words('colspan rowspan scope')),
  ol: new Set(words('start reversed')),
};
/** CSS properties a description may set: presentation only, nothing that positions or loads. */
const HTML_CSS = new Set(
  words(
    'color background-color text-align font-weight font-style font-size line-height text-decoration vertical-align width height max-width',
  ),
);

export interface CssUrlPolicy {
  /** Origins whose files CSS may use (our own file host); everything else becomes `none`. */
  readonly allowedOrigins?: readonly string[];
}

/** The viewer's policy: author CSS may use local references and data rasters, no other origin's files. */
const cssPolicy: CssUrlPolicy = {};

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
  if (
    /\\|&|<|@import|image-set\s*\(|\bimage\s*\(|\bsrc\s*\(|cross-fade\s*\(|element\s*\(|expression\s*\(|-moz-binding|behavior\s*:|javascript:/i.test(
      text,
    )
  )
    return null;
  // An unclosed url( still loads at the end of a sheet (CSS reads it to the end): refuse any url( that is not a whole url(...).
  if ((text.match(/url\(/gi) ?? []).length !== (text.match(CSS_URL) ?? []).length) return null;
  return text.replace(CSS_URL, (m, a?: string, b?: string, c?: string) =>
    isAllowedCssUrl(a ?? b ?? c ?? '', policy) ? m : 'none',
  );
}

/** The rules of a style sheet as the browser's CSS parser reads them, or null when there is no parser. */
function parseSheet(css: string): CSSRuleList | null {
  if (typeof CSSStyleSheet !== 'function') return null;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    return sheet.cssRules;
  } catch {
    return null;
  }
}

/**
 * Confines a style sheet to the elements under `scopeSelector` by nesting it, after cleaning: the
 * browser parses it, its rules are written out again as the parser understood them (an unterminated
 * string, a stray brace or a bad rule is dropped or closed by the parser, not by us) and nested under
 * the scope. The nested sheet is parsed once more and must be a single rule for the scope.
 * Returns null when the sheet cannot be made safe (it is then dropped, never used raw).
 */
export function scopeCss(css: string, scopeSelector: string, policy: CssUrlPolicy = cssPolicy): string | null {
  const clean = cleanCss(css, policy);
  if (clean === null) return null;
  const rules = parseSheet(clean);
  if (!rules) return null;
  const body = Array.from(rules, (r) => r.cssText).join('\n');
  if (!body.trim()) return '';
  const scoped = `${scopeSelector}{${body}}`;
  const check = parseSheet(scoped);
  const only = check?.length === 1 ? (check[0] as CSSStyleRule) : null;
  if (!only || only.selectorText !== parseSheet(`${scopeSelector}{}`)?.[0]?.['selectorText' as keyof CSSRule])
    return null;
  return scoped;
}

function forEachPurifier(setup: (p: Purifier) => void): () => Purifier {
  let instance: Purifier | null = null;
  return () => {
    if (!instance) {
      instance = DOMPurify(window);
      setup(instance);
    }
    return instance;
  };
}

function linkOutward(el: Element): void {
  if (el.localName === 'a' && el.hasAttribute('href')) {
    el.setAttribute('target', '_blank');
    el.setAttribute('rel', 'noopener noreferrer');
  }
}

/** The scope of the <style> elements of the SVG being sanitised (DOMPurify's hooks see no arguments). */
let svgScope = '';

const SVG_CONFIG: Config = {
  ALLOWED_TAGS: [...SVG_ELEMENTS, '#text'],
  // `data-name` is Illustrator's name of a layer ("105" for `id="_x31_05"`), `inkscape:label` Inkscape's of an object:
  // rooms are named and units bound by them.
  ADD_ATTR: ['xlink:href', 'href', 'target', 'data-name', 'inkscape:label'],
  ALLOWED_NAMESPACES: ['http://www.w3.org/2000/svg', 'http://www.w3.org/1999/xhtml'],
  KEEP_CONTENT: false,
  ALLOW_DATA_ATTR: false,
  RETURN_DOM_FRAGMENT: true,
};

const svgPurifier = forEachPurifier((p) => {
  p.addHook('uponSanitizeAttribute', (node, data: UponSanitizeAttributeHookEvent) => {
    const tag = node.localName.toLowerCase();
    const name = data.attrName.toLowerCase();
    const local = name.includes(':') ? name.slice(name.indexOf(':') + 1) : name;
    const v = data.attrValue;
    let ok = !local.startsWith('on') && name !== 'xml:base' && local !== 'base' && name !== 'is' && name !== 'src';
    if (ok && local === 'href') ok = svgHrefAllowed(tag, v);
    else if (ok && (name === 'style' || name === STYLE_ASIDE)) {
      const clean = cleanCss(v, cssPolicy);
      if (clean === null) ok = false;
      else data.attrValue = clean;
    } else if (ok && /url\s*\(/i.test(v)) ok = cleanCss(v) === v;
    if (!ok) data.keepAttr = false;
    // DOMPurify checks URLs against its own list; ours (above) is narrower, and data: rasters on <image> are ours to allow.
    else if (local === 'href' || name === STYLE_ASIDE) data.forceKeepAttr = true;
  });
  p.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName !== 'style' || !(node instanceof Element)) return;
    const scoped = scopeCss(node.textContent ?? '', svgScope);
    if (scoped === null) node.remove();
    else node.textContent = scoped;
  });
  p.addHook('afterSanitizeAttributes', (node) => linkOutward(node as Element));
  // Parsed once: a big floor is sanitised in hundreds of calls (ADR 035), each would read the config again.
  p.setConfig(SVG_CONFIG);
});

/**
 * An SVG file's text without its processing instructions and doctype (with its internal subset): the HTML parser (the
 * one the page itself uses for inline SVG) ignores the first and never expands the second's entities; dropping them
 * first keeps their contents out of the text. The first step of `sanitizeSvg`.
 */
export function stripDeclarations(svgText: string): string {
  return svgText.replace(/<\?[\s\S]*?\?>/g, '').replace(/<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/gi, '');
}

/** Floors' style sheets, scoped, set aside by `sanitizeSvg` on a page that refuses inline styles: by the floor's scope. */
const sheetsAside = new Map<string, string[]>();

/** The style sheets set aside for the floor scoped to `scopeSelector` (none on most pages), handed over once. */
export function takeSheetsAside(scopeSelector: string): string[] {
  const sheets = sheetsAside.get(scopeSelector) ?? [];
  sheetsAside.delete(scopeSelector);
  return sheets;
}

/** Where a style attribute waits while markup is parsed and sanitised on a page that refuses inline styles. */
const STYLE_ASIDE = 'data-mn-style';

/**
 * Sets the styles `disarmHandlers` set aside through the CSSOM, which a Content Security Policy does not govern (a
 * parsed style attribute it refuses, and reports); `root` is in the page's document by now.
 */
function stylesBack<T extends Element | DocumentFragment>(root: T): T {
  const aside = Array.from(root.querySelectorAll<HTMLElement>(`[${STYLE_ASIDE}]`));
  if (root instanceof Element && root.hasAttribute(STYLE_ASIDE)) aside.push(root as unknown as HTMLElement);
  for (const el of aside) {
    el.style.cssText = el.getAttribute(STYLE_ASIDE)!;
    el.removeAttribute(STYLE_ASIDE);
  }
  return root;
}

/**
 * Sanitises an SVG document's text into an <svg> element ready to insert, or null when there is
 * no SVG in it. `<style>` elements are cleaned and scoped to `scopeSelector`, or removed.
 */
export function sanitizeSvg(svgText: string, scopeSelector: string): SVGSVGElement | null {
  const text = stripDeclarations(svgText);
  const refused = inlineStylesRefused();
  svgScope = scopeSelector;
  // On a page that refuses inline styles, the floor's own style sheets are taken out before any parser reads them, and
  // added as constructed sheets once the floor is in (`takeSheetsAside`): the policy neither refuses nor reports them.
  const aside = (css: string) => {
    const scoped = scopeCss(css.replace(/<!\[CDATA\[|\]\]>/g, ''), scopeSelector);
    if (scoped) sheetsAside.set(scopeSelector, [...(sheetsAside.get(scopeSelector) ?? []), scoped]);
  };
  const fragment = svgPurifier().sanitize(
    refused ? disarmHandlers(text, true, aside) : text,
  ) as unknown as DocumentFragment | null;
  // A <frameset> the HTML parser reaches with its frameset flag still "ok" (after an <svg> and a <meta>, say) replaces
  // the body DOMPurify parses into: it answers null, and there is no SVG to show.
  if (!fragment) return null;
  const svg = Array.from(fragment.children).find(
    (el) => el.localName === 'svg' && el.namespaceURI === 'http://www.w3.org/2000/svg',
  );
  if (!svg) return null;
  const imported = document.importNode(svg, true) as unknown as SVGSVGElement;
  return refused ? stylesBack(imported) : imported;
}

/** The address and accessible name of each player kept, read before DOMPurify drops the iframe's attributes. */
const players = new WeakMap<Node, readonly [src: string, title: string]>();

/**
 * The attributes of a kept player, all ours. The sandbox lets the player run its own script on its own origin
 * (YouTube and Vimeo need both), cast, and open the video's page in a new tab as an ordinary page (sandboxed, that
 * page could not sign in or search); it never navigates the map's page. YouTube refuses to play without a referrer,
 * so the page's origin is sent.
 */
const PLAYER_ATTRS = {
  sandbox: 'allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox',
  // Full screen through allowfullscreen alone: named in allow too, Chromium warns in the console of every page.
  allow: 'picture-in-picture; encrypted-media',
  allowfullscreen: '',
  loading: 'lazy',
  referrerpolicy: 'strict-origin-when-cross-origin',
};

/** An iframe is kept only as a YouTube or Vimeo player (its address rebuilt from the checked parts); else removed. */
function checkFrame(node: Node): void {
  const el = node as Element;
  const src = playerSource(el.getAttribute('src') ?? '');
  if (!src) return el.remove();
  // Fallback content is never shown by browsers that frame; dropped so nothing rides along in it.
  el.replaceChildren();
  players.set(el, [src, el.getAttribute('title')?.trim().slice(0, 200) || 'Video']);
}

function setPlayer(el: Element): void {
  const player = players.get(el);
  if (!player) return;
  el.setAttribute('src', player[0]);
  el.setAttribute('title', player[1]);
  for (const [name, value] of Object.entries(PLAYER_ATTRS)) el.setAttribute(name, value);
}

const htmlPurifier = forEachPurifier((p) => {
  p.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'iframe') checkFrame(node);
  });
  p.addHook('uponSanitizeAttribute', (node, data: UponSanitizeAttributeHookEvent) => {
    const tag = node.localName.toLowerCase();
    const aside = data.attrName === STYLE_ASIDE;
    const name = aside ? 'style' : data.attrName.toLowerCase();
    const v = data.attrValue.trim();
    let ok = tag !== 'iframe' && (HTML_ATTRS['*']!.has(name) || !!HTML_ATTRS[tag]?.has(name));
    if (ok && name === 'href') ok = LINK_URL.test(v) || LOCAL_REF.test(v) || /^\/(?!\/)/.test(v);
    else if (ok && name === 'src') ok = /^(?:https?:|\/(?!\/))/i.test(v) || DATA_RASTER.test(v);
    else if (ok && name === 'style') {
      const kept = (cleanCss(v) ?? '')
        .split(';')
        .filter((d) => HTML_CSS.has(d.split(':')[0]!.trim().toLowerCase()) && !/url\s*\(/i.test(d))
        .join(';');
      if (kept) data.attrValue = kept;
      else ok = false;
    }
    if (!ok) data.keepAttr = false;
    else if (aside) data.forceKeepAttr = true;
  });
  p.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    linkOutward(el);
    if (el.localName === 'img') {
      el.setAttribute('loading', 'lazy');
      el.setAttribute('referrerpolicy', 'no-referrer');
    } else if (el.localName === 'iframe') setPlayer(el);
  });
});

const HTML_CONFIG: Config = {
  ALLOWED_TAGS: [...HTML_TAGS, 'iframe', '#text'],
  ALLOWED_ATTR: [...new Set(Object.values(HTML_ATTRS).flatMap((s) => [...s]))],
  ALLOWED_NAMESPACES: ['http://www.w3.org/1999/xhtml'],
  KEEP_CONTENT: false,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  RETURN_DOM_FRAGMENT: true,
};

/** Elements whose content the HTML parser reads as text up to their end tag. */
const RAW_TEXT = /* @__PURE__ */ new Set(
  words('script style xmp iframe noembed noframes noscript textarea title plaintext'),
);
const SPACE = /[\t\n\f\r ]/;

/**
 * Scans one tag's attributes from `i` (after its name) as the HTML tokenizer does, renaming on… ones (and `style`
 * ones to `STYLE_ASIDE` when `styles` is set); returns the end.
 */
function scanAttributes(html: string, i: number, out: string[], styles: boolean): number {
  const n = html.length;
  for (;;) {
    while (i < n && (SPACE.test(html[i]!) || html[i] === '/')) out.push(html[i++]!);
    if (i >= n || html[i] === '>') return i;
    const start = i++;
    while (i < n && !SPACE.test(html[i]!) && !'/>='.includes(html[i]!)) i++;
    const name = html.slice(start, i);
    out.push(/^on/i.test(name) ? `x-${name}` : styles && /^style$/i.test(name) ? STYLE_ASIDE : name);
    let j = i;
    while (j < n && SPACE.test(html[j]!)) j++;
    if (html[j] !== '=') continue;
    j++;
    while (j < n && SPACE.test(html[j]!)) j++;
    const quote = html[j];
    if (quote === '"' || quote === "'") {
      const close = html.indexOf(quote, j + 1);
      j = close < 0 ? n : close + 1;
    } else while (j < n && !SPACE.test(html[j]!) && html[j] !== '>') j++;
    out.push(html.slice(i, j));
    i = j;
  }
}

/**
 * Where a comment opened before `body` ends, as the HTML parser reads it: an empty comment closes at once (`<!-->`,
 * `<!--->`), and `--!>` closes one as `-->` does; unclosed, it runs to the end.
 */
function commentEnd(html: string, body: number): number {
  if (html.startsWith('>', body)) return body + 1;
  if (html.startsWith('->', body)) return body + 2;
  const close = /--!?>/g;
  close.lastIndex = body;
  const found = close.exec(html);
  return found ? found.index + found[0].length : html.length;
}

/**
 * Markup with its event handler attributes (`onerror=…`) renamed `x-on…` before any parser reads it. Chromium checks
 * the page's Content-Security-Policy as soon as a parser sets such an attribute, even in an inert document that never
 * runs it, and logs (and reports) a violation for each: descriptions with one would fill visitors' consoles. This is
 * not what makes a description safe (DOMPurify removes every attribute not on the allow-list, whatever this misses);
 * it follows the tokenizer closely enough that the parser sees no handler in ordinary markup. It does not follow
 * SVG and MathML content, where `<style>` is no raw text: markup made to slip past it there is still reported by the
 * browser, and still removed. With `styles` (a page whose policy refuses inline styles: ./dom.ts), `style` attributes
 * are renamed `STYLE_ASIDE` as well, kept through the sanitiser's same checks and set again by `stylesBack`; floors run
 * through it then too, so an Inkscape drawing's thousands of style attributes are neither reported nor lost. With
 * `sheets`, each `<style>` element is taken out and its text handed to it.
 */
export function disarmHandlers(html: string, styles = inlineStylesRefused(), sheets?: (css: string) => void): string {
  if (!/on/i.test(html) && !(styles && /style/i.test(html))) return html;
  const out: string[] = [];
  const n = html.length;
  let i = 0;
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    out.push(html.slice(i, lt));
    i = lt;
    const tag = /^<(\/?)([A-Za-z][^\t\n\f\r />]*)/.exec(html.slice(i, i + 64));
    if (html.startsWith('<!--', i)) {
      out.push(html.slice(i, (i = commentEnd(html, i + 4))));
    } else if (!tag) {
      const bogus = /^<[!?/]/.test(html.slice(i, i + 2));
      const end = bogus ? html.indexOf('>', i) : i;
      out.push(html.slice(i, (i = end < 0 ? n : end + 1)));
    } else {
      const at = out.length;
      out.push(tag[0]);
      i = scanAttributes(html, i + tag[0].length, out, styles);
      if (i < n) out.push(html[i++]!);
      const name = tag[2]!.toLowerCase();
      if (!tag[1] && RAW_TEXT.has(name) && i < n) {
        const close = name === 'plaintext' ? -1 : html.slice(i).search(new RegExp(`</${name}[\\t\\n\\f\\r />]`, 'i'));
        const end = close < 0 ? n : i + close;
        if (sheets && name === 'style') {
          // The element taken out whole, end tag included; its text handed over.
          sheets(html.slice(i, end));
          out.length = at;
          const after = html.indexOf('>', end);
          i = close < 0 || after < 0 ? n : after + 1;
          continue;
        }
        out.push(html.slice(i, end));
        i = end;
      }
    }
  }
  out.push(html.slice(i));
  return out.join('');
}

/**
 * Sanitises a rich description into a fragment of safe HTML. An image whose source was refused (or never given) is
 * dropped: it would only leave an empty box.
 */
export function sanitizeHtml(html: string): DocumentFragment {
  const clean = htmlPurifier().sanitize(disarmHandlers(html), HTML_CONFIG) as unknown as DocumentFragment | null;
  // A leading <frameset> replaces the body DOMPurify parses into: it answers null, and there is nothing to show.
  if (!clean) return document.createDocumentFragment();
  for (const img of Array.from(clean.querySelectorAll('img'))) if (!img.getAttribute('src')?.trim()) img.remove();
  const imported = document.importNode(clean, true);
  return inlineStylesRefused() ? stylesBack(imported) : imported;
}

/** Escapes text for inclusion in HTML (placeholder values inside descriptions). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
