/**
 * Route benchmark: a route across a generated 3-floor network of about 5,000 nodes (a street grid on each floor,
 * joined by lifts), timed in headless Chromium at 1x and 4x CPU slowdown (`Emulation.setCPUThrottlingRate`), against
 * the targets of 5 ms and 20 ms per route, with a naive O(V²) Dijkstra (the incumbent's approach: scan every node for
 * the nearest unvisited one) on the same network as a same-run reference. The network is built once per map, so its
 * build is reported on its own.
 *
 * Run alone: npx tsx bench/route-bench.ts
 * From bench/run.ts: `const rows = await runRouteBench({ browser })` and print `formatRouteRows(rows)`.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { CHROMIUM_ARGS, launchChromium } from '../scripts/chromium-launch';
import { blankDocument, type MapDocument } from '@mapnest/shared/map-document';
import { seededRandom } from './lib/random';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Grid side per floor: 41 × 41 × 3 = 5,043 corridor nodes, plus lift stubs and doors. */
const SIDE = 41;
const FLOORS = 3;
const LIFTS = 8;
const TARGETS = { x1: 5, x4: 20 };

/** A 3-floor network of corridors on a grid (row and column polylines, mixed weights) joined by lifts; locations in corners. */
export function routeBenchDocument(seed = 7): MapDocument {
  const rnd = seededRandom(seed);
  const doc = blankDocument({ mapWidth: 4000, mapHeight: 4000 });
  doc.layers = Array.from({ length: FLOORS }, (_, f) => ({ id: `floor-${f}`, name: `Floor ${f}`, file: '' }));
  const at = (i: number) => 0.02 + (0.96 * i) / (SIDE - 1);
  for (let f = 0; f < FLOORS; f++) {
    const layer = `floor-${f}`;
    for (let i = 0; i < SIDE; i++) {
      const weight = rnd() < 0.2 ? 2 : 1;
      doc.routes.push({
        id: `f${f}-row${i}`,
        layer,
        points: Array.from({ length: SIDE }, (_, j) => [at(j), at(i)] as [number, number]),
        closed: false,
        connector: false,
        weight,
        inaccessible: false,
      });
      doc.routes.push({
        id: `f${f}-col${i}`,
        layer,
        points: Array.from({ length: SIDE }, (_, j) => [at(i), at(j)] as [number, number]),
        closed: false,
        connector: false,
        weight: 1,
        inaccessible: false,
      });
    }
  }
  for (let k = 0; k < LIFTS; k++) {
    const i = 1 + Math.floor(rnd() * (SIDE - 2));
    const j = 1 + Math.floor(rnd() * (SIDE - 2));
    for (let f = 0; f < FLOORS; f++) {
      doc.routes.push({
        id: `lift${k}-f${f}`,
        layer: `floor-${f}`,
        points: [
          [at(i), at(j)],
          [at(i) + 0.004, at(j) + 0.004],
        ],
        closed: false,
        connector: true,
        connectorKind: 'lift',
        endpoint: `lift-${k}`,
        weight: 1,
        inaccessible: false,
      });
    }
  }
  const corners: [string, number, [number, number]][] = [
    ['a', 0, [0.015, 0.015]],
    ['b', FLOORS - 1, [0.985, 0.985]],
    ['c', 0, [0.985, 0.015]],
    ['d', FLOORS - 1, [0.015, 0.985]],
    ['e', 1, [0.5, 0.51]],
  ];
  doc.locations = corners.map(([id, f, coord]) => ({ id, title: id, layer: `floor-${f}`, coord }));
  return doc;
}

/** The code that runs in the page: the real network build and A*, and the naive reference. */
const ENTRY = `
import { buildNetwork } from '../web/src/map-core/wayfinding/network';
import { planRoute } from '../web/src/map-core/wayfinding/route';

/** The incumbent's search: Dijkstra picking the nearest unvisited node by scanning all of them (O(V²)). */
function naiveDijkstra(net, starts, targets) {
  const n = net.nodes.length;
  const dist = new Array(n).fill(Infinity);
  const done = new Array(n).fill(false);
  for (const s of starts) dist[s] = 0;
  const isTarget = new Set(targets);
  for (;;) {
    let u = -1;
    let best = Infinity;
    for (let i = 0; i < n; i++) if (!done[i] && dist[i] < best) { best = dist[i]; u = i; }
    if (u < 0) return Infinity;
    if (isTarget.has(u)) return best;
    done[u] = true;
    for (let k = net.rowStart[u]; k < net.rowStart[u + 1]; k++) {
      const v = net.edgeTo[k];
      const d = best + net.edgeCost[k];
      if (d < dist[v]) dist[v] = d;
    }
  }
}

window.routeBench = {
  load(doc) {
    const t0 = performance.now();
    const net = buildNetwork(doc);
    const buildMs = performance.now() - t0;
    window.__net = net;
    return { buildMs, nodes: net.nodes.length, edges: net.edgeTo.length / 2 };
  },
  time(pairs, repeats) {
    const net = window.__net;
    const fast = [];
    const slow = [];
    const costs = [];
    for (let r = 0; r < repeats; r++) {
      for (const [a, b] of pairs) {
        let t = performance.now();
        const plan = planRoute(net, a, b);
        fast.push(performance.now() - t);
        t = performance.now();
        const ref = naiveDijkstra(net, net.targets.get(a), net.targets.get(b));
        slow.push(performance.now() - t);
        costs.push([plan ? plan.cost : Infinity, ref]);
      }
    }
    return { fast, slow, costs };
  },
};
`;

