import { build, type Metafile } from 'esbuild';
import { join } from 'node:path';
import { BUNDLE_PLUGINS } from '../src/bundle';
import { REPO_ROOT } from '../src/paths';

/**
 * A module written in `source` (JavaScript, resolving packages as the functions' code does, from lambdas/) built with
 * the bundles' plugins, for the tests of those plugins: its code and esbuild's metafile.
 */
export async function buildWithBundlePlugins(source: string): Promise<{ code: string; metafile: Metafile }> {
  const built = await build({
    stdin: { contents: source, resolveDir: join(REPO_ROOT, 'lambdas'), loader: 'js' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    mainFields: ['module', 'main'],
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: BUNDLE_PLUGINS,
  });
  return { code: built.outputFiles[0]!.text, metafile: built.metafile };
}
