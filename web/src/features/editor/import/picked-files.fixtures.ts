/** Files as an author picks them, for the import tests: Mapplic exports and plans from test/fixtures/mapplic. */
import { File as NodeFile } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FILE_MAX_BYTES } from '@mapnest/shared/files';

export const MAPPLIC_FIXTURES = join(__dirname, '../../../../../test/fixtures/mapplic');

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

/** A file as a picked folder gives it: named with its path inside the folder. */
export function inFolder(file: File, path: string): File {
  Object.defineProperty(file, 'webkitRelativePath', { value: path });
  return file;
}
