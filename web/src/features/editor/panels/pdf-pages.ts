/**
 * Floor plans from a PDF. An architect's or a facility's plans come as a PDF, often a page per level; the map's floors
 * take SVG, PNG, JPEG or WEBP images. A PDF given as a floor plan is drawn page by page in the browser (PDF.js, loaded
 * only when a PDF is given, its worker a chunk of its own: ADR 121) into a PNG of about PLAN_PIXELS on its longer side,
 * which is then uploaded like any floor plan. The PNG stays under the upload limit: a page too detailed for it is drawn
 * smaller until it fits.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { FILE_MAX_BYTES } from '@mapnest/shared/files';

/** The longer side of a page's image, in pixels: a plan's room numbers stay readable zoomed in, and a phone can hold it. */
export const PLAN_PIXELS = 4000;
/** Below this longer side a plan is too blurred to use: a page that fits the upload limit only smaller is refused. */
const SMALLEST_PLAN = 1200;

/** A PDF, by its type or its name (a browser may give a PDF no type). */
export const isPdf = (file: { type: string; name?: string }) =>
  file.type === 'application/pdf' || /\.pdf$/i.test(file.name ?? '');

/** The biggest PDF taken as a floor plan: it is drawn in the browser, never uploaded as it is. */
export const PDF_MAX_BYTES = 100 * 1024 * 1024;

/** Why the PDF `file` cannot be a floor plan, before it is opened (over PDF_MAX_BYTES), or null. */
export const pdfSizeProblem = (file: { name: string; size: number }) =>
  file.size > PDF_MAX_BYTES
    ? `“${file.name}” is over ${PDF_MAX_BYTES / 1024 / 1024} MB. Export the plan as an SVG or PNG image instead.`
    : null;

/** Why a picked PDF cannot be a floor plan: too big, or no PDF inside (its first bytes), else null. */
export async function pdfProblem(file: File): Promise<string | null> {
  const head = new TextDecoder().decode(await file.slice(0, 1024).arrayBuffer());
  return pdfSizeProblem(file) ?? (head.includes('%PDF-') ? null : readProblem(file.name, null).message);
}

/** What a PDF page becomes: "plans.pdf" page 2 of 3 is "plans page 2.png"; a one-page PDF's image keeps its name. */
export function pageFileName(pdfName: string, page: number, pages: number): string {
  const base = pdfName.replace(/\.pdf$/i, '').trim() || 'plan';
  return pages > 1 ? `${base} page ${page}.png` : `${base}.png`;
}

/** The scale that draws a page of `width`×`height` (PDF points) at `longer` pixels on its longer side. */
export const pageScale = (width: number, height: number, longer = PLAN_PIXELS) => longer / Math.max(width, height);

/** A page drawn: its image, and the floor its title names ("Level 2", "Ground floor"), if it names one. */
export interface PdfPage {
  readonly image: File;
  readonly floor: string | null;
}

/** A PDF opened for drawing: its page count, each page drawn, and `close` to let it go. */
export interface PdfPlan {
  readonly pages: number;
  page(n: number): Promise<PdfPage>;
  close(): Promise<void>;
}

/**
 * A floor named in a plan's text: "GROUND FLOOR PLAN", "Level 2 – General arrangement", "Basement", "3rd floor". A
 * number or ordinal with floor or level, or a level's own word; not "floor plan" or "floor finishes".
 */
const FLOOR_PHRASE =
  /\b(?:(?:(?:lower|upper)\s+)?ground|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|top|lower|upper|\d{1,3}(?:st|nd|rd|th))\s+(?:floor|level|storey|story)\b|\b(?:level|floor|storey|story|basement|deck)\s?-?\d{1,3}[a-z]?\b|\b(?:basement|mezzanine|(?:lower|upper)\s+ground|roof)\b/i;

