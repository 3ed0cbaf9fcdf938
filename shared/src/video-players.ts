/**
 * The video players a description may hold (ADR 073): YouTube and Vimeo, by their player addresses only. Used by the
 * viewer's sanitiser (which keeps an <iframe> only when its src is one of these), the Mapplic importer and the
 * editor's "paste a video link". Plain patterns, no URL parser: an address either matches a pattern whole, host and
 * path and all, or it is refused; what is kept is always rebuilt from the parts the patterns checked.
 */

/** YouTube's video ids: eleven characters of the URL-safe base64 alphabet (`videoseries`, a playlist, is not one). */
const YT_ID = '(?!videoseries)([A-Za-z0-9_-]{11})';
const VIMEO_ID = '([1-9][0-9]{0,11})';
const TAIL = '\\/?(?:\\?([^#\\s]*))?(?:#(\\S*))?$';

const YOUTUBE_PLAYER = /* @__PURE__ */ new RegExp(
  `^(?:https?:)?\\/\\/(?:www\\.)?youtube(?:-nocookie)?\\.com\\/embed\\/${YT_ID}${TAIL}`,
  'i',
);
const VIMEO_PLAYER = /* @__PURE__ */ new RegExp(
  `^(?:https?:)?\\/\\/player\\.vimeo\\.com\\/video\\/${VIMEO_ID}${TAIL}`,
  'i',
);

/** A query parameter's first value as written (for the patterns to check), or undefined. */
const param = (query: string | undefined, name: string): string | undefined =>
  new RegExp(`(?:^|&)${name}=([^&]*)`).exec(query ?? '')?.[1];

/** A start time as YouTube and Vimeo write it (`90`, `90s`, `1m30s`, `1h2m3s`) in seconds; undefined otherwise. */
function seconds(t: string | undefined): number | undefined {
  const m = /^(?:(\d{1,2})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s?)?$/.exec(t ?? '');
  if (!m || !t) return undefined;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

/**
 * YouTube's player through its privacy-enhanced host, which sets no cookie before the visitor plays (ADR 073); only
 * the start and end times are kept.
 */
function youtube(id: string, start?: number, end?: number): string {
  const q = [start ? `start=${start}` : '', end ? `end=${end}` : ''].filter(Boolean).join('&');
  return `https://www.youtube-nocookie.com/embed/${id}${q ? `?${q}` : ''}`;
}

/** Vimeo's player with `dnt=1` (no tracking of the visitor); `h` is the key of an unlisted video, which needs it. */
function vimeo(id: string, hash?: string, start?: number): string {
  const h = hash && /^[0-9a-f]{6,32}$/i.test(hash) ? `h=${hash}&` : '';
  return `https://player.vimeo.com/video/${id}?${h}dnt=1${start ? `#t=${start}s` : ''}`;
}

/**
 * The canonical address of a YouTube or Vimeo player (`https://www.youtube.com/embed/<id>`,
 * `https://www.youtube-nocookie.com/embed/<id>`, `https://player.vimeo.com/video/<number>`, or protocol-relative
 * or http forms of these) rebuilt from its checked parts, or null for anything else. The result is a fixed point.
 */
export function playerSource(src: string): string | null {
  const s = src.trim();
  const yt = YOUTUBE_PLAYER.exec(s);
  if (yt) {
    return youtube(yt[1]!, seconds(param(yt[2], 'start')), seconds(param(yt[2], 'end')));
  }
  const vm = VIMEO_PLAYER.exec(s);
  if (vm) return vimeo(vm[1]!, param(vm[2], 'h'), seconds(/^t=(.*)$/.exec(vm[3] ?? '')?.[1]));
  return null;
}

/**
 * The player address for a video's page link as people copy it (`https://www.youtube.com/watch?v=<id>`,
 * `https://youtu.be/<id>?t=90`, `https://vimeo.com/<number>`) or for a player address; null for anything else.
 */
export function playerForLink(link: string): string | null {
  const s = link.trim();
  // Made here, not in the module: the embed imports this module for playerSource alone.
  const yt = new RegExp(
    `^https?:\\/\\/(?:(?:www\\.|m\\.)?youtube\\.com\\/(?:watch\\/?\\?(?:[^#\\s]*&)?v=${YT_ID}|shorts\\/${YT_ID}|live\\/${YT_ID})|youtu\\.be\\/${YT_ID})(?:[/?&#]([^\\s]*))?$`,
    'i',
  ).exec(s);
  if (yt) {
    const rest = yt[5] ?? '';
    return youtube(yt[1] ?? yt[2] ?? yt[3] ?? yt[4]!, seconds(/(?:^|[?&#])(?:t|start)=([^&#]*)/.exec(rest)?.[1]));
  }
  const vm = new RegExp(`^https?:\\/\\/(?:www\\.)?vimeo\\.com\\/${VIMEO_ID}(?:\\/([0-9a-f]{6,32}))?${TAIL}`, 'i').exec(
    s,
  );
  if (vm) return vimeo(vm[1]!, vm[2] ?? param(vm[3], 'h'), seconds(/^t=(.*)$/.exec(vm[4] ?? '')?.[1]));
  return playerSource(s);
}
