/**
 * What importing a bundle costs, measured so that a busy machine does not change the answer much (ADR 034):
 *
 * - CPU time (user + system, every thread of the process) of `await import(bundle)`, not wall time: time spent
 *   waiting for a core while other work runs is not counted.
 * - In fresh Node processes whose built-in modules are loaded first (Lambda's runtime has loaded its own before the
 *   handler's import), one process per round importing every bundle in turn, the order rotated each round so no
 *   bundle is always first, and a full garbage collection before each import (so one import does not pay for the
 *   previous one's garbage); each bundle's figure is the median of its rounds.
 * - Against a reference measured in the same processes, next to each bundle: a generated module of fixed content
 *   (calibrationSource), a fresh copy of it imported first and then after every CALIBRATE_EVERY bundles of a round.
 *   Each import is compared with the calibrations on either side of it (their mean), in its own process: on these
 *   shared machines one process can run at half the speed of the next, and drift within a run, so comparing a
 *   bundle's median with a calibration median taken from other processes moved the figures by ±40% between runs.
 *   A bundle's figure is reported as milliseconds of the reference machine: the median over rounds of its CPU time /
 *   the calibration's beside it, × CALIBRATION_REFERENCE_MS. A machine (or a load) that makes everything twice as
 *   slow makes the calibration twice as slow too, and the figures stay put.
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
  /**
   * In milliseconds of the reference machine: the median over rounds of the import's CPU time / the calibration's
   * beside it in the same process, × CALIBRATION_REFERENCE_MS.
   */
  referenceMs: number;
}

/** What importing a module in a plain Node process gave: the type of its `handler` export, or the import's error. */
export interface Loaded {
  type?: string;
  error?: string;
}

/** How many bundles are imported between two calibrations in a round. */
const CALIBRATE_EVERY = 8;

/**
 * The import cost of each module file (id → absolute path), the calibration's median CPU time in this run (for the
 * report), and what each import gave in the first round (`loaded`: a module whose import fails has no cost).
 */
export function measureImportCost(
  files: ReadonlyMap<string, string>,
  options: { rounds?: number; env?: NodeJS.ProcessEnv } = {},
): { costs: Map<string, ImportCost>; calibrationMs: number; loaded: Map<string, Loaded> } {
  const rounds = options.rounds ?? 3;
  const dir = mkdtempSync(join(tmpdir(), 'mapnest-import-cost-'));
  try {
    const entries = [...files].map(([id, file]) => [id, pathToFileURL(file).href] as const);
    // One copy of the calibration per place it is imported in a round: a module is evaluated once per process.
    const calibrations = Array.from({ length: Math.ceil(entries.length / CALIBRATE_EVERY) + 1 }, (_, i) => {
      const file = join(dir, `calibration-${i}.mjs`);
      writeFileSync(file, `// calibration ${i}\n${calibrationSource()}`);
      return pathToFileURL(file).href;
    });
    const samples = new Map<string, number[]>(entries.map(([id]) => [id, []]));
    const ratios = new Map<string, number[]>(entries.map(([id]) => [id, []]));
    const calibrationSamples: number[] = [];
    let loaded = new Map<string, Loaded>();
    for (let round = 0; round < rounds; round++) {
      const offset = entries.length === 0 ? 0 : Math.floor((round * entries.length) / rounds);
      const order = [...entries.slice(offset), ...entries.slice(0, offset)];
      const script = `
        import { builtinModules } from 'node:module';
        const skip = new Set(['node:sqlite', 'node:test', 'node:test/reporters', 'node:sea', 'wasi', 'node:wasi', 'trace_events', 'node:trace_events', 'sys', 'node:sys', 'repl', 'node:repl', 'inspector', 'node:inspector', 'inspector/promises', 'node:inspector/promises']);
        for (const name of builtinModules) if (!name.startsWith('_') && !skip.has(name)) { try { await import(name.startsWith('node:') ? name : 'node:' + name); } catch {} }
        const cpu = async (url) => { globalThis.gc(); const start = process.cpuUsage(); const mod = await import(url); const d = process.cpuUsage(start); return { ms: (d.user + d.system) / 1000, mod }; };
        const calibrations = ${JSON.stringify(calibrations)};
        const order = ${JSON.stringify(order)};
        const out = { calibrations: [(await cpu(calibrations[0])).ms], imports: {}, segment: {}, loaded: {} };
        for (const [i, [id, url]] of order.entries()) {
          try {
            const { ms, mod } = await cpu(url);
            out.imports[id] = ms;
            out.segment[id] = Math.floor(i / ${CALIBRATE_EVERY});
            out.loaded[id] = { type: typeof mod.handler };
          } catch (error) { out.loaded[id] = { error: String(error && error.stack || error) }; }
          if ((i + 1) % ${CALIBRATE_EVERY} === 0 || i === order.length - 1)
            out.calibrations.push((await cpu(calibrations[out.calibrations.length])).ms);
        }
        process.stdout.write(JSON.stringify(out));`;
      const child = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
        encoding: 'utf8',
        env: options.env ?? { PATH: process.env.PATH ?? '' },
        timeout: 300_000,
      });
      if (child.status !== 0) throw new Error(`import cost run failed: ${child.stderr}`);
      const out = JSON.parse(child.stdout) as {
        calibrations: number[];
        imports: Record<string, number>;
        segment: Record<string, number>;
        loaded: Record<string, Loaded>;
      };
      if (round === 0) loaded = new Map(Object.entries(out.loaded));
      calibrationSamples.push(...out.calibrations);
      for (const [id, ms] of Object.entries(out.imports)) {
        const segment = out.segment[id]!;
        const beside = (out.calibrations[segment]! + (out.calibrations[segment + 1] ?? out.calibrations[segment]!)) / 2;
        samples.get(id)!.push(ms);
        ratios.get(id)!.push(ms / beside);
      }
    }
    const costs = new Map<string, ImportCost>();
    for (const [id, values] of samples) {
      if (values.length === 0) continue;
      costs.set(id, { cpuMs: median(values), referenceMs: median(ratios.get(id)!) * CALIBRATION_REFERENCE_MS });
    }
    return { costs, calibrationMs: median(calibrationSamples), loaded };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
