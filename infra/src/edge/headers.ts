/**
 * What the edge adds to every response, defined once. CloudFront's response headers policies
 * (constructs/web.ts) are built from these specs, and the local gateway (scripts/local/gateway.ts)
 * sends the very same headers, so tests against the local stack see what production does
 * (infra/test/edge-parity.test.ts compares the two). Pure data and functions: no CDK here.
 */
import { createHash } from 'node:crypto';
import { EMBED_BOOT_SCRIPT } from '@mapnest/shared/embed-boot';

/** Which CloudFront behaviour serves a path, by the kind of response headers it gets. */
export type EdgeKind = 'app' | 'embed' | 'data' | 'files' | 'static' | 'api';

/**
 * The web app's files' Cache-Control, as the SPA deployment stores them (constructs/web.ts) and the local gateway
 * sends them (scripts/local/static-files.ts, spaCacheControl): hashed build output never changes under its name;
 * entry pages and runtime JSON always revalidate.
 */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';
/**
 * Files with stable names that customers' pages load (embed.js, the demo and built-in maps): a new
 * release reaches them within minutes, and a stale copy still works (it names hashed files, which
 * are never pruned).
 */
export const SHORT_CACHE = 'public, max-age=300, stale-while-revalidate=3600';

/** The Cache-Control of an SPA file by its path (after the SPA rewrite), as the three deployments store it. */
export function spaCacheControl(uri: string): string {
  if (uri.startsWith('/assets/')) return IMMUTABLE_CACHE;
  if (uri.endsWith('.html') || uri === '/config.json') return REVALIDATE_CACHE;
  return SHORT_CACHE;
}

/** Build output under stable names that other sites read: the script-tag loader and the maps it may show. */
export const CROSS_ORIGIN_STATIC_PATHS = ['/assets/*', '/embed.js', '/demo/*', '/builtin/*'] as const;

/** CloudFront's cache behaviours in their order of precedence; anything else is the default (the app). */
export const EDGE_BEHAVIOURS: ReadonlyArray<readonly [pattern: string, kind: EdgeKind]> = [
  ['/m/*', 'embed'],
  ['/data/*', 'data'],
  ['/files/*', 'files'],
  ...CROSS_ORIGIN_STATIC_PATHS.map((p) => [p, 'static'] as const),
  ['/api/fn/*', 'api'],
  ['/api/*', 'api'],
];

