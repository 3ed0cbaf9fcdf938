/**
 * Floor plans that link their images instead of embedding them (`<image href="level-1.jpg">`, Illustrator's "Link"):
 * the upload keeps only what is inside the SVG (ADR 008), so a linked image would vanish from the plan. The images
 * picked with the site are embedded into the plan before it is uploaded; the ones not picked are named (ADR 069).
 */
import { displayName, fileKey, type MapplicSite } from './mapplic-site';

/** The raster types an SVG plan may embed (as the upload's sanitiser allows: png, jpeg, gif, webp). */
const RASTER = /\.(png|jpe?g|gif|webp)$/i;
const MIME: Record<string, string> = { png: 'png', jpg: 'jpeg', jpeg: 'jpeg', gif: 'gif', webp: 'webp' };

const IMAGE_TAG = /<image\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
const HREF = /(\s(?:xlink:)?href\s*=\s*)(?:"([^"]*)"|'([^']*)')/i;

/** Whether an href points outside the plan: not a same-document reference, not already inline data. */
const isLinked = (href: string) => href.trim() !== '' && !/^\s*(#|data:)/i.test(href);

async function dataUrl(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const ext = RASTER.exec(file.name)![1]!.toLowerCase();
  return `data:image/${MIME[ext]};base64,${btoa(binary)}`;
}

/** An SVG plan with its linked images embedded from `files`, which it embedded, and the links it could not fill. */
export interface EmbeddedPlan {
  file: File;
  embedded: File[];
  /** The linked images not among the files (as the plan names them), in order, each once. */
  missing: string[];
}

/**
 * The plan with each `<image>` whose href names a picked raster by file name (as floors are matched: no folders,
 * query or case) made an inline data URL. A plan that is not an SVG, or links nothing, comes back as it was.
 */
export async function embedLinkedImages(plan: File, files: readonly File[]): Promise<EmbeddedPlan> {
  if (!/\.svg$/i.test(plan.name)) return { file: plan, embedded: [], missing: [] };
  const text = await plan.text();
  const byKey = new Map<string, File>();
  for (const f of files) if (RASTER.test(f.name) && !byKey.has(fileKey(f.name))) byKey.set(fileKey(f.name), f);
  const urls = new Map<File, string>();
  const missing = new Set<string>();
  for (const [tag] of text.matchAll(IMAGE_TAG)) {
    const m = HREF.exec(tag);
    const href = m?.[2] ?? m?.[3] ?? '';
    if (!isLinked(href)) continue;
    const file = byKey.get(fileKey(href));
    if (!file) missing.add(href.trim());
    else if (!urls.has(file)) urls.set(file, await dataUrl(file));
  }
  if (urls.size === 0) return { file: plan, embedded: [], missing: [...missing] };
  const out = text.replace(IMAGE_TAG, (tag) =>
    tag.replace(HREF, (whole, attr: string, dq?: string, sq?: string) => {
      const file = byKey.get(fileKey(dq ?? sq ?? ''));
      const url = file && urls.get(file);
      return url ? `${attr}"${url}"` : whole;
    }),
  );
  const file = new File([out], plan.name, { type: plan.type || 'image/svg+xml', lastModified: plan.lastModified });
  // A plan from a picked folder keeps its path there, which the picker shows.
  const path = (plan as File & { webkitRelativePath?: string }).webkitRelativePath;
  if (path) Object.defineProperty(file, 'webkitRelativePath', { value: path });
  return { file, embedded: [...urls.keys()], missing: [...missing] };
}

/**
 * The site with the images its floors' plans link embedded from the picked `files` (a plan chosen by hand for a floor
 * too); a floor tells the links left unfilled, and the embedded images are no longer listed as not used.
 */
export async function embedSiteImages(site: MapplicSite, files: readonly File[]): Promise<MapplicSite> {
  const used = new Set<string>();
  const floors = [];
  for (const floor of site.floors) {
    if (!floor.file) {
      floors.push(floor);
      continue;
    }
    const plan = await embedLinkedImages(floor.file, files);
    for (const f of plan.embedded) used.add(displayName(f));
    floors.push({ ...floor, file: plan.file, unlinked: plan.missing });
  }
  return { ...site, floors, unused: site.unused.filter((name) => !used.has(name)) };
}
