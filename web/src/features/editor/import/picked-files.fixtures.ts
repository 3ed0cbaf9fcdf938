/** Files as an author picks them, for the import tests: Mapplic exports and plans from test/fixtures/mapplic. */
import { File as NodeFile } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { DOMParser as XmlParser } from '@xmldom/xmldom';
import { FILE_MAX_BYTES } from '@mapnest/shared/files';

export const MAPPLIC_FIXTURES = join(__dirname, '../../../../../test/fixtures/mapplic');
/** GeoJSON, KML and GPX files as their tools write them. */
export const GEO_FIXTURES = join(__dirname, '../../../../../test/fixtures/geo');
/** Excel workbooks as a spreadsheet program writes them. */
export const SPREADSHEET_FIXTURES = join(__dirname, '../../../../../test/fixtures/spreadsheets');

/** A picked file as a browser gives it: jsdom's File cannot be read (no text()), Node's can. */
export const aFile = (parts: (string | Buffer)[], name: string, type = '') =>
  new NodeFile(parts, name, { type }) as File;

/** A file of test/fixtures/mapplic, picked under its own name or `as`. */
export const mapplicFixture = (name: string, type = '', as = name) =>
  aFile([readFileSync(join(MAPPLIC_FIXTURES, name))], as, type);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A file that starts as a PNG does, of `size` bytes (by default one MB over the upload's limit). */
export function pngOf(name: string, size = FILE_MAX_BYTES + 1024 * 1024): File {
  const bytes = Buffer.alloc(size);
  bytes.set(PNG_SIGNATURE);
  return aFile([bytes], name, 'image/png');
}

/**
 * An SVG of `size` bytes (by default one MB over the upload's limit, which the upload refuses: an SVG is not drawn
 * smaller to fit, as an image over it is).
 */
export function svgOf(name: string, size = FILE_MAX_BYTES + 1024 * 1024): File {
  const [open, close] = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 800">', '</svg>'];
  return aFile([open, ' '.repeat(size - open.length - close.length), close], name, 'image/svg+xml');
}

/** A file as a picked folder gives it: named with its path inside the folder. */
export function inFolder(file: File, path: string): File {
  Object.defineProperty(file, 'webkitRelativePath', { value: path });
  return file;
}

/** A zip archive of the given files, deflated (or stored), as an archiver writes it. */
export function zip(
  entries: { name: string; data: Uint8Array; store?: boolean; flags?: number }[],
  fileName = 'site.zip',
  type = 'application/zip',
): File {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const body = e.store ? Buffer.from(e.data) : deflateRawSync(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800 | (e.flags ?? 0), 6);
    local.writeUInt16LE(e.store ? 0 : 8, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800 | (e.flags ?? 0), 8);
    central.writeUInt16LE(e.store ? 0 : 8, 10);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return new NodeFile([Buffer.concat([...locals, dir, end])], fileName, { type }) as File;
}

/**
 * An XML parser for the KML and GPX tests, which run in Node (the browser's DOMParser is `browserXml` in ./kml.ts):
 * xmldom, made to throw at the first error as the browser's parser stops at it.
 */
export const nodeXml = (text: string): Document =>
  new XmlParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(message);
    },
  }).parseFromString(text, 'text/xml') as unknown as Document;