/** CloudFront path patterns: '*' matches any characters (slashes included), everything else literally. */
function matchesPattern(pattern: string, path: string): boolean {
  const re = new RegExp(
    `^${pattern
      .split('*')
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return re.test(path);
}

/** The kind of headers CloudFront gives the response to a path (the first matching behaviour, else the default). */
export function edgeKindOf(path: string): EdgeKind {
  return EDGE_BEHAVIOURS.find(([pattern]) => matchesPattern(pattern, path))?.[1] ?? 'app';
}

/** User files opened directly: nothing loads, nothing runs (sandbox also gives an opaque origin); inline SVG styles apply. */
export const FILES_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
/** Published map data opened directly: no script; images and inline styles only. */
export const DATA_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";
/**
 * The build's files and the embed's static files. Opened directly, nothing runs (`sandbox`: no script in a document,
 * whatever script-src says). A worker the app starts from them runs under this policy, its script's: PDF.js's worker
 * reads its decoders of scanned plans, its fonts and its character maps from the site, and compiles the decoders
 * (`'wasm-unsafe-eval'`) or imports their plain-script fallbacks (ADR 122).
 */
export const STATIC_CSP =
  "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

/** CSP source of the embed page's one inline script (it starts the map data download; @mapnest/shared/embed-boot). */
export const EMBED_BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(EMBED_BOOT_SCRIPT, 'utf8').digest('base64')}'`;

/**
 * The video players a location's description may hold, and only these (ADR 073): the viewer's sanitiser keeps an
 * iframe only with such a player's address, and rewrites youtube.com to youtube-nocookie.com, so youtube.com is not here.
 */
export const VIDEO_PLAYER_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

/**
 * Content-Security-Policy of the app and of the embed page; they differ in who may frame them and
 * where they may fetch from (the embed reads authors' CSVs and floor plans from any https host).
 * `localSources` are added to connect-src and img-src by the local stack only (test servers on
 * http://127.0.0.1 stand in for authors' https hosts). `inlineScripts`: hashes of the only inline
 * scripts the page may run (the embed's boot script); none for the app.
 */
export function contentSecurityPolicy(
  connectSources: readonly string[],
  frameAncestors: string,
  localSources: readonly string[] = [],
  inlineScripts: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...inlineScripts].join(' ')}`,
    // React and the map renderer set inline styles; no eval'd script, and no inline script but the hashed ones.
    "style-src 'self' 'unsafe-inline'",
    // Location images may come from any https host the author links.
    `img-src ${["'self'", 'data:', 'blob:', 'https:', ...localSources].join(' ')}`,
    "font-src 'self' data:",
    `connect-src ${["'self'", ...connectSources, ...localSources].join(' ')}`,
    `frame-src ${["'self'", ...VIDEO_PLAYER_ORIGINS].join(' ')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** HSTS for two years, subdomains included. */
export const HSTS_SECONDS = 730 * 24 * 60 * 60;
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/**
 * Powerful features no Mapnest page uses (fullscreen and the clipboard stay allowed for our own origin by default).
 * Only features browsers recognise: an unknown one (bluetooth) makes Chromium log a warning on every embedding page.
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), serial=(), usb=()';

/** One response headers policy: CloudFront's security headers, the extra headers it adds, and CORS. */
export interface EdgeHeaderSpec {
  csp: string;
  /** X-Frame-Options; none where other sites may frame the page (the embed) or it is never a page. */
  frameOptions: 'DENY' | null;
  /** Access-Control-Allow-Origin: * for GET/HEAD (script-tag embeds read these from customers' sites). */
  cors: boolean;
  /** Headers outside CloudFront's security set: Permissions-Policy, Cross-Origin-Opener-Policy, Cross-Origin-Resource-Policy. */
  custom: Readonly<Record<string, string>>;
}

/**
 * The headers policy of each kind of response. `connectSources` are the app's AWS hosts (Cognito, the buckets it
 * reaches with presigned requests); the local stack has none (everything is on its one origin).
 */
export function edgeHeaderSpec(
  kind: EdgeKind,
  connectSources: readonly string[],
  localSources: readonly string[] = [],
): EdgeHeaderSpec {
  switch (kind) {
    case 'app':
    case 'api':
      return {
        // The app reads authors' live data sources (a CSV or a published spreadsheet on any https host) in the
        // editor's Test and Preview, as the embed does: connect-src https: (ADR 031). The API's answers, served
        // through the same CloudFront policy, carry the same header.
        csp: contentSecurityPolicy([...connectSources, 'https:'], "'none'", localSources),
        frameOptions: 'DENY',
        cors: false,
        custom: {
          'permissions-policy': PERMISSIONS_POLICY,
          'cross-origin-opener-policy': 'same-origin',
          'cross-origin-resource-policy': 'same-origin',
        },
      };
    case 'embed':
      // No X-Frame-Options: it cannot express "anyone", and frame-ancestors supersedes it. connect-src https:: a
      // map's CSV of locations and its SVG floors may live on any host the author picks (img-src already allows it).
      return {
        csp: contentSecurityPolicy(['https:'], '*', localSources, [EMBED_BOOT_SCRIPT_SOURCE]),
        frameOptions: null,
        cors: false,
        custom: { 'permissions-policy': PERMISSIONS_POLICY, 'cross-origin-resource-policy': 'cross-origin' },
      };
    case 'files':
      return {
        csp: FILES_CSP,
        frameOptions: null,
        cors: true,
        custom: { 'permissions-policy': PERMISSIONS_POLICY, 'cross-origin-resource-policy': 'cross-origin' },
      };
    case 'data':
    case 'static':
      return {
        csp: kind === 'data' ? DATA_CSP : STATIC_CSP,
        frameOptions: null,
        cors: true,
        custom: { 'permissions-policy': PERMISSIONS_POLICY, 'cross-origin-resource-policy': 'cross-origin' },
      };
  }
}

/** The headers a browser receives for a spec, as CloudFront writes them (lower-case names). */
export function edgeResponseHeaders(spec: EdgeHeaderSpec): Record<string, string> {
  const headers: Record<string, string> = {
    'strict-transport-security': `max-age=${HSTS_SECONDS}; includeSubDomains`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': REFERRER_POLICY,
    'content-security-policy': spec.csp,
    ...spec.custom,
  };
  if (spec.frameOptions) headers['x-frame-options'] = spec.frameOptions;
  if (spec.cors) headers['access-control-allow-origin'] = '*';
  return headers;
}
