/**
 * Mapplic's text as Mapnest keeps it: character references decoded in the fields Mapnest shows as plain text
 * (WordPress saves `H&amp;M` and `&#8217;`), and the embedded players of descriptions, which the viewer never
 * shows, taken out and named so the import can say so.
 */
import { decodeEntities } from '../html-entities';

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

function hostOf(attrs: string): string {
  const src = /(?:^|[\s/])(?:src|data)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs);
  const url = src?.[1] ?? src?.[2] ?? src?.[3];
  // Only absolute and protocol-relative addresses name a host; shared code has no URL parser to lean on.
  const host = /^\s*(?:https?:)?\/\/(?:[^/?#@\s]*@)?([^/?#:\s]+)/i.exec(url ?? '')?.[1];
  return host ? host.replace(/^www\./i, '').toLowerCase() : '';
}

function describeEmbed(tag: string, attrs: string): string {
  const host = hostOf(attrs);
  const at = host ? ` (${host})` : '';
  if (tag === 'video') return `a video${at}`;
  if (tag === 'audio') return `an audio player${at}`;
  return VIDEO_HOSTS.test(host) ? `a video embed${at}` : `an embed${at}`;
}

/**
 * A description without its embedded players and pages (iframe, embed, object, video, audio), and what each was
 * ("a video embed (youtube.com)"), in order. The viewer's sanitiser removes these anyway; this only lets the import
 * name them and keeps the stored description what visitors see.
 */
export function removeEmbeds(html: string): { html: string; removed: string[] } {
  const removed: string[] = [];
  const out = html.replace(EMBED, (_m, tag?: string, attrs?: string, lone?: string, loneAttrs?: string) => {
    const name = tag ?? lone;
    if (name !== undefined) removed.push(describeEmbed(name.toLowerCase(), attrs ?? loneAttrs ?? ''));
    return '';
  });
  return { html: out, removed };
}
