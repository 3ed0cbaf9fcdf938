/**
 * The files PDF.js reads besides its code, served by the site (`vite.pdf-assets.ts` puts them in the build): its image
 * decoders (JPEG 2000, CCITT Group 4 and JBIG2, the compressions of scanned plans; and its colour-profile reader), the 14 standard
 * fonts a PDF may name without embedding (a plan's text in Helvetica), and the character maps of CJK text. Each under
 * a folder named by PDF.js's version: they change only with it, and are cached for good like the build's chunks.
 */

/** The folder PDF.js's own files of `version` are served from, from the site's root. */
export const pdfAssetsBase = (version: string) => `/assets/pdfjs-${version}/`;

/** The folders of the `pdfjs-dist` package served, by the option of PDF.js's `getDocument` that names them. */
export const PDF_ASSET_FOLDERS = {
  wasmUrl: 'wasm',
  standardFontDataUrl: 'standard_fonts',
  cMapUrl: 'cmaps',
} as const;

/**
 * The options of `getDocument` that tell PDF.js where its files of `version` are, on the site at `origin`: whole
 * addresses, as its worker may read them itself.
 */
export function pdfAssetOptions(
  version: string,
  origin: string,
): Record<keyof typeof PDF_ASSET_FOLDERS, string> & { cMapPacked: true } {
  const base = new URL(pdfAssetsBase(version), origin).href;
  return {
    wasmUrl: `${base}${PDF_ASSET_FOLDERS.wasmUrl}/`,
    standardFontDataUrl: `${base}${PDF_ASSET_FOLDERS.standardFontDataUrl}/`,
    cMapUrl: `${base}${PDF_ASSET_FOLDERS.cMapUrl}/`,
    cMapPacked: true,
  };
}
