import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BRAND } from '@mapnest/shared/constants';
import { WEB_DIST } from './paths';

/** What the SPA bucket receives: the real build, or a placeholder page when nothing was built. */
export type WebAssets =
  { kind: 'build'; dir: string } | { kind: 'placeholder'; placeholderHtml: string; reason: string };

const PLACEHOLDER_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${BRAND}</title></head>
<body><h1>${BRAND}</h1><p>The web app was not built when this stage was synthesised. Run <code>npm run build</code> and deploy again.</p></body></html>
`;

/**
 * The built SPA (web/dist with index.html) when it exists. Otherwise synthesis still works (unit tests,
 * a first `cdk synth` on a fresh clone): the stack deploys a placeholder index.html and embed.html plus
 * the runtime files, and the stack carries a warning saying so.
 */
export function resolveWebAssets(dir: string = WEB_DIST): WebAssets {
  if (existsSync(join(dir, 'index.html'))) return { kind: 'build', dir };
  return {
    kind: 'placeholder',
    placeholderHtml: PLACEHOLDER_HTML,
    reason: `${dir}/index.html does not exist (run npm run build first)`,
  };
}
