/**
 * The code Mapplic descriptions hold: `<script>` elements, `on…` handler attributes and `javascript:` links. The
 * viewer removes all three when it shows a description (ADR 058) and Mapnest never runs them; the import names them,
 * with the locations that had them, so the author knows what will not work on the new map.
 */
import { decodeEntities } from '../html-entities';

const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
/** A script with its text (which may hold `<` of its own), or a lone start tag. */
const SCRIPT = /<script(?=[\s/>])(?:[^>"']|"[^"]*"|'[^']*')*>(?:[\s\S]*?<\/script\s*>)?/gi;
const TAG = /<[a-z][^\s/>]*((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
/** The attributes whose value the browser follows or loads as an address. */
const URL_ATTRS = /* @__PURE__ */ new Set(['href', 'xlink:href', 'src', 'action', 'formaction', 'data']);

/** The code found in the descriptions so far, and the locations it was found in. */
export interface DescriptionCode {
  locations: string[];
  scripts: number;
  /** The handler attributes, each once, in lower case (`onclick`). */
  handlers: Set<string>;
  javascriptLinks: number;
}

export const noCode = (): DescriptionCode => ({ locations: [], scripts: 0, handlers: new Set(), javascriptLinks: 0 });

/** An address the browser would run as script: `javascript:`, however its letters are escaped or spaced. */
const runsScript = (value: string) => /^javascript:/i.test([...decodeEntities(value)].filter((c) => c > ' ').join(''));

/** Adds what location `id`'s description holds to `found`. */
export function noteCode(html: string, id: string, found: DescriptionCode): void {
  const text = html.replace(COMMENT, '');
  const scripts = text.match(SCRIPT)?.length ?? 0;
  let handlers = 0;
  let links = 0;
  for (const [, attrs] of text.replace(SCRIPT, '').matchAll(TAG))
    for (const [, name, dq, sq, bare] of attrs!.matchAll(ATTR)) {
      const attr = name!.toLowerCase();
      if (/^on[a-z]/.test(attr)) {
        found.handlers.add(attr);
        handlers++;
      } else if (URL_ATTRS.has(attr) && runsScript(dq ?? sq ?? bare ?? '')) links++;
    }
  if (scripts + handlers + links === 0) return;
  found.locations.push(id);
  found.scripts += scripts;
  found.javascriptLinks += links;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const SHOWN_IDS = 5;

/** The import report's sentence for the code found, or null when there was none. */
export function codeWarning(found: DescriptionCode): string | null {
  const n = found.locations.length;
  if (n === 0) return null;
  const kinds = [
    found.scripts > 0 && plural(found.scripts, 'script', 'scripts'),
    found.handlers.size > 0 && `event handlers (${[...found.handlers].join(', ')})`,
    found.javascriptLinks > 0 && plural(found.javascriptLinks, 'javascript: link', 'javascript: links'),
  ].filter(Boolean);
  const ids = found.locations.slice(0, SHOWN_IDS).map((id) => `"${id}"`);
  if (n > SHOWN_IDS) ids.push(`${n - SHOWN_IDS} more`);
  return (
    `locations: the descriptions of ${plural(n, 'location', 'locations')} (${ids.join(', ')}) hold code: ` +
    `${kinds.join(', ')}. Mapnest never runs code in descriptions and removes it when they are shown, ` +
    'so what it did will not work.'
  );
}
