/** How the layers panel names a layer's file: what the author uploaded, never where it is stored. */

/** A library key's last segment is `{16 hex}-{name}` (domain/files/files.ts): the random part is storage, not the name. */
const LIBRARY_PREFIX = /^[0-9a-f]{16}-/;

/** The file's name for a layer's URL ('' for a blank layer, 'Embedded image' for a data: URL). */
export function layerFileName(url: string): string {
  if (!url) return '';
  if (/^data:/i.test(url)) return 'Embedded image';
  const path = url.replace(/[?#].*$/, '');
  const last = path.slice(path.lastIndexOf('/') + 1);
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // a malformed escape: show it as it is
  }
  return (path.startsWith('/files/') ? name.replace(LIBRARY_PREFIX, '') : name) || url;
}
