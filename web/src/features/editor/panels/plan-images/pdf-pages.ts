/**
 * Floor plans from a PDF. An architect's or a facility's plans come as a PDF, often a page per level; the map's floors
 * take SVG, PNG, JPEG or WEBP images. A PDF given as a floor plan is drawn page by page in the browser (PDF.js, loaded
 * only when a PDF is given, its worker a chunk of its own: ADR 121) into a PNG of about PLAN_PIXELS on its longer side,
 * which is then uploaded like any floor plan. The image stays under the upload limit (`fittedImage`): a page too
 * detailed for a PNG is written as WebP, then drawn smaller until it fits.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { Location } from '@mapnest/shared/map-document';
import { toId, uniqueId } from '@mapnest/shared/map-ids';
import { fittedImage, PLAN_PIXELS } from './fitted-image';
import { pdfAssetOptions } from './pdf-assets';

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

/** A room's number written on a plan ("101", "G-04", "B12"), and a point just above it (0 to 1 across, down). */
export interface RoomLabel {
  readonly text: string;
  readonly coord: readonly [number, number];
}

/** A page drawn: its image, the floor its title names ("Level 2", "Ground floor") if it names one, its rooms' numbers. */
export interface PdfPage {
  readonly image: File;
  readonly floor: string | null;
  readonly rooms: readonly RoomLabel[];
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

/** A room's number as plans write it: up to 3 letters, then 1 to 4 digits, then a letter ("101", "G-04", "L2.15A"). */
const ROOM_NUMBER = /^[A-Z]{0,3}\d{0,2}[-.]?\d{1,4}[A-Z]?$/i;
/** Fewer numbers than this on a page are a drawing's reference numbers, not its rooms'. */
const FEWEST_ROOMS = 3;

/** A text of a page: what it says, where it starts (PDF.js's transform, PDF units), and its size. */
interface PageText {
  str: string;
  transform: readonly number[];
  width: number;
  height: number;
}

/**
 * The rooms' numbers written on a plan, each just above its middle through `toPage` (PDF units to 0..1 of the page).
 * Left out: numbers written more than once or turned (a plan's dimensions), in another size than most of them (a
 * sheet's number, a scale, a date in the title block), and a page with fewer than FEWEST_ROOMS: a plan names each of
 * its rooms once, level, in one size.
 */
export function roomLabels(
  items: readonly PageText[],
  toPage: (x: number, y: number) => readonly [number, number],
): RoomLabel[] {
  // A room's number is written level and once; a dimension ("3600") is often repeated, or turned along its line.
  const times = new Map<string, number>();
  for (const i of items) times.set(i.str.trim(), (times.get(i.str.trim()) ?? 0) + 1);
  const level = (i: PageText) => Math.abs(i.transform[1]!) < 1e-6 && Math.abs(i.transform[2]!) < 1e-6;
  const numbers = items.filter(
    (i) => ROOM_NUMBER.test(i.str.trim()) && i.height > 0 && level(i) && times.get(i.str.trim()) === 1,
  );
  if (numbers.length < FEWEST_ROOMS) return [];
  const sizes = numbers.map((i) => i.height).sort((a, b) => a - b);
  const usual = sizes[Math.floor(sizes.length / 2)]!;
  const labels = numbers
    .filter((i) => Math.abs(i.height - usual) <= usual * 0.25)
    // Over the number's middle, a dot would hide it: it sits just above the number instead.
    .map((i) => ({
      text: i.str.trim(),
      coord: toPage(i.transform[4]! + i.width / 2, i.transform[5]! + i.height * 1.6),
    }));
  return labels.length < FEWEST_ROOMS ? [] : labels;
}

/** The question asked before the rooms' numbers of plans (each plan's) become locations, with a few as examples. */
export function roomsQuestion(byPlan: readonly (readonly RoomLabel[])[]): string {
  const rooms = byPlan.flat();
  const some = rooms.slice(0, 3).map((r) => r.text);
  return `${byPlan.filter((r) => r.length > 0).length > 1 ? 'The plans show' : 'The plan shows'} ${rooms.length} room numbers with no location yet (${some.join(', ')}${rooms.length > 3 ? ', …' : ''}). Add a location at each, titled by its number, to give each room its details?`;
}

/**
 * The rooms' numbers of a plan for the floor `layer` that no location of that floor (or of every floor) has as its id
 * or title yet: a floor's plan replaced by its next version offers only its new rooms. A new floor (null) has none.
 */
export function freshRooms(
  locations: readonly Pick<Location, 'id' | 'title' | 'layer'>[],
  layer: string | null,
  rooms: readonly RoomLabel[],
): RoomLabel[] {
  if (layer === null) return [...rooms];
  const known = new Set(
    locations.filter((l) => l.layer == null || l.layer === layer).flatMap((l) => [l.id, l.title?.trim() ?? '']),
  );
  return rooms.filter((r) => !known.has(r.text) && !known.has(toId(r.text)));
}

/**
 * A location at each room's number on its floor: its id and title the number (ids kept apart from those `taken`,
 * which it adds to), shown by a dot, as a location placed by hand is by a marker.
 */
export function roomLocations(
  floors: readonly { layer: string; rooms: readonly RoomLabel[] }[],
  taken: Set<string>,
): Location[] {
  return floors.flatMap(({ layer, rooms }) =>
    rooms.map((r) => {
      const id = uniqueId(r.text, taken, 'room');
      taken.add(id);
      return { id, title: r.text, coord: [r.coord[0], r.coord[1]], layer, type: 'dot' } satisfies Location;
    }),
  );
}

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

/**
 * Whether the page drawn on `canvas` is one colour throughout, its paper's: read in bands of rows at its full size, so
 * a faint hairline still counts.
 */
function blank(canvas: HTMLCanvasElement): boolean {
  const context = canvas.getContext('2d');
  if (!context) return false;
  const paper = context.getImageData(0, 0, 1, 1).data;
  for (let y = 0; y < canvas.height; y += 256) {
    const band = context.getImageData(0, y, canvas.width, Math.min(256, canvas.height - y)).data;
    if (!oneColour(band, paper)) return false;
  }
  return true;
}

/**
 * Whether RGBA `pixels` are all the colour `paper` (RGBA), give or take `tolerance` in each channel: a scan's paper is
 * not even.
 */
export function oneColour(pixels: Uint8ClampedArray, paper: ArrayLike<number>, tolerance = 8): boolean {
  for (let i = 0; i < pixels.length; i++) if (Math.abs(pixels[i]! - paper[i % 4]!) > tolerance) return false;
  return true;
}

/** Why a PDF cannot be read, in the author's words. */
function readProblem(name: string, error: unknown): Error {
  const kind = error instanceof Error ? error.name : '';
  if (kind === 'PasswordException')
    return new Error(`“${name}” is protected by a password. Save it without one, or export the plan as an image.`);
  return new Error(`“${name}” could not be read as a PDF. Export the plan as an SVG or PNG image instead.`);
}

const round = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 1e6) / 1e6;

