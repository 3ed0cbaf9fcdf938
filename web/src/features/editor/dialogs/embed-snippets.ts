/** The embed snippets the publish dialog offers (plain functions, so tests can put them on a page as given). */

/** The iframe embed: responsive width; the height follows the map's shape (never below 400 px) or is fixed. */
export function iframeSnippet(
  origin: string,
  mapId: string,
  title: string,
  size: { width: number; height: number } | null,
): string {
  const style = size
    ? `width:100%;aspect-ratio:${size.width}/${size.height};min-height:400px;border:0`
    : 'width:100%;height:600px;border:0';
  const safeTitle = title.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  // allowfullscreen alone: together with allow="fullscreen" browsers log a warning on the customer's page.
  return `<iframe src="${origin}/m/${mapId}" title="${safeTitle}" style="${style}" loading="lazy" allowfullscreen></iframe>`;
}

/** The script-tag embed: the loader mounts the map into the element (in a shadow root, isolated from the page's CSS). */
export function scriptSnippet(origin: string, mapId: string): string {
  return `<script src="${origin}/embed.js" async></script>\n<div data-mapnest-map="${mapId}"></div>`;
}
