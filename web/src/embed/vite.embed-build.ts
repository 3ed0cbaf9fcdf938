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

/** V8's explicit compile hint (Chrome 136+): compile every function of the file while it downloads, off the page's thread. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Marks the embed's entry file for eager compilation. Nearly all of it runs while the map starts; compiled lazily, each
 * function is compiled on the page's own thread when first called, inside the long tasks that build the viewer (about
 * 100 ms of them at 4x CPU slowdown in the big-floor bench's traces). Added once the file is minified (the minifier
 * drops comments); the source map, if any, moves down a line with it. The chunks loaded on demand stay lazy.
 */
function compileHint(): Plugin {
  return {
    name: 'mapnest-embed-compile-hint',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
        if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
      }
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
        plugins: [purifyFactoryOnly(), embedCssInJs(stylesModule), embedBootScript(), compileHint()],
        build: {
          outDir: config.build.outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          // The one entry file is all the embed runs; no preload helper is needed for it.
          modulePreload: { polyfill: false },
          minify: config.build.minify,
          rollupOptions: { input: { embed: embedHtml } },
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
