import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { embedBootScript, embedBuild } from './src/embed/vite.embed-build';
import { packLanguageChunks } from './src/embed/vite.pack-messages';
import { purifyFactoryOnly } from './src/embed/vite.purify-factory';
import { pdfAssets } from './src/features/editor/panels/plan-images/vite.pdf-assets';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * 404.html: the app's page again, which the edge serves for addresses that are none of the app's pages, with status 404
 * (infra/src/edge/viewer-functions.ts). The app then shows its own not-found page.
 */
function notFoundPage(): Plugin {
  return {
    name: 'mapnest-not-found-page',
    apply: 'build',
    writeBundle(options) {
      copyFileSync(join(options.dir!, 'index.html'), join(options.dir!, '404.html'));
    },
  };
}

export default defineConfig({
  root: here('.'),
  // Chunks are fetched from the site root, so deep links like /case-study/retail load them correctly.
  base: '/',
  // The embed page is built on its own when this build closes (src/embed/vite.embed-build.ts): one script with its
  // CSS inside, sharing no chunk with the app. The boot plugin also serves embed.html's inline script in dev.
  plugins: [
    react(),
    purifyFactoryOnly(),
    packLanguageChunks(),
    embedBootScript(),
    embedBuild(here('embed.html'), here('src/embed/styles.ts')),
    notFoundPage(),
    // PDF.js's decoders of scanned plans, standard fonts and character maps, read only when a PDF is given (ADR 121).
    pdfAssets(),
  ],
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    // The app's page; the embed page (/m/{id}) is the second build above and must not import the app's code or CSS.
    // Vite 8 calls this option rolldownOptions; rollupOptions is its alias.
    rollupOptions: {
      input: {
        app: here('index.html'),
      },
    },
  },
});
