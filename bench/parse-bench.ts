/**
 * `npx tsx bench/parse-bench.ts [--repeats 5]`: what reading a map document costs a fresh process (a cold Lambda
 * container, an editor's first whole-document check) and a warm one, by size, with the parser `strictMapDocument`
 * chooses (ADR 050) against zod's runtime parser alone and its compiled parser alone, measured in the same run.
 *
 * Each figure is the median over `repeats` fresh processes (a parser's first parse includes compiling it); "later"
 * is the median of 31 parses after the first. Ratios are the chosen parser's time over each fixed one's: at most 1
 * means the choice is never worse than either.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './lib/measure';

type Mode = 'chosen' | 'runtime' | 'compiled';
const MODES: Mode[] = ['chosen', 'runtime', 'compiled'];
const SIZES = [50, 200, 500, 1_000, 2_000, 5_000, 20_000];

/** In a child process: builds a store locator of `entries` entries and prints its first and later parse times. */
async function child(mode: Mode, entries: number): Promise<void> {
  const z = await import('zod/mini');
  const { storeLocatorDocument } = await import('../shared/src/document/large-maps.fixtures');
  const { strictMapDocument, runtimeMapDocument } = await import('../shared/src/document/map-document');
  // 'chosen' is what the editor and the map calls do: the compiled parser enabled, used from COMPILED_PARSE_FROM on.
  (await import('../shared/src/document/compiled-parser')).enableCompiledParser();
  const json: unknown = JSON.parse(JSON.stringify(storeLocatorDocument(entries - 1)));
  const start = performance.now();
  const parser =
    mode === 'compiled' ? z.compile(runtimeMapDocument) : mode === 'runtime' ? runtimeMapDocument : strictMapDocument;
  parser.parse(json);
  const first = performance.now() - start;
  const later: number[] = [];
  for (let i = 0; i < 31; i++) {
    const t = performance.now();
    parser.parse(json);
    later.push(performance.now() - t);
  }
  process.stdout.write(JSON.stringify({ first, later: median(later) }));
}

function measure(mode: Mode, entries: number): { first: number; later: number } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), mode, String(entries)], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`the ${mode} parse of ${entries} entries failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as { first: number; later: number };
}

/** The table: for each size, the first and later parse times of the three modes, and the chosen one's ratios. */
export function parseTable(repeats: number): string {
  const ms = (n: number) => n.toFixed(1).padStart(7);
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`.padStart(7);
  const ratios = `${'÷rt'.padStart(7)} ${'÷cp'.padStart(7)}`;
  const lines = [
    `Median of ${repeats} fresh processes (ms; ratios: chosen ÷ runtime, ÷ compiled)`,
    `${'entries'.padStart(7)} | ${'first: chosen runtime compiled'.padEnd(31)} | ${ratios}` +
      ` | ${'later: chosen runtime compiled'.padEnd(31)} | ${ratios}`,
  ];
  for (const entries of SIZES) {
    const runs: Record<Mode, Array<{ first: number; later: number }>> = { chosen: [], runtime: [], compiled: [] };
    // Interleaved, so that other work on the machine weighs on every mode alike.
    for (let r = 0; r < repeats; r++) for (const mode of MODES) runs[mode].push(measure(mode, entries));
    const at = (mode: Mode, key: 'first' | 'later') => median(runs[mode].map((m) => m[key]));
    const row = (key: 'first' | 'later') =>
      `${ms(at('chosen', key))} ${ms(at('runtime', key))} ${ms(at('compiled', key))}`.padEnd(31) +
      ` | ${ratio(at('chosen', key), at('runtime', key))} ${ratio(at('chosen', key), at('compiled', key))}`;
    lines.push(`${String(entries).padStart(7)} | ${row('first')} | ${row('later')}`);
  }
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [mode, entries] = process.argv.slice(2);
  if (mode && MODES.includes(mode as Mode)) await child(mode as Mode, Number(entries));
  else {
    const repeatsAt = process.argv.indexOf('--repeats');
    console.log(`Map document parse\n${parseTable(repeatsAt > 0 ? Number(process.argv[repeatsAt + 1]) : 5)}`);
  }
}
