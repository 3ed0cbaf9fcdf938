/**
 * Route benchmark: routes across a generated campus of about 5,000 nodes over 5 floors (a corridor grid on each
 * floor, some corridors with steps, joined by as many stairs as lifts), normal and step-free, timed in headless
 * Chromium at 1x and 4x CPU slowdown (`Emulation.setCPUThrottlingRate`), against a target of 5 ms per route at 4x
 * (each kind's median), with a naive O(V²) Dijkstra (the incumbent's approach: scan every node for the nearest
 * unvisited one) on the same network as a same-run reference, which also checks every route's cost. The network
 * is built once per map, so its build is reported on its own.
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

/** Grid side per floor: 32 × 32 × 5 = 5,120 corridor nodes, plus connector stubs and doors. */
const SIDE = 32;
const FLOORS = 5;
/** Connectors joining every floor: half lifts, half stairs. */
const LIFTS = 8;
const STAIRS = 8;
/** Share of column corridors with a step somewhere (not step-free). */
const STEPPED = 0.1;
const TARGETS = { x1: 5, x4: 5 };

/**
 * A 5-floor campus: corridors on a grid (row and column polylines, mixed weights, some columns with steps) joined
 * by lifts and as many stairs; locations in corners and the middle.
 */
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
        inaccessible: rnd() < STEPPED,
      });
    }
  }
  for (let k = 0; k < LIFTS + STAIRS; k++) {
    const stairs = k >= LIFTS;
    const i = 1 + Math.floor(rnd() * (SIDE - 2));
    const j = 1 + Math.floor(rnd() * (SIDE - 2));
    for (let f = 0; f < FLOORS; f++) {
      doc.routes.push({
        id: `conn${k}-f${f}`,
        layer: `floor-${f}`,
        points: [
          [at(i), at(j)],
          [at(i) + 0.004, at(j) + 0.004],
        ],
        closed: false,
        connector: true,
        connectorKind: stairs ? 'stairs' : 'lift',
        connectorName: stairs ? `Stairs ${k - LIFTS + 1}` : `Lift ${k + 1}`,
        endpoint: stairs ? `stairs-${k - LIFTS + 1}` : `lift-${k + 1}`,
        weight: 1,
        inaccessible: stairs,
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
function naiveDijkstra(net, starts, targets, stepFree) {
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
      if (stepFree && net.edgeFlags[k] & 1) continue;
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
  time(pairs, repeats, stepFree) {
    const net = window.__net;
    const fast = [];
    const slow = [];
    const costs = [];
    for (let r = 0; r < repeats; r++) {
      for (const [a, b] of pairs) {
        let t = performance.now();
        const plan = planRoute(net, a, b, { stepFree });
        fast.push(performance.now() - t);
        t = performance.now();
        const ref = naiveDijkstra(net, net.targets.get(a), net.targets.get(b), stepFree);
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

const PAIRS: [string, string][] = [
  ['a', 'b'],
  ['c', 'd'],
  ['b', 'e'],
  ['d', 'a'],
];
type Timed = { fast: number[]; slow: number[]; costs: [number, number][] };
interface RateFigures {
  build: number;
  normal: Timed;
  free: Timed;
  nodes: number;
  edges: number;
}

/** The network's build and the routes, normal and step-free, on a fresh page at one CPU slowdown rate. */
async function measureAt(browser: Browser, rate: number, doc: MapDocument, code: string): Promise<RateFigures> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.setContent('<!doctype html><title>route bench</title>');
    await page.addScriptTag({ content: code });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const loaded = (await page.evaluate(
      (d) => (window as unknown as { routeBench: { load(d: unknown): unknown } }).routeBench.load(d),
      doc as unknown,
    )) as { buildMs: number; nodes: number; edges: number };
    type Bench = { routeBench: { time(p: unknown, r: number, stepFree: boolean): unknown } };
    const run = async (repeats: number, stepFree: boolean) =>
      (await page.evaluate(
        ([p, r, free]) => (window as unknown as Bench).routeBench.time(p, r as number, free as boolean),
        [PAIRS, repeats, stepFree] as const,
      )) as Timed;
    // One warm-up pass each (the JIT), then the measured ones.
    await run(1, false);
    await run(1, true);
    const normal = await run(5, false);
    const free = await run(5, true);
    for (const [a, b] of [...normal.costs, ...free.costs]) {
      if (!Number.isFinite(a)) throw new Error('A route the bench asks for was not found');
      if (Math.abs(a - b) > 1e-6 * Math.max(1, b))
        throw new Error(`A* and the reference disagree on a route's cost: ${a} vs ${b}`);
    }
    return { build: loaded.buildMs, normal, free, nodes: loaded.nodes, edges: loaded.edges };
  } finally {
    await context.close();
  }
}

export async function runRouteBench(opts: { browser?: Browser } = {}): Promise<RouteBenchRow[]> {
  const browser = opts.browser ?? (await launchChromium());
  const doc = routeBenchDocument();
  const code = await pageBundle();
  const figures = {} as Record<'x1' | 'x4', RateFigures>;
  try {
    figures.x1 = await measureAt(browser, 1, doc, code);
    figures.x4 = await measureAt(browser, 4, doc, code);
  } finally {
    if (!opts.browser) await browser.close();
  }
  const { x1, x4 } = figures;
  const ratio = (f: Timed) => `${(median(f.slow) / median(f.fast)).toFixed(0)}x faster`;
  const rows: RouteBenchRow[] = [
    {
      figure: `Network: nodes / edges (${FLOORS} floors, ${LIFTS} lifts, ${STAIRS} stairs)`,
      x1: `${x1.nodes.toLocaleString('en')} / ${x1.edges.toLocaleString('en')}`,
      x4: '',
    },
    { figure: 'Network build, once per map', x1: ms(x1.build), x4: ms(x4.build) },
  ];
  for (const [kind, key] of [
    ['normal', 'normal'],
    ['step-free', 'free'],
  ] as const) {
    rows.push(
      {
        figure: `Route ${kind}, A* on a binary heap: median / p95 of ${x1[key].fast.length} (target ${TARGETS.x4} ms at 4x)`,
        x1: `${ms(median(x1[key].fast))} / ${ms(p95(x1[key].fast))}`,
        x4: `${ms(median(x4[key].fast))} / ${ms(p95(x4[key].fast))}`,
      },
      {
        figure: `Route ${kind}, naive O(V²) Dijkstra (reference): median`,
        x1: ms(median(x1[key].slow)),
        x4: ms(median(x4[key].slow)),
      },
      { figure: `Route ${kind}: A* against the reference`, x1: ratio(x1[key]), x4: ratio(x4[key]) },
      {
        figure: `Route ${kind}: within target`,
        x1: median(x1[key].fast) <= TARGETS.x1 ? 'yes' : 'no',
        x4: median(x4[key].fast) <= TARGETS.x4 ? 'yes' : 'no',
      },
    );
  }
  return rows;
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
