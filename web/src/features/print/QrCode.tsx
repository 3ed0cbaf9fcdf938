/**
 * A QR code as SVG, drawn from the module matrix qrcode-generator computes (ADR 113): black squares on white with the
 * four-module quiet zone the standard asks for, crisp at any size on paper. Error correction M (15% of the code can be
 * scuffed or covered, as on a board people touch).
 */
import qrcode from 'qrcode-generator';

/** The dark modules of `text`'s QR code, row by row. */
export function qrModules(text: string): boolean[][] {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
}

const QUIET = 4;

/** The code's size in modules, quiet zone included, and the path of its dark modules in those units. */
function qrDrawing(text: string): { n: number; d: string } {
  const modules = qrModules(text);
  const d = modules
    .flatMap((row, r) => row.map((dark, c) => (dark ? `M${c + QUIET} ${r + QUIET}h1v1h-1z` : '')))
    .join('');
  return { n: modules.length + 2 * QUIET, d };
}

/** The code as an SVG file of its own (for signs, flyers and a designer's layout). */
export function qrSvgFile(text: string): string {
  const { n, d } = qrDrawing(text);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}" width="${n * 10}" height="${n * 10}" shape-rendering="crispEdges"><rect width="${n}" height="${n}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`;
}

/** The code as a PNG image `px` pixels square, drawn by the browser from its SVG. */
export async function qrPngFile(text: string, px = 1200): Promise<Blob> {
  const image = new Image(px, px);
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvgFile(text))}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = px;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas to draw the QR code on');
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(image, 0, 0, px, px);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The QR code could not be made a PNG'))),
      'image/png',
    ),
  );
}

export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { n, d } = qrDrawing(text);
  return (
    <svg
      className={className}
      viewBox={`0 0 ${n} ${n}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-text={text}
    >
      <rect width={n} height={n} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
