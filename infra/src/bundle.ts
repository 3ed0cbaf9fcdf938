import { build, type BuildOptions } from 'esbuild';
import { copyFileSync, cpSync, existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { FunctionSpec } from './manifest';
import { LAMBDAS_SRC, REPO_ROOT } from './paths';
import { noSdkEventStreams } from './sdk-event-streams';
import { sdkPackageInfo } from './sdk-package-info';
import { pureSdkSchemas } from './sdk-schemas';

/** What the bundles use as the AWS SDK's default credential provider (ADR 034): the environment, as Lambda sets it. */
export const LAMBDA_CREDENTIALS = join(LAMBDAS_SRC, 'lib', 'lambda-credentials.ts');
/** What the bundles use as the DynamoDB client's endpoint discovery (ADR 095): its settings without the unused cache. */
export const NO_ENDPOINT_DISCOVERY = join(LAMBDAS_SRC, 'lib', 'no-endpoint-discovery.ts');

/**
 * Modules a bundle loads only when needed, each built once as a file of its own and shipped next to the index.mjs of
 * every function whose code names it (ADR 042). A source imports one as `import(process.env.<define> ?? './module')`:
 * here `define` turns the specifier into the shipped file's name, which esbuild leaves alone (it is not a literal it
 * could bundle), so the module's code, and what it imports, stay out of index.mjs; tests and the local stack, where
 * the variable is unset, import the source. The view-as look-ups (lib/view-as.ts) keep the user pool API out of
 * every call that does not otherwise use the user pool; the map document's repair and Mapplic import (shared
 * map-restore.ts, lib/stored-document.ts) stay out of the calls that read stored documents, which are almost always
 * valid (ADR 044); zod's compiled parser of the map document (shared compiled-parser.ts, lib/document-parser.ts)
 * stays out of the map calls, which load it on their first large document (ADR 051).
 */
export const ON_DEMAND_MODULES: ReadonlyArray<{ entry: string; file: string; define: string }> = [
  { entry: join(LAMBDAS_SRC, 'lib', 'view-as.ts'), file: 'view-as.mjs', define: 'process.env.MAPNEST_VIEW_AS_MODULE' },
  {
    entry: join(REPO_ROOT, 'shared', 'src', 'repair', 'map-restore.ts'),
    file: 'map-restore.mjs',
    define: 'process.env.MAPNEST_MAP_RESTORE_MODULE',
  },
  {
    entry: join(REPO_ROOT, 'shared', 'src', 'document', 'compiled-parser.ts'),
    file: 'compiled-parser.mjs',
    define: 'process.env.MAPNEST_COMPILED_PARSER_MODULE',
  },
  // An administrator's move of a map to another owner or state (adminUpdateMap), with the state change's transaction.
  {
    entry: join(LAMBDAS_SRC, 'domain', 'admin', 'admin-moves.ts'),
    file: 'admin-moves.mjs',
    define: 'process.env.MAPNEST_ADMIN_MOVES_MODULE',
  },
];
/** Where the on-demand modules are built: two folders deep, as the functions' own, so their source maps hold when copied. */
const onDemandId = (file: string) => `_on-demand/${file.replace(/\.mjs$/, '')}/${file.replace(/\.mjs$/, '')}`;

/** The Lambda runtime every bundle targets; the house construct pins the same one. */
export const BUNDLE_TARGET = 'node24';

/**
 * Packages with native code, kept out of the bundle and shipped as node_modules built for the
 * function's platform. The npm tree here holds sharp's Linux x64 glibc build (@img/sharp-linux-x64 and
 * @img/sharp-libvips-linux-x64), which is exactly what Lambda's x86_64 Amazon Linux runs, so no Docker
 * build is needed; a function shipping them is pinned to x86_64.
 */
export const NATIVE_PACKAGES: Readonly<Record<string, { os: string; cpu: string; libc: string }>> = {
  sharp: { os: 'linux', cpu: 'x64', libc: 'glibc' },
};

/** One built function: its asset folder and what went into it. */
export interface Bundle {
  id: string;
  /**
   * Asset folder handed to lambda.Code.fromAsset: index.mjs, its source map, the on-demand modules it may load
   * (ON_DEMAND_MODULES) and node_modules for natives.
   */
  dir: string;
  /** Size of index.mjs, the code Lambda loads at a cold start (the budgets apply to it; on-demand files are apart). */
  jsBytes: number;
  /** Every file in the asset folder except source maps: what the function unpacks. */
  totalBytes: number;
  /** Native packages shipped in the asset's node_modules (empty for pure JavaScript bundles). */
  nativePackages: string[];
}

/**
 * The esbuild settings of every function, in one place (the build adds one plugin, BUNDLE_PLUGINS, which these plain
 * options leave out so they can be compared and hashed).
 */
export function bundleOptions(functions: readonly FunctionSpec[], outDir: string): BuildOptions {
  return {
    entryPoints: Object.fromEntries([
      ...functions.map((fn) => [`${fn.id}/index`, fn.entry]),
      ...ON_DEMAND_MODULES.map((m) => [onDemandId(m.file), m.entry]),
    ]),
    outdir: outDir,
    absWorkingDir: REPO_ROOT,
    bundle: true,
    platform: 'node',
    target: BUNDLE_TARGET,
    format: 'esm',
    outExtension: { '.js': '.mjs' },
    // Prefer ES module builds so unused SDK and library code is tree-shaken.
    mainFields: ['module', 'main'],
    minify: true,
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    logLevel: 'silent',
    external: Object.keys(NATIVE_PACKAGES),
    // Inside Lambda the SDK's default credential chain answers from the environment; only that link is bundled.
    // Nor does any DynamoDB command use endpoint discovery's cache, which the client would build at each cold start.
    alias: {
      '@aws-sdk/credential-provider-node': LAMBDA_CREDENTIALS,
      '@aws-sdk/middleware-endpoint-discovery': NO_ENDPOINT_DISCOVERY,
    },
    define: {
      'process.env.NODE_ENV': '"production"',
      ...Object.fromEntries(ON_DEMAND_MODULES.map((m) => [m.define, JSON.stringify(`./${m.file}`)])),
    },
    // CommonJS dependencies inside an ES module bundle still call require() for Node built-ins.
    banner: {
      js: "import { createRequire as __mapnestCreateRequire } from 'node:module'; const require = __mapnestCreateRequire(import.meta.url);",
    },
    legalComments: 'none',
  };
}

/**
 * The build's plugins: the SDK clients' schema tables loaded so that unused shapes are dropped (ADR 044), the SDK's
 * event-stream support, which no function uses, left out, and its package.json files loaded as the version they are
 * read for (ADR 048).
 */
export const BUNDLE_PLUGINS = [pureSdkSchemas, noSdkEventStreams, sdkPackageInfo];

/**
 * Builds every function in one esbuild pass (one process, shared parsing), then ships native packages
 * next to the bundles that import them. Synthesis then only hashes and copies finished folders.
 */
export async function bundleFunctions(
  functions: readonly FunctionSpec[],
  outDir: string,
): Promise<Map<string, Bundle>> {
  return (await buildFunctions(functions, outDir)).bundles;
}

/**
 * bundleFunctions, also answering every file the build read: esbuild's inputs and the package.json of each native
 * package shipped (absolute paths). The infra tests' bundle cache (infra/test/bundle-cache.ts) keys on them.
 */
export async function buildFunctions(
  functions: readonly FunctionSpec[],
  outDir: string,
): Promise<{ bundles: Map<string, Bundle>; inputs: string[] }> {
  const bundles = new Map<string, Bundle>();
  if (functions.length === 0) return { bundles, inputs: [] };
  const result = await build({ ...bundleOptions(functions, outDir), plugins: BUNDLE_PLUGINS });
  const inputs = new Set(Object.keys(result.metafile!.inputs).map((file) => resolve(REPO_ROOT, file)));
  const outputs = result.metafile!.outputs;
  for (const fn of functions) {
    const dir = join(outDir, fn.id);
    const output = outputs[relative(REPO_ROOT, join(dir, 'index.mjs'))];
    if (!output) throw new Error(`esbuild produced no output for ${fn.id}.`);
    const nativePackages = [
      ...new Set(output.imports.filter((i) => i.external && i.path in NATIVE_PACKAGES).map((i) => i.path)),
    ];
    for (const name of nativePackages)
      for (const copied of copyPackageClosure(name, NATIVE_PACKAGES[name]!, fn.entry, join(dir, 'node_modules')))
        inputs.add(join(copied, 'package.json'));
    const code = readFileSync(join(dir, 'index.mjs'), 'utf8');
    for (const m of ON_DEMAND_MODULES) {
      if (!code.includes(JSON.stringify(`./${m.file}`))) continue;
      const built = join(outDir, onDemandId(m.file));
      copyFileSync(`${built}.mjs`, join(dir, m.file));
      copyFileSync(`${built}.mjs.map`, join(dir, `${m.file}.map`));
    }
    bundles.set(fn.id, {
      id: fn.id,
      dir,
      jsBytes: statSync(join(dir, 'index.mjs')).size,
      totalBytes: folderBytes(dir),
      nativePackages,
    });
  }
  return { bundles, inputs: [...inputs] };
}

interface PackageJson {
  name: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
}

/** The installed folder of a package as Node would find it from `fromFile` (following workspace links). */
function findPackageDir(name: string, fromFile: string): string | undefined {
  let dir = dirname(fromFile);
  for (;;) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

const matches = (allowed: string[] | undefined, value: string) => !allowed || allowed.includes(value);

/**
 * Copies a package and its runtime dependencies into `dest`: regular dependencies always, optional
 * ones only when installed and built for the target platform (that is how sharp picks its binary). Answers the
 * installed folder of every package copied.
 */
function copyPackageClosure(
  root: string,
  target: { os: string; cpu: string; libc: string },
  fromFile: string,
  dest: string,
): string[] {
  const queue: Array<{ name: string; from: string; optional: boolean }> = [
    { name: root, from: fromFile, optional: false },
  ];
  const seen = new Set<string>();
  const copied: string[] = [];
  while (queue.length > 0) {
    const { name, from, optional } = queue.shift()!;
    if (seen.has(name)) continue;
    const dir = findPackageDir(name, from);
    if (!dir) {
      if (optional) continue;
      throw new Error(`Native package ${root} needs ${name}, which is not installed.`);
    }
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
    if (optional && !(matches(pkg.os, target.os) && matches(pkg.cpu, target.cpu) && matches(pkg.libc, target.libc)))
      continue;
    seen.add(name);
    copied.push(dir);
    cpSync(dir, join(dest, name), {
      recursive: true,
      dereference: true,
      filter: (src) => !/\.(md|d\.ts|d\.cts|d\.mts|map)$/.test(src) && !src.includes(`${dir}/node_modules`),
    });
    const self = join(dir, 'package.json');
    for (const dep of Object.keys(pkg.dependencies ?? {})) queue.push({ name: dep, from: self, optional: false });
    for (const dep of Object.keys(pkg.optionalDependencies ?? {}))
      queue.push({ name: dep, from: self, optional: true });
  }
  const missingBinary = ![...seen].some((name) => name !== root && name.includes(`${target.os}-${target.cpu}`));
  if (root === 'sharp' && missingBinary) {
    throw new Error(
      `sharp's ${target.os}-${target.cpu} binary (@img/sharp-${target.os}-${target.cpu}) is not installed, so the thumbnail function cannot be built.`,
    );
  }
  return copied;
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && !entry.name.endsWith('.map')) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/**
 * Ceiling for the code a pure JavaScript function loads (index.mjs). Was 1,010,000 bytes until ADR 034, which cut
 * every bundle by about 137 kB (the SDK's credential chain reduced to the environment link Lambda uses), then
 * 920,000; then 790,000 when a call's bundle came to carry only its own schemas and the X-Ray SDK left every bundle;
 * lowered again by ADR 042 (one S3 client, the presigned POST only where uploads are handed out, the view-as
 * look-ups on demand, no Powertools) to 760,000, then by ADR 043 (zod's mini build instead of its classic one, about
 * 65 kB off every call) to 690,000, then by ADR 044 (the SDK clients' schema tables tree-shaken: about 50 kB off every
 * bundle with the S3 client, 45 kB off those with the mail client): what the largest (registerLicense, 531 kB) needs
 * plus room for ordinary growth. The target is TARGET_JS_BYTES; ADR 034, 042, 043 and 044 say what stands between
 * the bundles and it.
 */
export const JS_BUDGET_BYTES = 600_000;
/** What every call and public route bundle should come down to (issue 28): 400 kB of minified JavaScript. */
export const TARGET_JS_BYTES = 400_000;
/**
 * Ceiling of a call or public route bundle's import cost, in milliseconds of CPU on the reference machine
 * (infra/test/import-cost.ts, ADR 034): since ADR 051 the slowest (the map calls that build the map document's
 * schema) are 55–70 ms, once 91 ms in a fresh-clone CI run with the other tests running beside it, so this catches a
 * bundle that gets much slower without failing on the measurement's noise. Was 300 ms before the calls' bundles
 * carried only their own schemas and no X-Ray SDK, then 250 ms until ADR 051. The target is TARGET_IMPORT_MS.
 */
export const IMPORT_CEILING_MS = 150;
/** What every call and public route bundle's import should come down to (issue 28): 60 ms. */
export const TARGET_IMPORT_MS = 60;
/**
 * The own budget of a function that ships native packages (the thumbnail trigger), all files counted:
 * sharp and libvips for Linux x64 are about 20 MB unpacked; Lambda's own limit is 250 MB.
 */
export const NATIVE_BUDGET_BYTES = 40_000_000;