async function pageBundle(): Promise<string> {
  const out = await build({
    stdin: { contents: ENTRY, resolveDir: here, loader: 'ts', sourcefile: 'route-bench-page.ts' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    minify: true,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

export interface RouteBenchRow {
  figure: string;
  x1: string;
  x4: string;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;
const ms = (v: number) => `${v.toFixed(v < 10 ? 2 : 1)} ms`;

export async function runRouteBench(opts: { browser?: Browser } = {}): Promise<RouteBenchRow[]> {
  const browser = opts.browser ?? (await launchChromium());
  const doc = routeBenchDocument();
  const code = await pageBundle();
  const pairs: [string, string][] = [
    ['a', 'b'],
    ['c', 'd'],
    ['b', 'e'],
    ['d', 'a'],
  ];
  const figures: Record<'x1' | 'x4', { build: number; fast: number[]; slow: number[]; nodes: number; edges: number }> =
    {} as never;
  try {
    for (const rate of [1, 4] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.setContent('<!doctype html><title>route bench</title>');
      await page.addScriptTag({ content: code });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const loaded = (await page.evaluate(
        (d) => (window as unknown as { routeBench: { load(d: unknown): unknown } }).routeBench.load(d),
        doc as unknown,
      )) as { buildMs: number; nodes: number; edges: number };
      // One warm-up pass (the JIT), then the measured ones.
      await page.evaluate(
        (p) => (window as unknown as { routeBench: { time(p: unknown, r: number): unknown } }).routeBench.time(p, 1),
        pairs,
      );
      const timed = (await page.evaluate(
        (p) => (window as unknown as { routeBench: { time(p: unknown, r: number): unknown } }).routeBench.time(p, 5),
        pairs,
      )) as { fast: number[]; slow: number[]; costs: [number, number][] };
      for (const [a, b] of timed.costs)
        if (Math.abs(a - b) > 1e-6 * Math.max(1, b))
          throw new Error(`A* and the reference disagree on a route's cost: ${a} vs ${b}`);
      figures[rate === 1 ? 'x1' : 'x4'] = {
        build: loaded.buildMs,
        fast: timed.fast,
        slow: timed.slow,
        nodes: loaded.nodes,
        edges: loaded.edges,
      };
      await context.close();
    }
  } finally {
    if (!opts.browser) await browser.close();
  }
  const { x1, x4 } = figures;
  const ratio = (f: typeof x1) => `${(median(f.slow) / median(f.fast)).toFixed(0)}x faster`;
  return [
    {
      figure: `Network: nodes / edges (3 floors, ${LIFTS} lifts)`,
      x1: `${x1.nodes.toLocaleString('en')} / ${x1.edges.toLocaleString('en')}`,
      x4: '',
    },
    { figure: 'Network build, once per map', x1: ms(x1.build), x4: ms(x4.build) },
    {
      figure: `Route, A* on a binary heap: median / p95 of ${x1.fast.length} (target ${TARGETS.x1} ms at 1x, ${TARGETS.x4} ms at 4x)`,
      x1: `${ms(median(x1.fast))} / ${ms(p95(x1.fast))}`,
      x4: `${ms(median(x4.fast))} / ${ms(p95(x4.fast))}`,
    },
    { figure: 'Route, naive O(V²) Dijkstra (reference): median', x1: ms(median(x1.slow)), x4: ms(median(x4.slow)) },
    { figure: 'A* against the reference', x1: ratio(x1), x4: ratio(x4) },
    {
      figure: 'Within target',
      x1: median(x1.fast) <= TARGETS.x1 ? 'yes' : 'no',
      x4: median(x4.fast) <= TARGETS.x4 ? 'yes' : 'no',
    },
  ];
}

export function formatRouteRows(rows: RouteBenchRow[]): string {
  const head: RouteBenchRow = { figure: 'Figure', x1: '1x CPU', x4: '4x CPU slowdown' };
  const all = [head, ...rows];
  const w = [
    Math.max(...all.map((r) => r.figure.length)),
    Math.max(...all.map((r) => r.x1.length)),
    Math.max(...all.map((r) => r.x4.length)),
  ];
  const line = (r: RouteBenchRow) => [r.figure.padEnd(w[0]!), r.x1.padEnd(w[1]!), r.x4.padEnd(w[2]!)].join(' | ');
  return [line(head), w.map((n) => '-'.repeat(n)).join('-|-'), ...rows.map(line)].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runRouteBench()
    .then((rows) =>
      console.log(`\nWayfinding route, headless Chromium ${CHROMIUM_ARGS.join(' ')}\n\n${formatRouteRows(rows)}`),
    )
    .catch((e: unknown) => {
      console.error(e);
      process.exit(1);
    });
}
