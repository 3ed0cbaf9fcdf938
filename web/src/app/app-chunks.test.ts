/**
 * What the built app loads first, read from dist: uPlot (the analytics charts' library, docs/adr/029) is downloaded
 * only by the analytics page when it draws, never with the app's first load, the editor's (/maps/{id}) or the embed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { embedJsFiles } from '../embed/embed-size';

const dist = process.env.MAPNEST_WEB_DIST ?? fileURLToPath(new URL('../../dist', import.meta.url));
const read = (path: string) => readFileSync(join(dist, path.replace(/^\//, '')), 'utf8');

/** Chunks a chunk imports, statically only (downloaded with it) or dynamic imports as well (downloaded on use). */
function closure(start: readonly string[], withDynamic: boolean): Set<string> {
  const seen = new Set(start);
  const queue = [...start];
  const pattern = withDynamic
    ? /(?:from\s*|import\s*\(?\s*)["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g
    : /(?:from\s*|import\s*)["'](\.{1,2}\/[^"']+\.js)["']/g;
  while (queue.length) {
    const file = queue.shift()!;
    for (const m of read(file).matchAll(pattern)) {
      const abs = new URL(m[1]!, `http://x${file}`).pathname;
      if (!seen.has(abs)) {
        seen.add(abs);
        queue.push(abs);
      }
    }
  }
  return seen;
}

const assets = () => readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const chunk = (name: string) => {
  const found = assets().filter((f) => f.startsWith(`${name}-`));
  expect(found, `one ${name} chunk in dist/assets`).toHaveLength(1);
  return `/assets/${found[0]}`;
};
// uPlot's legend class: a string its code carries whatever the minifier renames.
const holdsUplot = (file: string) => read(file).includes('u-legend');

describe('the app’s chunks', () => {
  it('finds the built app (npm test builds the web first)', () => {
    expect(existsSync(join(dist, 'index.html')), `${dist}/index.html is missing: run npm run build`).toBe(true);
  });

  it('keeps uPlot out of the first load, the editor’s page and the embed; the analytics page loads it when it draws', () => {
    const html = read('index.html');
    const entry = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"|rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
      (m) => m[1] ?? m[2]!,
    );
    const uplot = assets()
      .map((f) => `/assets/${f}`)
      .filter(holdsUplot);
    expect(uplot, 'uPlot is in one chunk').toHaveLength(1);

    const firstLoad = closure(entry, false);
    const editor = closure([chunk('MapPage')], false);
    const page = chunk('AnalyticsPage');
    // The walk follows static imports (the editor's page imports the app's shared chunks).
    expect([...editor].filter((f) => firstLoad.has(f)).length).toBeGreaterThan(3);
    expect([...firstLoad].filter(holdsUplot)).toEqual([]);
    expect([...editor].filter(holdsUplot)).toEqual([]);
    expect([...closure([page], false)].filter(holdsUplot), 'the page shows its text before the charts').toEqual([]);
    expect(closure([page], true).has(uplot[0]!)).toBe(true);
    expect(embedJsFiles(dist).filter((f) => holdsUplot(f.path))).toEqual([]);
  });
});
