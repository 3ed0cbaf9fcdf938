/**
 * Floor plans as images under the upload limit: drawn at PLAN_PIXELS on their longer side, in their own type and else
 * as WebP (a scan's grain makes a PNG of it large where a WebP keeps its size in pixels), then a quarter smaller each
 * time neither is within the limit, down to SMALLEST_PLAN. A PDF's pages (`pdf-pages.ts`) are made so, and an image
 * too large to upload as it is (a scanner's 300 dpi PNG of an A1 plan, 20 MB and more).
 */
import { FILE_MAX_BYTES, FILE_MAX_TEXT, FILE_TYPES, megabytes, type FileType } from '@mapnest/shared/files';
import { claimedType, imageSize } from '../../files-api';

/** The longer side of a plan's image, in pixels: a plan's room numbers stay readable zoomed in, and a phone can hold it. */
export const PLAN_PIXELS = 4000;
/** Below this longer side a plan is too blurred to use: a plan that fits the upload limit only smaller is refused. */
export const SMALLEST_PLAN = 1200;

/** The types a copy may be written in, as the author knows them. */
const TYPE_NAMES: Record<string, string> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/webp': 'WebP' };

/** Image types drawn again smaller when over the limit (an SVG is text: its size is not its pixels'). */
const RASTERS = new Set(['image/png', 'image/jpeg', 'image/webp']);

/**
 * The first image `draw` makes at each longer side from `from` down, encoded as `type` (PNG, JPEG or WebP), else as
 * WebP, and named `name` (its extension the type's), whose file is within the upload limit; null when none is.
 */
export async function fittedImage(
  draw: (longer: number) => Promise<HTMLCanvasElement>,
  name: string,
  type: string = 'image/png',
  from = PLAN_PIXELS,
): Promise<File | null> {
  for (let longer = from; longer >= SMALLEST_PLAN; longer = Math.floor(longer * 0.75)) {
    const canvas = await draw(longer);
    try {
      for (const as of new Set([type, 'image/webp'])) {
        const image = await encoded(canvas, name, as);
        if (image.size <= FILE_MAX_BYTES) return image;
      }
    } finally {
      canvas.width = canvas.height = 0; // the memory of a 4000 px canvas, freed now rather than when collected
    }
  }
  return null;
}

/** The canvas as a file of `type` (JPEG and WebP at 90%), named `name` with the extension of the type written. */
function encoded(canvas: HTMLCanvasElement, name: string, type: string): Promise<File> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => {
        // A browser that cannot write the type writes a PNG: the name says which it is.
        const ext = FILE_TYPES[blob?.type as FileType] ?? 'png';
        if (blob) resolve(new File([blob], name.replace(/(\.\w+)?$/, `.${ext}`), blob));
        else reject(new Error(`“${name}” could not be drawn: the plan is too large for this browser.`));
      },
      type,
      0.9,
    ),
  );
}

/** Whether `file` is an image over the upload limit that a smaller copy of can be made of (`fittingPlan`). */
export const tooLargeImage = (file: File) => RASTERS.has(claimedType(file)) && file.size > FILE_MAX_BYTES;

/**
 * A copy of the image plan `file` (over the upload limit) that fits it: at most PLAN_PIXELS on its longer side, in its
 * own type, and a sentence that says so. Rejects, in words, when the image cannot be read or fits no size.
 */
export async function fittingPlan(file: File): Promise<{ image: File; said: string }> {
  const size = await imageSize(file);
  if (!size) throw new Error(`“${file.name}” could not be read as an image.`);
  const longest = Math.max(size.width, size.height);
  let drawn = size;
  const image = await fittedImage(
    async (longer) => {
      const scale = Math.min(1, longer / longest);
      drawn = {
        width: Math.max(1, Math.round(size.width * scale)),
        height: Math.max(1, Math.round(size.height * scale)),
      };
      const bitmap = await createImageBitmap(file, {
        resizeWidth: drawn.width,
        resizeHeight: drawn.height,
        resizeQuality: 'high',
      });
      const canvas = Object.assign(document.createElement('canvas'), drawn);
      canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
      bitmap.close();
      return canvas;
    },
    file.name,
    claimedType(file),
    Math.min(PLAN_PIXELS, longest),
  );
  if (!image)
    throw new Error(
      `“${file.name}” is too detailed to upload even at ${SMALLEST_PLAN} px across. Export it as an SVG.`,
    );
  // Said of a copy in another type than its original's (a PNG scan as WebP).
  const as = image.type === claimedType(file) ? '' : `${TYPE_NAMES[image.type] ?? image.type}, `;
  return {
    image,
    said: `“${file.name}” is ${megabytes(file.size)}, over the ${FILE_MAX_TEXT} upload limit: a copy of ${drawn.width}×${drawn.height} px (${as}${megabytes(image.size)}) was uploaded instead.`,
  };
}
