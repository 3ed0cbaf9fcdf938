/**
 * The infra tests' bundles, built once and reused (ADR 039): every infra test file and every later run gets the
 * same esbuild output for the same function list and the same sources, instead of one 20–60 s esbuild pass per file.
 *
 * - **Key.** A folder per build configuration: the esbuild options (entry points included, the output folder left
 *   out), esbuild's version, infra/src/bundle.ts itself (what it does after esbuild), the lockfile and the
 *   workspaces' package.json and tsconfig files (what decides how imports resolve).
 * - **Entries.** In that folder, one entry per set of inputs: every file the build read (esbuild's metafile inputs
 *   and the native packages' package.json), each with the SHA-256 of its content. An entry is served only when every
 *   one of its inputs still has that content; anything changed is a miss and a new build.
 * - **Two workers at once.** A build happens under a lock (a folder made with mkdir, which only one process can
 *   create; a lock whose process has died is taken over), into a folder of its own renamed into place when complete,
 *   so no process ever reads a half-written entry. A process that finds the lock taken waits for the entry.
 * - **Where.** In the system's temporary folder, outside the repository: a bundle there can only load what it ships
 *   (a missing dependency is not quietly found in the repository's node_modules), as Lambda loads it.
 *
 * Entries are read-only by contract: a test that needs a file next to a bundle writes it in a folder of its own.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { version as esbuildVersion } from 'esbuild';
import { bundleOptions, buildFunctions, type Bundle } from '../src/bundle';
import type { FunctionSpec } from '../src/manifest';
import { REPO_ROOT } from '../src/paths';

/** Where the cached builds live (outside the repository, see above). */
export const BUNDLE_CACHE_ROOT = join(tmpdir(), 'mapnest-bundle-cache');
/** Entries kept per build configuration besides the newest (older ones are removed when a new one is written). */
const KEPT_ENTRIES = 2;
/**
 * A configuration (another lockfile, bundle.ts, esbuild) none of whose entries was used for this long is removed
 * when a new entry is written: every dependency update starts a configuration and would otherwise leave its
 * 40–50 MB of bundles behind for good. Days, not minutes: another checkout may be on that configuration still.
 */
const CONFIGURATION_UNUSED_MS = 3 * 24 * 60 * 60_000;
/** A lock older than this is taken over even if its process seems alive (a build takes about a minute on 2 cores). */
const STALE_LOCK_MS = 10 * 60_000;

export interface CachedBundles {
  bundles: Map<string, Bundle>;
  /** True when the bundles came from an earlier build, false when this call built them. */
  hit: boolean;
}

/** Files outside esbuild's inputs that change how the build resolves or what bundle.ts does with its output. */
function configurationFiles(): string[] {
  const files = [
    join(REPO_ROOT, 'package-lock.json'),
    join(REPO_ROOT, 'infra/src/bundle.ts'),
    join(REPO_ROOT, 'infra/src/sdk-schemas.ts'),
    join(REPO_ROOT, 'infra/src/sdk-event-streams.ts'),
    join(REPO_ROOT, 'infra/src/sdk-package-info.ts'),
  ];
  for (const dir of ['.', 'lambdas', 'shared', 'infra', 'web']) {
    const folder = join(REPO_ROOT, dir);
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder))
      if (name === 'package.json' || /^tsconfig.*\.json$/.test(name)) files.push(join(folder, name));
  }
  return files.sort();
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const contentHash = (file: string) => (existsSync(file) ? sha256(readFileSync(file)) : 'missing');

/** The folder of one build configuration. */
export function configurationKey(functions: readonly FunctionSpec[]): string {
  const options = bundleOptions(functions, '<out>');
  const configuration = configurationFiles().map((file) => [relative(REPO_ROOT, file), contentHash(file)]);
  return sha256(JSON.stringify({ options, esbuildVersion, configuration })).slice(0, 24);
}

interface EntryRecord {
  /** Absolute path → SHA-256 of its content when the bundles were built. */
  inputs: Record<string, string>;
  /** The bundles, their folders relative to the entry. */
  bundles: Bundle[];
}

/** The bundles of an entry whose every input is unchanged, else undefined. */
function readEntry(entry: string): Map<string, Bundle> | undefined {
  let record: EntryRecord;
  try {
    record = JSON.parse(readFileSync(join(entry, 'entry.json'), 'utf8')) as EntryRecord;
  } catch {
    return undefined;
  }
  for (const [file, hash] of Object.entries(record.inputs)) if (contentHash(file) !== hash) return undefined;
  const now = new Date();
  utimesSync(join(entry, 'entry.json'), now, now); // most recently used, for pruning
  return new Map(record.bundles.map((b) => [b.id, { ...b, dir: join(entry, b.dir) }]));
}

