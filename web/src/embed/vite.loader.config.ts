/**
 * Second build step for the script-tag loader (`dist/embed.js`): a classic script with a stable
 * name, built after the main build so it can carry the embed page's hashed module name (its CSS is
 * inside it), read from the built embed.html. The site's build runs it when the embed page is built
 * (./vite.embed-build.ts); alone, into dist/: vite build -c src/embed/vite.loader.config.ts
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

function embedAssets(outDir: string): { entry: string } {
  const html = readFileSync(`${outDir}/embed.html`, 'utf8');
  const entry = /<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error(`${outDir}/embed.html has no module script; run the main build first.`);
  return { entry };
}

/** The loader's build into `outDir`, which already holds the built embed.html (the site's build runs it last). */
export function loaderBuildConfig(outDir: string): UserConfig {
  const { entry } = embedAssets(outDir);
  return {
    root: here('../..'),
    publicDir: false,
    define: {
      __MN_EMBED_ENTRY__: JSON.stringify(entry),
    },
    build: {
      outDir,
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
}

export default defineConfig((): UserConfig => loaderBuildConfig(here('../../dist')));