/** The floor a page's title names: of its texts that name one, the one in the largest type (a title, not a note). */
export function floorTitle(items: readonly { str: string; height: number }[]): string | null {
  let best: { phrase: string; height: number } | null = null;
  for (const item of items) {
    const phrase = FLOOR_PHRASE.exec(item.str)?.[0];
    if (phrase && (!best || item.height > best.height)) best = { phrase, height: item.height };
  }
  if (!best) return null;
  // Said as a floor's name: "LEVEL 12A" is "Level 12A", "GROUND FLOOR" is "Ground floor".
  const words = best.phrase
    .split(/\s+/)
    .map((w) => (/^\d+[a-z]$/i.test(w) ? w.toUpperCase() : w.toLowerCase()))
    .join(' ');
  return words[0]!.toUpperCase() + words.slice(1);
}

let worker: Worker | null = null;

/** PDF.js with its worker started once, on the first PDF. */
async function pdfjs() {
  const [lib, { default: PdfWorker }] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?worker'),
  ]);
  if (!worker) {
    worker = new PdfWorker();
    lib.GlobalWorkerOptions.workerPort = worker;
  }
  return lib;
}

/** The canvas as a PNG file named `name`. */
function png(canvas: HTMLCanvasElement, name: string): Promise<File> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => {
      if (blob) resolve(new File([blob], name, { type: 'image/png' }));
      else reject(new Error(`“${name}” could not be drawn: the page is too large for this browser.`));
    }, 'image/png'),
  );
}

/** Why a PDF cannot be read, in the author's words. */
function readProblem(name: string, error: unknown): Error {
  const kind = error instanceof Error ? error.name : '';
  if (kind === 'PasswordException')
    return new Error(`“${name}” is protected by a password. Save it without one, or export the plan as an image.`);
  return new Error(`“${name}” could not be read as a PDF. Export the plan as an SVG or PNG image instead.`);
}

/** Opens the PDF `file`; rejects, in words, when it is no PDF or is locked by a password. */
export async function openPdf(file: File): Promise<PdfPlan> {
  const lib = await pdfjs();
  const task = lib.getDocument({ data: new Uint8Array(await file.arrayBuffer()) });
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (error) {
    void task.destroy();
    throw readProblem(file.name, error);
  }
  return {
    pages: doc.numPages,
    async page(n) {
      const page = await doc.getPage(n);
      const { width, height } = page.getViewport({ scale: 1 });
      const name = pageFileName(file.name, n, doc.numPages);
      for (let longer = PLAN_PIXELS; longer >= SMALLEST_PLAN; longer = Math.floor(longer * 0.75)) {
        const viewport = page.getViewport({ scale: pageScale(width, height, longer) });
        const canvas = document.createElement('canvas');
        canvas.width = Math.round(viewport.width);
        canvas.height = Math.round(viewport.height);
        // A page's paper is white; a transparent PNG would show the map's background through it.
        await page.render({ canvas, viewport, background: '#ffffff' }).promise;
        const image = await png(canvas, name);
        canvas.width = canvas.height = 0; // the memory of a 4000 px canvas, freed now rather than when collected
        if (image.size <= FILE_MAX_BYTES)
          return {
            image,
            floor: floorTitle((await page.getTextContent()).items.flatMap((i) => ('str' in i ? [i] : []))),
          };
      }
      throw new Error(
        `Page ${n} of “${file.name}” is too detailed to upload as an image. Export it as an SVG instead.`,
      );
    },
    close: () => task.destroy(),
  };
}

/** Every page of the PDF `file` drawn, in order, at most `limit` of them (a map's floors are limited). */
export async function pdfImages(file: File, limit: number): Promise<PdfPage[]> {
  const pdf = await openPdf(file);
  try {
    const images: PdfPage[] = [];
    for (let n = 1; n <= Math.min(pdf.pages, limit); n++) images.push(await pdf.page(n));
    return images;
  } finally {
    void pdf.close();
  }
}
