/**
 * WordPress shortcodes in Mapplic descriptions (`[gallery ids="12,13"]`, `[caption id="a"]<img …> Text[/caption]`):
 * only WordPress turns them into content (and Mapplic's WordPress plugin only with `shortcode="true"`), so on a
 * Mapnest map visitors would read them as text. The import takes them out, keeping the text a paired one wraps where
 * that is what WordPress shows (a caption's image and words), and names the locations that had them. Only
 * shortcode-shaped tokens go: a WordPress shortcode's name, or attributes written name="value"; "[Open 9–5]" stays.
 */

/** WordPress's own shortcodes. */
const KNOWN = /* @__PURE__ */ new Set(['caption', 'wp_caption', 'gallery', 'audio', 'video', 'playlist', 'embed']);
/** Shortcodes whose wrapped text is an address WordPress shows as a player, never as text. */
const PLAYERS = /\[(audio|video|playlist|embed)\b[^[\]]*\][\s\S]*?\[\/\1\]/gi;
const TOKEN = /\[(\/?)([A-Za-z][\w-]*)([^[\]]*)\]/g;
/** An attribute written name="value" (or with single quotes, or the quotes as character references). */
const ATTRIBUTE = /(?:^|\s)[\w-]+\s*=\s*(?:"[^"]*"|'[^']*'|&quot;[\s\S]*?&quot;|&#0*34;[\s\S]*?&#0*34;)/;

/** The shortcodes found so far: the locations that had them and the shortcodes' names, each once. */
export interface DescriptionShortcodes {
  locations: string[];
  names: Set<string>;
}

export const noShortcodes = (): DescriptionShortcodes => ({ locations: [], names: new Set() });

const isShortcode = (name: string, attributes: string) => KNOWN.has(name.toLowerCase()) || ATTRIBUTE.test(attributes);

/** A description without its shortcodes; location `id` and what it had are added to `found`. */
export function removeShortcodes(html: string, id: string, found: DescriptionShortcodes): string {
  const names = new Set<string>();
  const opened = new Set<string>();
  for (const [, close, name, attributes] of html.matchAll(TOKEN))
    if (!close && isShortcode(name!, attributes!)) opened.add(name!.toLowerCase());
  const out = html
    .replace(PLAYERS, (whole, name: string) => (names.add(name.toLowerCase()), ''))
    .replace(TOKEN, (token, close: string, name: string, attributes: string) => {
      const lower = name.toLowerCase();
      const remove = close ? KNOWN.has(lower) || opened.has(lower) : isShortcode(name, attributes);
      if (!remove) return token;
      names.add(lower);
      return '';
    });
  if (names.size === 0) return html;
  found.locations.push(id);
  for (const name of names) found.names.add(name);
  return out;
}

const SHOWN_IDS = 5;

/** The import report's sentence for the shortcodes taken out, or null when there were none. */
export function shortcodeWarning(found: DescriptionShortcodes): string | null {
  const n = found.locations.length;
  if (n === 0) return null;
  const ids = found.locations.slice(0, SHOWN_IDS).map((id) => `"${id}"`);
  if (n > SHOWN_IDS) ids.push(`${n - SHOWN_IDS} more`);
  const names = [...found.names].map((name) => `[${name}]`).join(', ');
  const caption = found.names.has('caption') || found.names.has('wp_caption') ? 'what a caption wraps is kept; ' : '';
  return (
    `locations: removed WordPress shortcodes (${names}) from the descriptions of ${n} location${n === 1 ? '' : 's'} ` +
    `(${ids.join(', ')}); only WordPress turns them into content, so visitors would read them as text (` +
    `${caption}add what they showed again in the editor).`
  );
}
