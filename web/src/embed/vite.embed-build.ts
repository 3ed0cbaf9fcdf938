/**
 * How the embed page (/m/{id}) is built: its own Vite build, run when the site's build closes and
 * writing into the same output directory, so `vite build` (with any --outDir) still yields the whole
 * site. Built alone, the embed is one JavaScript file that shares no chunk with the app, with its CSS
 * inside it (./styles.ts), and the page carries the inline script that starts the map data download
 * (@mapnest/shared/embed-boot). A cold view then requests embed.html, that file, the map data and
 * the floor images, nothing else (docs/adr/011-embed-in-four-requests.md).
 */
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { loaderBuildConfig } from './vite.loader.config';
import { packLanguageChunks } from './vite.pack-messages';
import { plainDynamicImports } from './vite.plain-dynamic-imports';
import { purifyFactoryOnly } from './vite.purify-factory';
// Relative, not @mapnest/shared: Vite loads its config with Node, which leaves workspace packages (.ts) to Node.
import { EMBED_BOOT_SCRIPT } from '../../../shared/src/embed-boot';

const CSS_PREFIX = '\0mapnest-embed-css:';
/** Ends the module id, which must not end in .css (Vite would treat the generated module as CSS). */
const CSS_SUFFIX = ':module';

/** Puts the boot script into embed.html just before its first script, so the data request is the first to start. */
export function embedBootScript(): Plugin {
  return {
    name: 'mapnest-embed-boot',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.filename.endsWith('/embed.html')) return undefined;
        const at = html.search(/<script\b/);
        if (at < 0) throw new Error('embed.html has no script to load the embed.');
        return `${html.slice(0, at)}<script>${EMBED_BOOT_SCRIPT}</script>\n    ${html.slice(at)}`;
      },
    },
  };
}

/**
 * Each plain CSS import becomes a module that hands the minified CSS text to `addEmbedStyles`
 * (through Vite's own `?inline` CSS pipeline, so the text is part of the chunk and of its hash).
 */
function embedCssInJs(stylesModule: string): Plugin {
  return {
    name: 'mapnest-embed-css-in-js',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || importer.startsWith(CSS_PREFIX) || !/\.css$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved ? CSS_PREFIX + resolved.id + CSS_SUFFIX : null;
    },
    load(id) {
      if (!id.startsWith(CSS_PREFIX)) return null;
      const file = id.slice(CSS_PREFIX.length, -CSS_SUFFIX.length);
      return `import css from ${JSON.stringify(`${file}?inline`)};\nimport { addEmbedStyles } from ${JSON.stringify(stylesModule)};\naddEmbedStyles(css);\n`;
    },
  };
}

/**
 * For the site's build: when it has written its files, builds `embedHtml` into the same directory, then
 * the script-tag loader (`embed.js`, ./vite.loader.config.ts).
 * `stylesModule` is ./styles.ts (absolute path).
 */
export function embedBuild(embedHtml: string, stylesModule: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'mapnest-embed-build',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      await build({
        configFile: false,
        root: config.root,
        base: config.base,
        mode: config.mode,
        logLevel: config.logLevel,
        publicDir: false,
        // The embed never edits: the viewer core's editing parts are left out (../viewer/editing.ts).
        define: { __MAPNEST_EDITING__: 'false' },
        plugins: [
          purifyFactoryOnly(),
          packLanguageChunks(),
          embedCssInJs(stylesModule),
          embedBootScript(),
          plainDynamicImports(),
        ],
        build: {
          outDir: config.build.outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          // The one entry file is all the embed runs, and what it loads on demand needs nothing else: nothing to
          // preload (./vite.plain-dynamic-imports.ts).
          modulePreload: false,
          // Two minifiers, for a smaller script than either makes alone (ADR 091): terser's compressor (two passes) on
          // each chunk, then Rolldown's own minifier (Oxc), which also shortens the names, on its output. Vite would turn
          // Rolldown's off with terser on; the output option keeps it. No Safari 10 workarounds: the viewer's syntax
          // (private fields, ??=) needs a far newer browser.
          minify: config.build.minify ? 'terser' : false,
          terserOptions: { safari10: false, mangle: false, compress: { passes: 2 } },
          rollupOptions: { input: { embed: embedHtml }, output: { minify: config.build.minify ? true : 'dce-only' } },
        },
      });
      // Then the script-tag loader, which names the embed's hashed file.
      await build({
        ...loaderBuildConfig(config.build.outDir),
        configFile: false,
        mode: config.mode,
        logLevel: config.logLevel,
      });
    },
  };
}
