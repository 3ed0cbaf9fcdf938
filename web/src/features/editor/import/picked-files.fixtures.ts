/** Files as an author picks them, for the import tests: Mapplic exports and plans from test/fixtures/mapplic. */
import { File as NodeFile } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const MAPPLIC_FIXTURES = join(__dirname, '../../../../../test/fixtures/mapplic');

/** A picked file as a browser gives it: jsdom's File cannot be read (no text()), Node's can. */
export const aFile = (parts: (string | Buffer)[], name: string, type = '') =>
  new NodeFile(parts, name, { type }) as File;

/** A file of test/fixtures/mapplic, picked under its own name or `as`. */
export const mapplicFixture = (name: string, type = '', as = name) =>
  aFile([readFileSync(join(MAPPLIC_FIXTURES, name))], as, type);
