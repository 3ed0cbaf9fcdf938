/**
 * `npx tsx bench/embed-cost.ts [--no-build] [--locations 100] [--json]`: what one embed view costs in AWS, from a
 * real page load. Serves web/dist (built first unless --no-build) with a published map, opens /m/{id} in headless
 * Chromium until the embed says its locations are drawn, records every request the page makes, and prices
 * them at CloudFront's list prices (docs/cost.md):
 *   - cold view: a first visit, every file fetched;
 *   - warm view: a returning visitor after the short caches ran out, with what the deployed Cache-Control headers
 *     let the browser keep (hashed /assets for a year; embed.html revalidated; map data after 60 s; stable names
 *     after 5 minutes, revalidated by ETag).
 * Bytes on the wire are the bodies as CloudFront would send them (Brotli for text types of 1,000 bytes or more, as
 * CloudFront compresses them for browsers that accept it) plus RESPONSE_HEADER_BYTES per response.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { CHROMIUM_ARGS, launchChromium } from '../scripts/chromium-launch';
import { benchDocument, published } from './lib/data';
import { DRAWN_PROBE, timeToDrawn } from './lib/measure';
import { startStaticServer, type StaticServer } from './lib/static-server';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// MAPNEST_WEB_DIST: build into and serve another folder (as the stack tests do), leaving web/dist alone.
const dist = process.env.MAPNEST_WEB_DIST ?? join(root, 'web', 'dist');
const argv = process.argv.slice(2);
const locations = Number(argv[argv.indexOf('--locations') + 1]) || 100;

/** AWS list prices, us-east-1 / CloudFront North America & Europe, first tier (USD). Kept in step with docs/cost.md. */
export const PRICES = {
  cloudFrontRequestPerMillion: 1.0, // HTTPS, $0.0100 per 10,000
  cloudFrontTransferPerGb: 0.085, // first 10 TB a month
};
/** CloudFront's and our security headers on each response (CSP, HSTS, CORS, cache, ETag, Via, X-Cache...). */
export const RESPONSE_HEADER_BYTES = 1_000;

const COMPRESSIBLE = /^(text\/|application\/(json|javascript)|image\/svg\+xml)/;

export interface Fetch {
  path: string;
  type: string;
  bodyBytes: number;
  wireBytes: number;
  /** What a returning visitor's browser does with it (see the header comment). */
  warm: 'cached' | 'revalidated' | 'fetched';
}

/** What the deployed Cache-Control lets a returning visitor (more than 5 minutes later) skip. */
export function warmBehaviour(path: string): Fetch['warm'] {
  if (path.startsWith('/assets/')) return 'cached'; // IMMUTABLE_CACHE
  if (path.startsWith('/data/')) return 'fetched'; // max-age=60: a later visit downloads the current map
  return 'revalidated'; // embed.html no-cache; embed.js, /demo, /builtin, /files: ETag, 304
}

export function costPerMillion(fetches: readonly Fetch[], view: 'cold' | 'warm') {
  const counted = view === 'cold' ? fetches : fetches.filter((f) => f.warm !== 'cached');
  const requests = counted.length;
  const bytes = counted.reduce(
    (sum, f) => sum + (view === 'warm' && f.warm === 'revalidated' ? RESPONSE_HEADER_BYTES : f.wireBytes),
    0,
  );
  const requestCost = requests * PRICES.cloudFrontRequestPerMillion;
  const transferCost = ((bytes * 1e6) / 1e9) * PRICES.cloudFrontTransferPerGb;
  return { requests, bytes, requestCost, transferCost, total: requestCost + transferCost };
}

/** Loads /m/{id} once in a fresh context, recording every response from our origin into `fetches`. */
async function recordView(browser: Browser, server: StaticServer, id: string, fetches: Fetch[]): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(DRAWN_PROBE);
  const page = await context.newPage();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    pending.push(
      (async () => {
        const url = new URL(response.url());
        // Every request to our origin counts, a favicon too (the page names a data: icon so that it asks for none).
        if (url.origin !== server.url) return;
        const body = await response.body().catch(() => Buffer.alloc(0));
        const type = response.headers()['content-type'] ?? '';
        const compressed =
          COMPRESSIBLE.test(type) && body.length >= 1000 ? brotliCompressSync(body).length : body.length;
        fetches.push({
          path: url.pathname,
          type,
          bodyBytes: body.length,
          wireBytes: compressed + RESPONSE_HEADER_BYTES,
          warm: warmBehaviour(url.pathname),
        });
      })(),
    );
  });
  const drawnMs = await timeToDrawn(page, `${server.url}/m/${id}`);
  await page.waitForTimeout(500);
  await Promise.all(pending);
  return drawnMs;
}

async function main(): Promise<void> {
  if (!argv.includes('--no-build') || !existsSync(join(dist, 'embed.html'))) {
    const build = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], {
      cwd: join(root, 'web'),
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('web build failed');
  }
  const server = await startStaticServer(dist);
  const id = `cost${locations}`;
  server.publish(id, published(id, benchDocument(locations, '/demo/riverside-ground.svg')));
  // The project's flags but the explicit --headless (Playwright's own headless mode, as this measure always used).
  const browser = await launchChromium({ args: CHROMIUM_ARGS.filter((a) => a !== '--headless') });
  const fetches: Fetch[] = [];
  try {
    const drawnMs = await recordView(browser, server, id, fetches);
    const cold = costPerMillion(fetches, 'cold');
    const warm = costPerMillion(fetches, 'warm');
    if (argv.includes('--json')) {
      console.log(JSON.stringify({ locations, drawnMs, fetches, cold, warm }, null, 2));
      return;
    }
    console.log(
      `Embed view of a ${locations}-location map, drawn after ${drawnMs.toFixed(0)} ms (local, no network latency)\n`,
    );
    console.log(
      'Request                                   | type                     | body B  | on wire B | returning visitor',
    );
    for (const f of fetches) {
      console.log(
        `${f.path.slice(0, 41).padEnd(41)} | ${f.type.split(';')[0]!.padEnd(24)} | ${String(f.bodyBytes).padStart(7)} | ${String(f.wireBytes).padStart(9)} | ${f.warm}`,
      );
    }
    const usd = (n: number) => `$${n.toFixed(2)}`;
    for (const [name, c] of [
      ['cold', cold],
      ['warm', warm],
    ] as const) {
      console.log(
        `\n${name}: ${c.requests} requests, ${(c.bytes / 1000).toFixed(1)} KB per view -> per 1M views ${usd(c.requestCost)} requests + ${usd(c.transferCost)} transfer = ${usd(c.total)}`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
