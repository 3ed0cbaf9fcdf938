/**
 * `npm run typecheck`: TypeScript's native compiler (`tsc-native`, TypeScript 7 installed under that name; the
 * `typescript` package stays at 5.9 for the tools that use its JavaScript API: typescript-eslint, tsx, editors) over
 * the repository's five TypeScript projects, each incremental with its build info in node_modules/.cache/tsc/ (so a
 * second run re-checks only what changed, and a fresh clone starts from nothing). Each project runs single-threaded
 * and two run at once (MAPNEST_TYPECHECK_JOBS sets how many): on a 2-core machine that keeps both cores busy without
 * the native compiler's own checker threads competing with each other. Each project's errors are printed together,
 * under its name; the exit code is non-zero when any project has an error. docs/adr/041-native-typecheck.md.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBuffered, type Buffered } from './run-buffered';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const tsc = path.join(root, 'node_modules', 'tsc-native', 'bin', 'tsc');
const cacheDir = path.join(root, 'node_modules', '.cache', 'tsc');

/** The projects, biggest first so that the longest ones start at once. */
export const PROJECTS: readonly string[] = ['web', 'infra', 'tsconfig.node.json', 'lambdas', 'shared'];

/** The tsc arguments for one project: checked only, incremental, its build info kept in the cache folder. */
export function tscArgs(project: string, dir = cacheDir): string[] {
  const name = project.replace(/\.json$/, '').replace(/[^\w.-]/g, '_');
  return [
    '-p',
    project,
    '--singleThreaded',
    '--incremental',
    '--tsBuildInfoFile',
    path.join(dir, `native-${name}.tsbuildinfo`),
  ];
}

interface Result extends Buffered {
  project: string;
}

async function check(project: string): Promise<Result> {
  return { project, ...(await runBuffered(process.execPath, [tsc, ...tscArgs(project)], root)) };
}

async function main() {
  mkdirSync(cacheDir, { recursive: true });
  const jobs = Number(process.env.MAPNEST_TYPECHECK_JOBS) || 2;
  const queue = [...PROJECTS];
  const results: Result[] = [];
  await Promise.all(
    Array.from({ length: Math.min(jobs, queue.length) }, async () => {
      for (let project = queue.shift(); project; project = queue.shift()) {
        const result = await check(project);
        results.push(result);
        console.log(`tsc -p ${project}: ${result.code === 0 ? 'ok' : 'errors'} (${(result.ms / 1000).toFixed(1)} s)`);
        if (result.output.trim()) console.log(result.output.trimEnd());
      }
    }),
  );
  process.exitCode = results.every((r) => r.code === 0) ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
