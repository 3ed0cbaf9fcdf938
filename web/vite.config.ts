import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { embedBootScript, embedBuild } from './src/embed/vite.embed-build';
import { packLanguageChunks } from './src/embed/vite.pack-messages';
import { purifyFactoryOnly } from './src/embed/vite.purify-factory';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

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
