/**
 * A PDF written here, as architects' plans come: vector drawings on pages of a set size, a page per level. Each page
 * is drawn by a content stream of PDF operators (rectangles, lines, text in Helvetica); the file's cross-reference
 * table is computed, so PDF.js reads it as a well-formed file.
 */

/** One page: its size in points (A4 landscape is 842×595) and its content stream. */
export interface PdfPage {
  width: number;
  height: number;
  content: string;
}

/**
 * A floor's plan as a content stream: an outline, `rooms` rooms along its top, each numbered `prefix` and its number
 * ("G01") in its middle when a prefix is given, and a title.
 */
export function planPage(title: string, rooms: number, prefix?: string, width = 842, height = 595): PdfPage {
  const ops = ['0.2 0.25 0.33 RG 4 w', `20 20 ${width - 40} ${height - 40} re S`, '1.5 w'];
  const roomWidth = (width - 40) / rooms;
  for (let i = 0; i < rooms; i++) {
    const x = 20 + i * roomWidth;
    ops.push(`${x} ${height - 220} ${roomWidth} 200 re S`);
    if (prefix !== undefined)
      ops.push(`0 0 0 rg BT /F1 12 Tf ${x + roomWidth / 2 - 10} ${height - 124} Td (${roomNumber(prefix, i)}) Tj ET`);
  }
  ops.push('0 0 0 rg', `BT /F1 28 Tf 40 60 Td (${title}) Tj ET`);
  return { width, height, content: ops.join('\n') };
}

/** The number `planPage` writes in its room `i` (from 0): "G01". */
export const roomNumber = (prefix: string, i: number) => `${prefix}${String(i + 1).padStart(2, '0')}`;

/** The bytes of a PDF of `pages`. */
export function pdfFile(pages: readonly PdfPage[]): Buffer {
  const objects: (string | Buffer)[] = [];
  const add = (body: string) => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // the page tree, written once the pages' numbers are known
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const kids: number[] = [];
  for (const page of pages) {
    const stream = add(`<< /Length ${Buffer.byteLength(page.content)} >>\nstream\n${page.content}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${stream} 0 R >>`,
      ),
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  return pdfBytes(objects);
}

/**
 * A scanned plan, as a scanner or a copier writes it: one A4 landscape page (842×595 points) showing one image across
 * it, compressed as `filter` says (`JPXDecode`: a JPEG 2000 codestream) and `px` pixels in size.
 */
export function scannedPdf(image: Buffer, px: { width: number; height: number }, filter: string): Buffer {
  const content = '842 0 0 595 0 0 cm /Scan Do';
  const header = `<< /Type /XObject /Subtype /Image /Width ${px.width} /Height ${px.height} /Filter /${filter} /Length ${image.length} >>\nstream\n`;
  return pdfBytes([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 842 595] /Resources << /XObject << /Scan 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    Buffer.concat([Buffer.from(header, 'latin1'), image, Buffer.from('\nendstream', 'latin1')]),
  ]);
}

/** A PDF file of `objects` (numbered from 1, the first the catalog), its cross-reference table computed. */
function pdfBytes(objects: readonly (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.5\n', 'latin1')];
  let length = parts[0]!.length;
  const push = (part: string | Buffer) => {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(bytes);
    length += bytes.length;
  };
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    push(`${i + 1} 0 obj\n`);
    push(body);
    push('\nendobj\n');
  });
  const xref = length;
  push(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  for (const at of offsets) push(`${String(at).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}
