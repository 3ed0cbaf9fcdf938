/**
 * Reading a .zip in the browser without a library: the central directory gives each entry's place,
 * stored entries are sliced, deflated ones go through the platform's DecompressionStream
 * ('deflate-raw'). Encrypted and Zip64 archives are refused with a clear message. Each entry's
 * output is capped at the size its header declares, and the whole archive at MAX_ZIP_TOTAL, so a
 * crafted archive cannot fill the tab's memory (ADR 024).
 */

/** The most a whole archive may unpack to. */
export const MAX_ZIP_TOTAL = 200 * 1024 * 1024;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export class ZipError extends Error {}

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressed: number;
  size: number;
  offset: number;
}

function findEnd(view: DataView): number {
  for (let i = view.byteLength - 22; i >= Math.max(0, view.byteLength - 22 - 65535); i--)
    if (view.getUint32(i, true) === EOCD) return i;
  throw new ZipError('The file is not a zip archive (no central directory).');
}

function entries(buffer: ArrayBuffer): Entry[] {
  const view = new DataView(buffer);
  const end = findEnd(view);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (count === 0xffff || at === 0xffffffff) throw new ZipError('Zip64 archives are not supported: zip fewer files.');
  const out: Entry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > view.byteLength || view.getUint32(at, true) !== CENTRAL)
      throw new ZipError('The zip archive is damaged (its directory is cut short).');
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const bytes = new Uint8Array(buffer, at + 46, nameLength);
    // Bit 11: UTF-8 names. Archivers without it wrote the system code page; UTF-8 is the best guess either way.
    const name = new TextDecoder('utf-8').decode(bytes);
    out.push({
      name,
      flags,
      method: view.getUint16(at + 10, true),
      compressed: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      offset: view.getUint32(at + 42, true),
    });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return out;
}

async function inflate(data: Uint8Array, limit: number, name: string): Promise<Uint8Array> {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new DecompressionStream('deflate-raw'));
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw new ZipError(`“${name}” in the zip unpacks to more than its header says: the archive is damaged.`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** Folders, and the resource forks macOS adds to archives, are not files of the site. */
const skipped = (name: string) => name.endsWith('/') || name.startsWith('__MACOSX/') || /(^|\/)\.DS_Store$/.test(name);

/** The files of a zip archive, each named by its path inside it. Rejects with a ZipError for what it cannot read. */
export async function readZip(zip: Blob): Promise<File[]> {
  return (await unzip(zip)).map(
    (e) => new File([e.bytes as Uint8Array<ArrayBuffer>], e.name, { type: typeFor(e.name) }),
  );
}

/**
 * The entries of a zip archive as bytes, each named by its path inside it (see readZip); only those `wanted` names
 * are unpacked (a KMZ's KML, not its photos).
 */
export async function unzip(
  zip: Blob,
  wanted: (name: string) => boolean = () => true,
): Promise<{ name: string; bytes: Uint8Array }[]> {
  const buffer = await zip.arrayBuffer();
  const view = new DataView(buffer);
  const files: { name: string; bytes: Uint8Array }[] = [];
  let total = 0;
  for (const e of entries(buffer)) {
    if (skipped(e.name) || !wanted(e.name)) continue;
    if (e.flags & 1) throw new ZipError(`“${e.name}” in the zip is encrypted: zip the files without a password.`);
    total += e.size;
    if (total > MAX_ZIP_TOTAL) throw new ZipError('The zip unpacks to more than 200 MB.');
    if (e.offset + 30 > buffer.byteLength || view.getUint32(e.offset, true) !== LOCAL)
      throw new ZipError('The zip archive is damaged (an entry is missing).');
    const start = e.offset + 30 + view.getUint16(e.offset + 26, true) + view.getUint16(e.offset + 28, true);
    if (start + e.compressed > buffer.byteLength) throw new ZipError('The zip archive is damaged (it is cut short).');
    const data = new Uint8Array(buffer, start, e.compressed);
    let bytes: Uint8Array;
    if (e.method === 0) bytes = data.slice();
    else if (e.method === 8) bytes = await inflate(data, e.size, e.name);
    else throw new ZipError(`“${e.name}” in the zip uses a compression method this import cannot read (${e.method}).`);
    files.push({ name: e.name, bytes });
  }
  return files;
}

function typeFor(name: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  const types: Record<string, string> = {
    svg: 'image/svg+xml',
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    webp: 'image/webp',
    json: 'application/json',
    csv: 'text/csv',
  };
  return types[ext] ?? '';
}

/** Whether a picked file is a KMZ, a zipped KML (read as KML, not as a Mapplic site's archive). */
export const isKmz = (file: File) => /\.kmz$/i.test(file.name) || file.type === 'application/vnd.google-earth.kmz';

/**
 * Whether a picked file is a zip archive of a Mapplic site (by name or type). A KMZ is read as KML and an Excel
 * workbook as a table, also when the system types them as zips, as some do.
 */
export const isZip = (file: File) =>
  !isKmz(file) &&
  !/\.xlsx$/i.test(file.name) &&
  (/\.zip$/i.test(file.name) || /^application\/(x-)?zip/.test(file.type));
