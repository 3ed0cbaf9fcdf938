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

const ATTRS = `((?:[^>"']|"[^"]*"|'[^']*')*)`;
/** Elements that embed another page or a player, which descriptions cannot hold: whole, or a lone start or end tag. */
const EMBED = /* @__PURE__ */ new RegExp(
  `<(iframe|object|video|audio)(?=[\\s/>])${ATTRS}>[\\s\\S]*?<\\/\\1\\s*>|<(iframe|embed|object|video|audio)(?=[\\s/>])${ATTRS}>|<\\/(?:iframe|embed|object|video|audio)\\s*>`,
  'gi',
);

/** An attribute's value as written in a tag's attribute text, its character references decoded; '' when absent. */
function attrOf(attrs: string, name: string): string {
  const found = new RegExp(`(?:^|[\\s/])${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attrs);
  return decodeEntities(found?.[1] ?? found?.[2] ?? found?.[3] ?? '');
}

function hostOf(attrs: string): string {
  const url = attrOf(attrs, 'src') || attrOf(attrs, 'data');
  // Only absolute and protocol-relative addresses name a host; shared code has no URL parser to lean on.
  const host = /^\s*(?:https?:)?\/\/(?:[^/?#@\s]*@)?([^/?#:\s]+)/i.exec(url)?.[1];
  return host ? host.replace(/^www\./i, '').toLowerCase() : '';
}

const escapeAttr = (v: string) => v.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A YouTube or Vimeo player's iframe as it is stored: its canonical address and the author's title, nothing else. */
function keptPlayer(tag: string, attrs: string): string | null {
  const src = tag === 'iframe' ? playerSource(attrOf(attrs, 'src')) : null;
  const title = attrOf(attrs, 'title').trim();
  return src && `<iframe src="${escapeAttr(src)}"${title ? ` title="${escapeAttr(title)}"` : ''}></iframe>`;
}

function describeEmbed(tag: string, attrs: string): string {
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
  const out = html.replace(EMBED, (_m, tag?: string, attrs?: string, lone?: string, loneAttrs?: string) => {
    const name = (tag ?? lone)?.toLowerCase();
    if (name === undefined) return '';
    const player = keptPlayer(name, attrs ?? loneAttrs ?? '');
    if (player) return player;
    removed.push(describeEmbed(name, attrs ?? loneAttrs ?? ''));
    return '';
  });
  return { html: out, removed };
}
