import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { pdfAssetOptions } from './pdf-assets';
import { pdfAssetFiles } from './vite.pdf-assets';

const { version } = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'), 'utf8'));

describe('PDF.js’s files in the build', () => {
  it('puts each file PDF.js reads under the folder its options name, and nothing else', () => {
    const files = pdfAssetFiles().map((f) => `/${f.fileName}`);
    const options = pdfAssetOptions(version, 'https://app.example');
    const under = (folder: string) =>
      files.filter((f) => f.startsWith(new URL(folder).pathname)).map((f) => f.split('/').at(-1));
    // The decoders of scanned plans (and of colour profiles), each with the plain script it falls back to.
    // With their licences (OpenJPEG's asks that a binary given out carry its notice).
    expect(under(options.wasmUrl).sort()).toEqual([
      'LICENSE_JBIG2',
      'LICENSE_OPENJPEG',
      'LICENSE_PDFJS_JBIG2',
      'LICENSE_PDFJS_OPENJPEG',
      'LICENSE_PDFJS_QCMS',
      'LICENSE_QCMS',
      'jbig2.wasm',
      'jbig2_nowasm_fallback.js',
      'openjpeg.wasm',
      'openjpeg_nowasm_fallback.js',
      'qcms_bg.wasm',
    ]);
    expect(under(options.standardFontDataUrl)).toContain('LiberationSans-Regular.ttf');
    expect(under(options.cMapUrl)).toContain('UniJIS-UTF16-H.bcmap');
    // Every file is in one of the three folders, and no script engine for a PDF's own scripts is served.
    expect(
      under(options.wasmUrl).length + under(options.standardFontDataUrl).length + under(options.cMapUrl).length,
    ).toBe(files.length);
    expect(options.wasmUrl).toBe(`https://app.example/assets/pdfjs-${version}/wasm/`);
  });
});
