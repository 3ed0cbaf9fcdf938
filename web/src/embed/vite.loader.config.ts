/**
 * Second build step for the script-tag loader (`dist/embed.js`): a classic script with a stable
 * name, built after the main build so it can carry the embed page's hashed module and style sheet
 * names, read from dist/embed.html. Run: vite build -c src/embed/vite.loader.config.ts
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

function embedAssets(): { entry: string; css: string[] } {
  const html = readFileSync(here('../../dist/embed.html'), 'utf8');
  const entry = /<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('dist/embed.html has no module script; run the main build first.');
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
  return { entry, css };
}

export default defineConfig((): UserConfig => {
  const { entry, css } = embedAssets();
  return {
    publicDir: false,
    define: {
      __MN_EMBED_ENTRY__: JSON.stringify(entry),
      __MN_EMBED_CSS__: JSON.stringify(css),
    },
    build: {
      outDir: here('../../dist'),
      emptyOutDir: false,
      copyPublicDir: false,
      lib: {
        entry: here('loader.ts'),
        formats: ['iife'],
        name: 'MapnestLoader',
        fileName: () => 'embed.js',
      },
    },
  };
});
