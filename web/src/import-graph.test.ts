/**
 * The web half's import graph, read from the sources: no import circles between files, and the layers
 * point one way. A layer may import the layers listed before it; an import the other way is an arrow
 * "running back up", and only the ones listed in ALLOWED_UPWARD (each with its reason) may exist.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname);

/** Bottom to top. map-core, viewer and embed make the React-free core the embed ships. */
const LAYERS = [
  'map-core',
  'viewer',
  'embed',
  'lib',
  'state',
  'styles',
  'components',
  'features',
  'pages',
  'app',
] as const;

/** Upward arrows that are allowed: "from -> to" folders, with why. */
const ALLOWED_UPWARD: Record<string, string> = {};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.(test|fixtures)\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, spec: string, files: Set<string>): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec.replace(/\?.*$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (files.has(candidate)) return candidate;
  }
  return null;
}

function graph(): Map<string, string[]> {
  const files = sources(SRC);
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles
        .map((i) => resolveImport(file, i.fileName, known))
        .filter((t): t is string => t !== null);
      return [file, [...new Set(targets)]];
    }),
  );
}

/** Strongly connected components with more than one file (Tarjan). */
function circles(g: Map<string, string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of g.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(relative(SRC, w));
      } while (w !== v);
      if (component.length > 1 || (g.get(v) ?? []).includes(v)) out.push(component.sort());
    }
  };
  for (const v of g.keys()) if (!idx.has(v)) visit(v);
  return out;
}

const layerOf = (file: string): string => relative(SRC, file).split('/')[0]!;
const rank = (layer: string): number => (LAYERS as readonly string[]).indexOf(layer);

describe('web import graph', () => {
  const g = graph();

  it('has no import circles', () => {
    expect(circles(g)).toEqual([]);
  });

  it('points down the layers, apart from the allowed arrows', () => {
    const upward = new Set<string>();
    for (const [from, targets] of g) {
      for (const to of targets) {
        const [a, b] = [layerOf(from), layerOf(to)];
        if (rank(a) >= 0 && rank(b) > rank(a)) upward.add(`${a} -> ${b}`);
      }
    }
    expect([...upward].sort()).toEqual(Object.keys(ALLOWED_UPWARD).sort());
  });

  it('knows every top-level folder', () => {
    const folders = new Set([...g.keys()].map(layerOf).filter((l) => !l.includes('.')));
    expect([...folders].filter((f) => rank(f) < 0)).toEqual([]);
  });
});
