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

export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const modules = qrModules(text);
  const n = modules.length + 2 * QUIET;
  const d = modules
    .flatMap((row, r) => row.map((dark, c) => (dark ? `M${c + QUIET} ${r + QUIET}h1v1h-1z` : '')))
    .join('');
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