function findEntry(folder: string): Map<string, Bundle> | undefined {
  if (!existsSync(folder)) return undefined;
  for (const name of readdirSync(folder)) {
    if (!name.startsWith('entry-')) continue;
    const bundles = readEntry(join(folder, name));
    if (bundles) return bundles;
  }
  return undefined;
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the configuration's build lock, waiting while another live process holds it; answers its release. */
function lock(folder: string): () => void {
  const dir = join(folder, 'lock');
  for (;;) {
    try {
      mkdirSync(dir);
      writeFileSync(join(dir, 'pid'), String(process.pid));
      return () => rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner = NaN;
    let age = 0;
    try {
      owner = Number(readFileSync(join(dir, 'pid'), 'utf8'));
      age = Date.now() - statSync(dir).mtimeMs;
    } catch {
      // Just made or just released: look again.
    }
    if ((Number.isInteger(owner) && owner > 0 && !isAlive(owner)) || age > STALE_LOCK_MS)
      rmSync(dir, { recursive: true, force: true });
    else pause(250);
  }
}

/** Removes the configuration's entries beyond the most recently used few (never `keep`), and dead processes' builds. */
function prune(folder: string, keep: string): void {
  for (const name of readdirSync(folder)) {
    const pid = /^build-(\d+)-/.exec(name)?.[1];
    if (pid && !isAlive(Number(pid))) rmSync(join(folder, name), { recursive: true, force: true });
  }
  const entries = readdirSync(folder)
    .filter((name) => name.startsWith('entry-') && join(folder, name) !== keep)
    .map((name) => {
      const dir = join(folder, name);
      let used = 0;
      try {
        used = statSync(join(dir, 'entry.json')).mtimeMs;
      } catch {
        // An entry without its record is garbage.
      }
      return { dir, used };
    })
    .sort((a, b) => b.used - a.used);
  for (const { dir } of entries.slice(KEPT_ENTRIES)) rmSync(dir, { recursive: true, force: true });
}

/** When a configuration's folder was last used: its newest entry record or lock, else the folder itself. */
function lastUsed(folder: string): number {
  let used = statSync(folder).mtimeMs;
  for (const name of readdirSync(folder)) {
    const marker = name.startsWith('entry-') ? join(folder, name, 'entry.json') : join(folder, name);
    try {
      used = Math.max(used, statSync(marker).mtimeMs);
    } catch {
      // Removed meanwhile, or an entry without its record.
    }
  }
  return used;
}

/** Removes the other configurations' folders that have not been used for CONFIGURATION_UNUSED_MS. */
function pruneConfigurations(root: string, keep: string): void {
  const before = Date.now() - CONFIGURATION_UNUSED_MS;
  for (const name of readdirSync(root)) {
    const folder = join(root, name);
    if (folder === keep || existsSync(join(folder, 'lock'))) continue;
    try {
      if (lastUsed(folder) < before) rmSync(folder, { recursive: true, force: true });
    } catch {
      // Removed by another process meanwhile.
    }
  }
}

/**
 * The bundles of `functions` (as bundleFunctions builds them), from the cache when every input is unchanged, else
 * built now and stored. `root` is for the cache's own tests.
 */
export async function cachedBundleFunctions(
  functions: readonly FunctionSpec[],
  root = BUNDLE_CACHE_ROOT,
): Promise<CachedBundles> {
  const folder = join(root, configurationKey(functions));
  const found = findEntry(folder);
  if (found) return { bundles: found, hit: true };
  mkdirSync(folder, { recursive: true });
  const release = lock(folder);
  try {
    const built = findEntry(folder); // another process may have built it while this one waited
    if (built) return { bundles: built, hit: true };
    // Built beside the entries, at the same depth, so the source maps' relative paths hold after the rename.
    const work = join(folder, `build-${process.pid}-${randomBytes(4).toString('hex')}`);
    const startedAt = Date.now();
    const { bundles, inputs } = await buildFunctions(functions, work);
    const record: EntryRecord = {
      inputs: Object.fromEntries(inputs.sort().map((file) => [file, contentHash(file)])),
      bundles: [...bundles.values()].map((b) => ({ ...b, dir: relative(work, b.dir) })),
    };
    // A source saved during the build may or may not be in its output: such a build is used once, never stored.
    const changedDuringBuild = inputs.some(
      (file) => existsSync(file) && Math.floor(statSync(file).mtimeMs) > startedAt,
    );
    if (changedDuringBuild) return { bundles, hit: false };
    writeFileSync(join(work, 'entry.json'), JSON.stringify(record));
    const entry = join(folder, `entry-${sha256(JSON.stringify(record.inputs)).slice(0, 16)}`);
    rmSync(entry, { recursive: true, force: true }); // an entry with the same inputs that failed to verify
    renameSync(work, entry);
    prune(folder, entry);
    pruneConfigurations(root, folder);
    return { bundles: new Map(record.bundles.map((b) => [b.id, { ...b, dir: resolve(entry, b.dir) }])), hit: false };
  } finally {
    release();
  }
}
