import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  // Chunks are fetched from the site root (spec §4), so deep links like /case-study/retail load them correctly.
  base: '/',
  plugins: [react()],
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    // One entry per HTML page. Vite 8 calls this option rolldownOptions; rollupOptions is its alias.
    // The embed page (/m/{id}) gets its own entry here and must not import the app's code or CSS.
    rollupOptions: {
      input: {
        app: here('index.html'),
        embed: here('embed.html'),
      },
    },
  },
});
