/**
 * The SVG a map may show: the elements kept when an uploaded floor plan is sanitised, on the server when it is
 * stored (lambdas/src/domain/files/svg-sanitize.ts) and in the browser before it is inlined
 * (web/src/viewer/sanitize.ts). Shapes, text, gradients, patterns, masks, filters and links stay;
 * scripts, foreign objects, animation (which can rewrite an href) and anything that loads content do not.
 */
export const SVG_ELEMENTS = [
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'metadata',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
  'filter',
  'image',
  'a',
  'switch',
  'style',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feImage',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
] as const;

/** A fragment reference inside the same document: url(#gradient), href="#symbol". */
export const LOCAL_REF = /^#[A-Za-z0-9_.:-]*$/;
/** Inline raster images never touch the network and cannot carry script. */
export const DATA_RASTER = /^data:image\/(?:png|jpe?g|gif|webp);base64,[A-Za-z0-9+/=\s]*$/i;

/** Whether an SVG element's href may stay: links to the web, same-document references, inline rasters for images. */
export function svgHrefAllowed(tag: string, value: string): boolean {
  const v = value.trim();
  const t = tag.toLowerCase();
  if (t === 'a') return LOCAL_REF.test(v) || /^https?:/i.test(v);
  if (t === 'image') return DATA_RASTER.test(v);
  if (t === 'feimage') return DATA_RASTER.test(v) || LOCAL_REF.test(v);
  return LOCAL_REF.test(v);
}
