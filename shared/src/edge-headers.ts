/**
 * What the edge adds to responses, defined once: CloudFront's response headers policies (infra/src/constructs/web.ts)
 * and the local gateway (scripts/local/gateway.ts) both read these values.
 */

/**
 * User files (/files/*: uploads, avatars, thumbnails) opened directly: nothing loads, nothing runs (sandbox also
 * gives the document an opaque origin), inline styles of an SVG still apply.
 */
export const FILES_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
/** Published map data and the embed's static files opened directly: no script; images and inline styles only. */
export const DATA_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";
