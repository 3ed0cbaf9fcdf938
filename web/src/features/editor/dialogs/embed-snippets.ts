/** The embed snippets the publish dialog offers (plain functions, so tests can put them on a page as given). */

/**
 * The iframe embed: responsive width; the height follows the map's shape or is fixed. Following the shape, it is
 * never lower than 640 px or 85% of the window, whichever is less: on a phone the map's shape alone would leave a
 * strip (224 px for a 16:10 plan on a 390 px screen), and the viewer puts its directory under the map there. Nor is
 * it higher than 90% of the window: a wide page's 1400 px frame for a 5:4 plan was 1120 px tall in a 900 px window,
 * the whole screen map, its zoom buttons below the fold and no page left to scroll by.
 */
export function iframeSnippet(
  origin: string,
  mapId: string,
  title: string,
  size: { width: number; height: number } | null,
): string {
  const style = size
    ? `width:100%;aspect-ratio:${size.width}/${size.height};min-height:min(640px,85vh);max-height:90vh;border:0`
    : 'width:100%;height:600px;border:0';
  const safeTitle = title.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  // Full screen by allowfullscreen alone: named in allow too, browsers log a warning on the customer's page. The
  // clipboard by allow: a cross-origin frame may not write to it otherwise (a location's Copy link).
  return `<iframe src="${origin}/m/${mapId}" title="${safeTitle}" style="${style}" loading="lazy" allow="clipboard-write" allowfullscreen></iframe>`;
}

/** The script-tag embed: the loader mounts the map into the element (in a shadow root, isolated from the page's CSS). */
export function scriptSnippet(origin: string, mapId: string): string {
  return `<script src="${origin}/embed.js" async></script>\n<div data-mapnest-map="${mapId}"></div>`;
}
