import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = import.meta.dirname;
/** Source files (tests and fixtures left out) directly in `dir`. */
const sources = (dir: string) =>
  readdirSync(dir).filter((n) => /\.tsx?$/.test(n) && !/\.(test|fixtures)\.tsx?$/.test(n) && !n.endsWith('.d.ts'));
function folders(dir: string): string[] {
  return [
    dir,
    ...readdirSync(dir)
      .map((n) => join(dir, n))
      .filter((p) => statSync(p).isDirectory())
      .flatMap(folders),
  ];
}

describe('the editor’s folders', () => {
  it('hold at most 20 source files at their root each (grouped by concern: save/, canvas/, wayfinding/, ...)', () => {
    const over = folders(ROOT)
      .map((d) => [d.slice(ROOT.length) || '/', sources(d).length] as const)
      .filter(([, n]) => n > 20);
    expect(over).toEqual([]);
  });
});
