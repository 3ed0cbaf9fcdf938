/**
 * The embed page's only inline script (web/embed.html gets it at build time): it starts the map data download
 * while the browser is still fetching the viewer's code, so both arrive in one round trip. The viewer takes the
 * response promise from `window[EMBED_BOOT_GLOBAL]` instead of fetching again (web/src/embed/boot.ts). The URL and
 * the credentials mode are the ones `fetchPublished` uses, and the id rule is MAP_ID_PATTERN (./calls/maps.ts).
 *
 * The page's Content-Security-Policy allows this exact text by its SHA-256 hash (infra/src/edge/headers.ts), the
 * same policy in CloudFront and in the local stack: change a character here and the hash follows; no other inline
 * script can run. A rejected fetch is marked handled here, so a network failure is reported once, by the viewer.
 *
 * A successful response's body is read as JSON here too (`json`; null for an error status, whose body the viewer
 * reads itself): the page's main thread is idle while the viewer's code downloads and compiles, so the map data is
 * parsed by the time the code runs, rather than after it in a task of its own.
 */
export const EMBED_BOOT_GLOBAL = '__mapnestData';

export const EMBED_BOOT_SCRIPT =
  `(function(){var m=/^\\/m\\/([A-Za-z0-9]{1,40})\\/?$/.exec(location.pathname);if(!m)return;` +
  `var r=fetch('/data/maps/'+m[1]+'.json',{credentials:'omit'});` +
  `var j=r.then(function(x){return x.ok?x.json():null});j.catch(function(){});` +
  `window.${EMBED_BOOT_GLOBAL}={mapId:m[1],response:r,json:j}})()`;
