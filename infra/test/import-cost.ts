/**
 * What importing a bundle costs, measured so that a busy machine does not change the answer much (ADR 034):
 *
 * - CPU time (user + system, every thread of the process) of `await import(bundle)`, not wall time: time spent
 *   waiting for a core while other work runs is not counted.
 * - In fresh Node processes whose built-in modules are loaded first (Lambda's runtime has loaded its own before the
 *   handler's import), one process per round importing every bundle in turn, the order rotated each round so no
 *   bundle is always first, and a full garbage collection before each import (so one import does not pay for the
 *   previous one's garbage); each bundle's figure is the median of its rounds.
 * - Against a reference measured in the same processes: a generated module of fixed content (CALIBRATION_SOURCE)
 *   imported first in each round. A bundle's figure is reported as milliseconds of the reference machine: its median
 *   CPU time × CALIBRATION_REFERENCE_MS / the calibration's median CPU time in this run. A machine (or a load) that
 *   makes everything twice as slow makes the calibration twice as slow too, and the figures stay put.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The calibration module: parsing and running about 180 kB of ordinary code (classes, functions, object literals,
 * a Map filled at load time), like a bundle's top level, with nothing from the network or the disk beyond its file.
 */
export function calibrationSource(): string {
  const parts: string[] = ['const registry = new Map();'];
  for (let i = 0; i < 500; i++) {
    parts.push(
      `class C${i} { constructor(a) { this.a = a; this.b = [a, ${i}, 'k${i}']; } get v() { return this.a * ${i % 7}; } m(x) { return typeof x === 'string' ? x + '${i}' : { x, i: ${i}, c: this.b.length }; } }`,
      `function f${i}(a, b) { const o = { a, b, n: ${i}, s: 'v${i}' }; return Object.keys(o).map((k) => k + o[k]).join(','); }`,
      `registry.set('c${i}', new C${i}(${i}).m(f${i}(${i}, 'x')));`,
    );
  }
  parts.push('export const size = registry.size;');
  return parts.join('\n');
}

/**
 * The calibration module's import CPU time on the reference machine: the project's machine kind (2 cores), measured
 * by `measureImportCost` with nothing else running. Re-measure it (and say so in ADR 034) when the machine kind changes.
 */
export const CALIBRATION_REFERENCE_MS = 40;

export interface ImportCost {
  /** Median CPU milliseconds of the import in this run. */
  cpuMs: number;
  /** The same, in milliseconds of the reference machine (cpuMs × CALIBRATION_REFERENCE_MS / calibrationMs). */
  referenceMs: number;
}

/** What importing a module in a plain Node process gave: the type of its `handler` export, or the import's error. */
export interface Loaded {
  type?: string;
  error?: string;
}

/**
 * The import cost of each module file (id → absolute path), the calibration's median CPU time in this run, and what
 * each import gave in the first round (`loaded`: a module whose import fails has no cost).
 */
export function measureImportCost(
  files: ReadonlyMap<string, string>,
  options: { rounds?: number; env?: NodeJS.ProcessEnv } = {},
): { costs: Map<string, ImportCost>; calibrationMs: number; loaded: Map<string, Loaded> } {
  const rounds = options.rounds ?? 3;
  const dir = mkdtempSync(join(tmpdir(), 'mapnest-import-cost-'));
  try {
    const calibration = join(dir, 'calibration.mjs');
    writeFileSync(calibration, calibrationSource());
    const entries = [...files].map(([id, file]) => [id, pathToFileURL(file).href] as const);
    const samples = new Map<string, number[]>(entries.map(([id]) => [id, []]));
    const calibrations: number[] = [];
    let loaded = new Map<string, Loaded>();
    for (let round = 0; round < rounds; round++) {
      const offset = entries.length === 0 ? 0 : Math.floor((round * entries.length) / rounds);
      const order = [...entries.slice(offset), ...entries.slice(0, offset)];
      const script = `
        import { builtinModules } from 'node:module';
        const skip = new Set(['node:sqlite', 'node:test', 'node:test/reporters', 'node:sea', 'wasi', 'node:wasi', 'trace_events', 'node:trace_events', 'sys', 'node:sys', 'repl', 'node:repl', 'inspector', 'node:inspector', 'inspector/promises', 'node:inspector/promises']);
        for (const name of builtinModules) if (!name.startsWith('_') && !skip.has(name)) { try { await import(name.startsWith('node:') ? name : 'node:' + name); } catch {} }
        const cpu = async (url) => { globalThis.gc(); const start = process.cpuUsage(); const mod = await import(url); const d = process.cpuUsage(start); return { ms: (d.user + d.system) / 1000, mod }; };
        const out = { calibration: (await cpu(${JSON.stringify(pathToFileURL(calibration).href)})).ms, imports: {}, loaded: {} };
        for (const [id, url] of ${JSON.stringify(order)}) {
          try {
            const { ms, mod } = await cpu(url);
            out.imports[id] = ms;
            out.loaded[id] = { type: typeof mod.handler };
          } catch (error) { out.loaded[id] = { error: String(error && error.stack || error) }; }
        }
        process.stdout.write(JSON.stringify(out));`;
      const child = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
        encoding: 'utf8',
        env: options.env ?? { PATH: process.env.PATH ?? '' },
        timeout: 300_000,
      });
      if (child.status !== 0) throw new Error(`import cost run failed: ${child.stderr}`);
      const out = JSON.parse(child.stdout) as {
        calibration: number;
        imports: Record<string, number>;
        loaded: Record<string, Loaded>;
      };
      if (round === 0) loaded = new Map(Object.entries(out.loaded));
      calibrations.push(out.calibration);
      for (const [id, ms] of Object.entries(out.imports)) samples.get(id)!.push(ms);
    }
    const calibrationMs = median(calibrations);
    const costs = new Map<string, ImportCost>();
    for (const [id, values] of samples) {
      if (values.length === 0) continue;
      const cpuMs = median(values);
      costs.set(id, { cpuMs, referenceMs: (cpuMs * CALIBRATION_REFERENCE_MS) / calibrationMs });
    }
    return { costs, calibrationMs, loaded };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
