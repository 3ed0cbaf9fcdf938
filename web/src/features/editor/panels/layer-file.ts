/** How the layers panel names a layer's file: what the author uploaded, never where it is stored. */

/** A library key's last segment is `{16 hex}-{name}` (domain/files/files.ts): the random part is storage, not the name. */
const LIBRARY_PREFIX = /^[0-9a-f]{16}-/;

/** The images the file library takes (SVG, PNG, JPEG, WEBP), by type and by name. */
export const IMAGE_ACCEPT = 'image/svg+xml,image/png,image/jpeg,image/webp,.svg,.png,.jpg,.jpeg,.webp';
const NAME_ORDER = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
/** Files in the order their names say, as floors given together are added: "Level 2" before "Level 10". */
export const byFileName = (a: { name: string }, b: { name: string }) => NAME_ORDER.compare(a.name, b.name);

/** What a floor's file picker takes: those images, and a PDF (drawn into an image per page: `plan-images/pdf-pages.ts`). */
export const FLOOR_PLAN_ACCEPT = `${IMAGE_ACCEPT},application/pdf,.pdf`;

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

/**
 * A file name that already names a floor, once its dashes and underscores are spaces: "Ground floor", "level-2",
 * "Basement", "2nd floor". Anything else ("plan_v3", "floor1", "IMG_0412") is the file's name, not the floor's.
 */
const FLOOR_NAME =
  /^(?:(?:(?:lower |upper )?ground|first|second|third|fourth|fifth|top|upper|lower|main|basement|mezzanine|lobby|roof|attic|\d{1,3}(?:st|nd|rd|th))(?: (?:floor|level|storey|story))?|(?:floor|level|storey|story|basement|deck) \d{1,3}[a-z]?)$/i;

/**
 * The name of a floor added from a file: visitors read it in the floor switcher. A file named like a floor keeps
 * that name, as the author chose it; any other file gives "Floor N", N the floor's number (the next after the
 * floors there are, then higher if that name is taken), which the author can rename in the layers panel.
 */
export function newFloorName(fileName: string, floors: readonly { name: string }[]): string {
  const taken = new Set(floors.map((f) => f.name.trim().toLowerCase()));
  const words = fileName
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_\s]+/g, ' ')
    .trim();
  if (FLOOR_NAME.test(words) && !taken.has(words.toLowerCase())) return words[0]!.toUpperCase() + words.slice(1);
  let n = floors.length + 1;
  while (taken.has(`floor ${n}`)) n++;
  return `Floor ${n}`;
}

/**
 * The id of a floor added in the editor (blank or from a file): `layer-N`, N the floor's number, then higher if taken,
 * as new locations are `location-N`. Ids appear in links to a floor, so they are short and say nothing of the file
 * (a plan's file name, "my-plan-final-v3", would stay in every link after the file is replaced). Existing ids stay.
 */
export function newFloorId(floors: readonly { id: string }[]): string {
  const taken = new Set(floors.map((f) => f.id));
  let n = floors.length + 1;
  while (taken.has(`layer-${n}`)) n++;
  return `layer-${n}`;
}
