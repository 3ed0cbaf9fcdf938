/**
 * Puts PDF.js's decoders, standard fonts and character maps (`pdf-assets.ts`) in the build, and serves them in
 * development from the package: the files PDF.js reads, with the licences that come with them (OpenJPEG's BSD licence
 * asks that a binary given out carry its notice).
 */
import { createReadStream, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { PDF_ASSET_FOLDERS, pdfAssetsBase } from './pdf-assets';

/**
 * The file names of each folder PDF.js reads (decoders, .wasm and their plain-script fallbacks; fonts; maps) and their
 * licences. Not its JavaScript engine for a PDF's own scripts (quickjs), which only its viewer's forms run.
 */
const taken = (name: string) =>
  (/\.(wasm|js|pfb|ttf|bcmap)$/.test(name) || name.startsWith('LICENSE')) && !/quickjs/i.test(name);

function pdfjsPackage(): { dir: string; version: string } {
  const manifest = createRequire(import.meta.url).resolve('pdfjs-dist/package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return { dir: path.dirname(manifest), version };
}

/** Each file served: its address below the site's root (no leading slash) and where it is in the package. */
export function pdfAssetFiles(): { fileName: string; source: string }[] {
  const { dir, version } = pdfjsPackage();
  const base = pdfAssetsBase(version).slice(1);
  return Object.values(PDF_ASSET_FOLDERS).flatMap((folder) =>
    readdirSync(path.join(dir, folder))
      .filter(taken)
      .map((name) => ({ fileName: `${base}${folder}/${name}`, source: path.join(dir, folder, name) })),
  );
}

export function pdfAssets(): Plugin {
  return {
    name: 'mapnest-pdf-assets',
    generateBundle() {
      for (const { fileName, source } of pdfAssetFiles())
        this.emitFile({ type: 'asset', fileName, source: readFileSync(source) });
    },
    configureServer(server) {
      const files = new Map(pdfAssetFiles().map((f) => [`/${f.fileName}`, f.source]));
      server.middlewares.use((req, res, next) => {
        const source = files.get((req.url ?? '').split('?')[0]!);
        if (!source) return next();
        res.setHeader('content-type', source.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream');
        createReadStream(source).pipe(res);
      });
    },
  };
}
