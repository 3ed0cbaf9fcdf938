/**
 * shared/'s import graph: no circles between its modules (type-only imports count), so each module can be read,
 * tested and moved on its own. And the layout (ADR 037): no source folder holds more than MAX_AT_ROOT source files
 * at its root; a folder that grows past it splits into subfolders by what its files are about.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph, sourceCounts } from './import-graph';

const REPO = resolve(import.meta.dirname, '..');

describe('shared import graph', () => {
  it('has no import circles', () => {
    const src = resolve(REPO, 'shared', 'src');
    const g = importGraph(src);
    expect(g.size).toBeGreaterThan(20);
    expect(importCircles(g, src)).toEqual([]);
  });

  it('finds a circle inside a subfolder of shared', () => {
    // The graph follows imports between shared's folders: a circle through document/ is one the test above sees.
    const g = new Map([
      ['/s/document/a.ts', ['/s/repair/b.ts']],
      ['/s/repair/b.ts', ['/s/document/a.ts']],
      ['/s/c.ts', []],
    ]);
    expect(importCircles(g, '/s')).toEqual([['document/a.ts', 'repair/b.ts']]);
  });
});

/** Every `@mapnest/shared/<name>` the files under `dir` import, tests included (node_modules and builds left out). */
function sharedImports(dir: string, found = new Set<string>()): Set<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!['node_modules', 'dist', 'cdk.out', 'results', 'tmp'].includes(name) && !name.startsWith('.'))
        sharedImports(path, found);
    } else if (/\.(ts|tsx|mjs)$/.test(name)) {
      for (const m of readFileSync(path, 'utf8').matchAll(/['"]@mapnest\/shared\/([\w.-]+)['"]/g)) found.add(m[1]!);
    }
  }
  return found;
}

describe('shared exports', () => {
  const pkg = JSON.parse(readFileSync(resolve(REPO, 'shared', 'package.json'), 'utf8')) as {
    exports: Record<string, string>;
  };

  it('names each public module on its own, no pattern', () => {
    expect(Object.keys(pkg.exports).filter((key) => key.includes('*'))).toEqual([]);
  });

  it('makes public exactly the modules other packages import', () => {
    const used = new Set<string>();
    for (const root of ['web', 'lambdas', 'infra', 'scripts', 'test', 'bench'])
      sharedImports(resolve(REPO, root), used);
    const exported = Object.keys(pkg.exports).map((key) => key.replace(/^\.\//, ''));
    expect(exported.sort()).toEqual([...used].sort());
  });

  it('points each entry at a file that exists', () => {
    const missing = Object.values(pkg.exports).filter((target) => {
      try {
        return !statSync(resolve(REPO, 'shared', target)).isFile();
      } catch {
        return true;
      }
    });
    expect(missing).toEqual([]);
  });
});

/** Source files (not tests, not fixtures) a folder may hold at its root. */
const MAX_AT_ROOT = 20;

/** Folders allowed past MAX_AT_ROOT, each with why. */
const LARGE_FOLDERS: Record<string, string> = {
  // One file per call, by design: the gateway, the bundler and infra find a call by its file name.
  'lambdas/src/calls': 'one file per call',
};

const ROOTS = ['shared/src', 'lambdas/src', 'web/src', 'infra/src', 'infra/bin', 'scripts', 'bench', 'test'];

describe('source layout', () => {
  const counts = new Map(ROOTS.flatMap((root) => [...sourceCounts(resolve(REPO, root), REPO)]));

  it(`keeps at most ${MAX_AT_ROOT} source files at each folder's root`, () => {
    const over = [...counts].filter(([dir, n]) => n > MAX_AT_ROOT && !(dir in LARGE_FOLDERS));
    expect(over.map(([dir, n]) => `${dir}: ${n}`)).toEqual([]);
  });

  it('lists only folders that exist and are still large', () => {
    // An allowance that is no longer needed goes, so the rule tightens by itself.
    const stale = Object.keys(LARGE_FOLDERS).filter((dir) => (counts.get(dir) ?? 0) <= MAX_AT_ROOT);
    expect(stale).toEqual([]);
  });

  it('counts sources, not tests or fixtures, and sees every package', () => {
    expect(counts.get('lambdas/src/calls')).toBeGreaterThan(MAX_AT_ROOT);
    expect(counts.get('shared/src')).toBeGreaterThan(0);
    expect(counts.has('web/src/viewer/stage')).toBe(true);
    expect([...counts.keys()].some((dir) => dir.includes('node_modules'))).toBe(false);
  });
});
