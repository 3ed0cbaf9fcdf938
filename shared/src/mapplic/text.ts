/**
 * Mapplic's text as Mapnest keeps it: character references decoded in the fields Mapnest shows as plain text
 * (WordPress saves `H&amp;M` and `&#8217;`), YouTube and Vimeo players in descriptions kept in the form the viewer
 * shows them (ADR 073), and every other embedded player or page, which the viewer never shows, taken out and named so
 * the import can say so.
 */
import { decodeEntities } from '../html-entities';
import { playerSource } from '../video-players';

/** A plain-text value with its character references decoded; anything but text as given. */
export const plainText = (v: unknown): unknown => (typeof v === 'string' ? decodeEntities(v) : v);

/** Hosts whose embeds are video players (a leading www. is left out before the look-up). */
const VIDEO_HOSTS =
  /^(?:(?:[a-z0-9-]+\.)*(?:youtube|youtube-nocookie|vimeo|dailymotion|wistia|loom|vidyard)\.(?:com|net)|youtu\.be)$/;

const SPACE = /[\t\n\f\r ]/;

/** A tag's attributes as the browser reads them: names in lower case, values with their character references decoded. */
type Attributes = ReadonlyMap<string, string>;

/**
 * The attributes of a tag from `i` (just after its name), read as the HTML tokenizer reads them: a quote opens a value
 * only after `=`, so a `src=` inside another attribute's value is that value's text, never the frame's address. The
 * first of a repeated name is kept, as the browser keeps it. `end` is just after the tag's `>`, or -1 when the text
 * ends inside the tag (the browser then drops the tag and everything after it).
 */
function readTag(html: string, i: number): { attrs: Attributes; end: number } {
  const attrs = new Map<string, string>();
  const n = html.length;
  for (;;) {
    while (i < n && (SPACE.test(html[i]!) || html[i] === '/')) i++;
    if (i >= n) return { attrs, end: -1 };
    if (html[i] === '>') return { attrs, end: i + 1 };
    // A name may start with `=` (the tokenizer takes it as the name's first character).
    const start = i++;
    while (i < n && !SPACE.test(html[i]!) && !'/>='.includes(html[i]!)) i++;
    const name = html.slice(start, i).replace(/[A-Z]+/g, (c) => c.toLowerCase());
    let j = i;
    while (j < n && SPACE.test(html[j]!)) j++;
    let value = '';
    if (html[j] === '=') {
      j++;
      while (j < n && SPACE.test(html[j]!)) j++;
      const quote = html[j];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, j + 1);
        if (close < 0) return { attrs, end: -1 };
        value = html.slice(j + 1, close);
        j = close + 1;
      } else {
        const from = j;
        while (j < n && !SPACE.test(html[j]!) && html[j] !== '>') j++;
        value = html.slice(from, j);
      }
      i = j;
    }
    if (!attrs.has(name)) attrs.set(name, decodeEntities(value));
  }
}

/** Where the end tag `</tag…>` after `from` ends, or -1 when there is none. */
function endTagEnd(html: string, tag: string, from: number): number {
  const close = new RegExp(`</${tag}(?=[\\t\\n\\f\\r />])`, 'gi');
  close.lastIndex = from;
  const found = close.exec(html);
  if (!found) return -1;
  const { end } = readTag(html, found.index + found[0].length);
  return end < 0 ? html.length : end;
}

function hostOf(attrs: Attributes): string {
  const url = attrs.get('src') || attrs.get('data') || '';
  // Only absolute and protocol-relative addresses name a host; shared code has no URL parser to lean on.
  const host = /^\s*(?:https?:)?\/\/(?:[^/?#@\s]*@)?([^/?#:\s]+)/i.exec(url)?.[1];
  return host ? host.replace(/^www\./i, '').toLowerCase() : '';
}

const escapeAttr = (v: string) => v.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A YouTube or Vimeo player's iframe as it is stored: its canonical address and the author's title, nothing else. */
function keptPlayer(tag: string, attrs: Attributes): string | null {
  const src = tag === 'iframe' ? playerSource(attrs.get('src') ?? '') : null;
  const title = (attrs.get('title') ?? '').trim();
  return src && `<iframe src="${escapeAttr(src)}"${title ? ` title="${escapeAttr(title)}"` : ''}></iframe>`;
}

function describeEmbed(tag: string, attrs: Attributes): string {
  const host = hostOf(attrs);
  const at = host ? ` (${host})` : '';
  if (tag === 'video') return `a video${at}`;
  if (tag === 'audio') return `an audio player${at}`;
  return VIDEO_HOSTS.test(host) ? `a video embed${at}` : `an embed${at}`;
}

/**
 * A description with its YouTube and Vimeo players in their canonical form, without its other embedded players and
 * pages (iframe, embed, object, video, audio), and what each of those was ("a video embed (dailymotion.com)"), in
 * order. The viewer's sanitiser would remove these anyway; this lets the import name them and keeps the stored
 * description what visitors see.
 */
export function removeEmbeds(html: string): { html: string; removed: string[] } {
  const removed: string[] = [];
  const out: string[] = [];
  // Elements that embed another page or a player, which descriptions cannot hold: whole, or a lone start or end tag.
  const embed = /<(\/?)(iframe|embed|object|video|audio)(?=[\t\n\f\r />])/gi;
  let done = 0;
  for (let m = embed.exec(html); m; m = embed.exec(html)) {
    const [open, close, name] = [m[0], m[1], m[2]!.toLowerCase()];
    const { attrs, end } = readTag(html, m.index + open.length);
    out.push(html.slice(done, m.index));
    done = end < 0 ? html.length : end;
    if (!close) {
      const whole = end < 0 || name === 'embed' ? -1 : endTagEnd(html, name, end);
      if (whole >= 0) done = whole;
      const player = end < 0 ? null : keptPlayer(name, attrs);
      if (player) out.push(player);
      else removed.push(describeEmbed(name, attrs));
    }
    embed.lastIndex = done;
  }
  out.push(html.slice(done));
  return { html: out.join(''), removed };
}
