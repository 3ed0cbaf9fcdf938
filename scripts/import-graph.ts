/**
 * A source folder's import graph, read with TypeScript's pre-processor (type-only imports count: a circle of types
 * is still a circle of modules to read), and its circles. The import-graph tests of web/ and shared/ use it; the
 * layout test counts the source files at each folder's root with the same notion of a source file.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Each source file under `root` (tests and fixtures left out) with the files under `root` it imports. */
export function importGraph(root: string): Map<string, string[]> {
  const files = sources(root);
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

/** A module of the product or its tooling: a .ts or .tsx file that is neither a test nor a test fixture. */
const isSource = (name: string): boolean => /\.(ts|tsx)$/.test(name) && !/\.(test|fixtures)\.tsx?$/.test(name);

/** Folders that hold no sources of the project: installed packages, build output, generated data. */
const NOT_SOURCE = new Set(['node_modules', 'dist', 'cdk.out', 'results', 'tmp', '.scratch']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return isSource(name) ? [path] : [];
  });
}

/** Each folder under `root` (itself included) with how many source files sit directly in it, relative to `base`. */
export function sourceCounts(root: string, base: string): Map<string, number> {
  const counts = new Map<string, number>();
  const walk = (dir: string): void => {
    let here = 0;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (!NOT_SOURCE.has(name) && !name.startsWith('.')) walk(path);
      } else if (isSource(name)) here++;
    }
    counts.set(relative(base, dir), here);
  };
  walk(root);
  return counts;
}

function resolveImport(from: string, spec: string, files: Set<string>): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec.replace(/\?.*$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (files.has(candidate)) return candidate;
  }
  return null;
}

/** Strongly connected components with more than one file (Tarjan). */
export function importCircles(g: Map<string, string[]>, root: string): string[][] {
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
        component.push(relative(root, w));
      } while (w !== v);
      if (component.length > 1 || (g.get(v) ?? []).includes(v)) out.push(component.sort());
    }
  };
  for (const v of g.keys()) if (!idx.has(v)) visit(v);
  return out;
}
