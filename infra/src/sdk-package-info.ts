import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'esbuild';

/**
 * Each AWS SDK client imports its whole package.json (`import packageInfo from "../package.json"`) to put its version
 * in the user agent: about 2.5 kB of a bundle per client (its scripts, dependencies and exports map), since esbuild
 * keeps every field of a JSON module imported whole. The bundles load it as `{ name, version }` only (ADR 048), and
 * `packageInfoReads` finds what the SDK reads of it: `version` alone, as `infra/test/sdk-package-info.test.ts` checks.
 */
export const SDK_PACKAGE_JSON = /[\\/]node_modules[\\/]@aws-sdk[\\/][^\\/]+[\\/]package\.json$/;

/** The package.json as the bundles load it: its name and version. */
export function packageInfoSource(json: string): string {
  const { name, version } = JSON.parse(json) as { name?: unknown; version?: unknown };
  return JSON.stringify({ name, version });
}

/** The esbuild plugin that loads the SDK's package.json files through packageInfoSource. */
export const sdkPackageInfo: Plugin = {
  name: 'mapnest-sdk-package-info',
  setup(build) {
    build.onLoad({ filter: SDK_PACKAGE_JSON }, async (args) => ({
      contents: packageInfoSource(await readFile(args.path, 'utf8')),
      loader: 'json',
    }));
  },
};

/**
 * What the SDK's modules read of an imported package.json: for every module under `@aws-sdk/<package>/dist-es` that
 * imports one, each use of the imported name (`packageInfo.version` → "version"; any other use, such as passing the
 * object on, → "the whole object"), keyed by the module's path.
 */
export function packageInfoReads(sdkRoot: string): Map<string, Set<string>> {
  const reads = new Map<string, Set<string>>();
  for (const pkg of readdirSync(sdkRoot)) {
    const dist = join(sdkRoot, pkg, 'dist-es');
    let files: string[];
    try {
      files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
    } catch {
      continue;
    }
    for (const file of files) {
      const path = join(dist, file);
      const source = readFileSync(path, 'utf8');
      const imported = /^import (\w+) from "(?:\.\.\/)+package\.json";$/m.exec(source);
      if (!imported) continue;
      const name = imported[1]!;
      const uses = new Set<string>();
      const body = source.replace(imported[0], '');
      for (const m of body.matchAll(new RegExp(`\\b${name}\\b(\\.(\\w+))?`, 'g'))) uses.add(m[2] ?? 'the whole object');
      reads.set(path, uses);
    }
  }
  return reads;
}