/** Opens the PDF `file`; rejects, in words, when it is no PDF or is locked by a password. */
export async function openPdf(file: File): Promise<PdfPlan> {
  let lib: Awaited<ReturnType<typeof pdfjs>>;
  try {
    lib = await pdfjs();
  } catch (error) {
    // Its chunks are gone when the site was updated under this tab, or the connection dropped.
    console.error(error);
    throw new Error('The PDF reader could not be loaded. Reload the page, then give the PDF again.');
  }
  // Where its decoders of scanned plans (JPEG 2000, JBIG2), standard fonts and character maps are served: without
  // them a scan compressed so is drawn blank, and text in a font the file names but does not embed in another font.
  const task = lib.getDocument({
    data: new Uint8Array(await file.arrayBuffer()),
    ...pdfAssetOptions(lib.version, window.location.origin),
  });
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
      let viewport!: ReturnType<typeof page.getViewport>;
      const image = await fittedImage(async (longer) => {
        viewport = page.getViewport({ scale: pageScale(width, height, longer) });
        const canvas = document.createElement('canvas');
        canvas.width = Math.round(viewport.width);
        canvas.height = Math.round(viewport.height);
        // A page's paper is white; a transparent PNG would show the map's background through it.
        await page.render({ canvas, viewport, background: '#ffffff' }).promise;
        // A page drawn as nothing but paper is no plan: a scan PDF.js could not decode, said so, not a white floor.
        if (blank(canvas))
          throw new Error(
            `Page ${n} of “${file.name}” came out blank: it may be a scan this browser cannot read. Export the plan as an SVG or PNG image instead.`,
          );
        return canvas;
      }, name);
      if (image) {
        const texts = (await page.getTextContent()).items.flatMap((i) => ('str' in i ? [i] : []));
        // Where a point of the page lands on its image, as a share of its width and height.
        const toPage = (x: number, y: number) => {
          const [px, py] = viewport.convertToViewportPoint(x, y) as [number, number];
          return [round(px / viewport.width), round(py / viewport.height)] as const;
        };
        return { image, floor: floorTitle(texts), rooms: roomLabels(texts, toPage) };
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
