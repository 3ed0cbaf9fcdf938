import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EMBED_JS_BUDGET_BYTES, embedJsDownloadBytes, embedJsFiles } from './embed-size';

// MAPNEST_WEB_DIST: a build elsewhere (`vite build --outDir`), as the stack tests accept.
const dist = process.env.MAPNEST_WEB_DIST ?? fileURLToPath(new URL('../../dist', import.meta.url));

describe('embed size budget', () => {
  it('finds the built embed page (npm test builds the web first)', () => {
    expect(existsSync(`${dist}/embed.html`), `${dist}/embed.html is missing: run npm run build`).toBe(true);
  });

  it('keeps the JavaScript the embed page downloads within 90 KB gzipped (with the largest language)', () => {
    const files = embedJsFiles(dist);
    const total = embedJsDownloadBytes(files);
    const detail = files.map((f) => `${f.path} ${(f.gzipBytes / 1024).toFixed(1)} KB`).join(', ');
    expect(total, `embed JS is ${(total / 1024).toFixed(1)} KB gzipped (${detail})`).toBeLessThanOrEqual(
      EMBED_JS_BUDGET_BYTES,
    );
  });

  it('has each of the viewer’s languages but English (built in) as a chunk of its own, loaded only when chosen', () => {
    const languages = embedJsFiles(dist).filter((f) => f.language);
    expect(languages.map((f) => /lang-([a-z]{2})-/.exec(f.path)![1]).sort()).toEqual([
      'ar',
      'de',
      'es',
      'fr',
      'he',
      'it',
      'ja',
      'ko',
      'nl',
      'pl',
      'pt',
      'zh',
    ]);
    expect(languages.every((f) => f.onDemand)).toBe(true);
    for (const f of languages) expect(f.gzipBytes, f.path).toBeLessThan(3 * 1024);
  });

  // react-router and zod leave stable strings in minified code (jotai and Amplify do not; the budget covers them).
  it('keeps the router and the zod schemas out of the embed', async () => {
    const { readFileSync } = await import('node:fs');
    const code = embedJsFiles(dist)
      .map((f) => readFileSync(`${dist}${f.path}`, 'utf8'))
      .join('\n');
    for (const marker of ['react-router', 'ZodError']) expect(code, marker).not.toContain(marker);
  });

  // The flag is replaced by its value when the build defines it; left in, the editing parts would ship too.
  it('builds the viewer core without its editing parts (../viewer/editing.ts)', async () => {
    const { readFileSync } = await import('node:fs');
    const code = embedJsFiles(dist)
      .map((f) => readFileSync(`${dist}${f.path}`, 'utf8'))
      .join('\n');
    expect(code).not.toContain('__MAPNEST_EDITING__');
    // Defined as false, the editing parts' bodies are gone: `markerUnder` answers null without hit-testing. Defined
    // as true (or not at all), the body would still hit-test the markers.
    expect(code).toMatch(/markerUnder\([\w$]*\)\{return null\}/);
    expect(code).not.toMatch(/markerUnder\([\w$]*\)\{(?!return null\})/);
  });

  // Vite's preload helper, DOMPurify's unused Babel helpers and the code of the DOMPurify options the viewer never
  // sets are left out (./vite.plain-dynamic-imports.ts, ./vite.purify-factory.ts); each leaves a stable string when it
  // ships ("user-content-": the prefix of SANITIZE_NAMED_PROPS).
  it('loads its parts with plain import() and ships none of DOMPurify’s unused helpers or options', async () => {
    const { readFileSync } = await import('node:fs');
    const code = embedJsFiles(dist)
      .map((f) => readFileSync(`${dist}${f.path}`, 'utf8'))
      .join('\n');
    for (const marker of [
      'vite:preloadError',
      'modulepreload',
      '@@asyncIterator',
      'Invalid attempt to destructure',
      'user-content-',
    ])
      expect(code, marker).not.toContain(marker);
    expect(code).toMatch(/import\(["'`]\.\/panel-[\w-]+\.js["'`]\)/);
  });
});
