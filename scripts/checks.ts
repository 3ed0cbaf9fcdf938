/**
 * The static checks of `npm test`, run at once: the type-check and the two halves of the lint (ESLint, Prettier's
 * check), each the package.json script of that name. Each is mostly one thread, so on a 2-core machine the three
 * together take about the longest one's time (fresh clone: 52 s against 63 s one after the other). Each one's output
 * is printed in one piece when it ends, under its name; the exit code is non-zero when any fails.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBuffered } from './run-buffered';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** The package.json scripts run at once. */
export const CHECKS: readonly string[] = ['typecheck', 'lint:code', 'lint:format'];

/** How to run a package.json script: through the npm that started this one, else the npm on the PATH. */
export function npmRun(script: string, npmCli: string | undefined): [string, string[]] {
  const args = ['run', '--silent', script];
  return npmCli && /\.[cm]?js$/.test(npmCli) ? [process.execPath, [npmCli, ...args]] : ['npm', args];
}

async function main(): Promise<void> {
  const results = await Promise.all(
    CHECKS.map(async (script) => {
      const [command, args] = npmRun(script, process.env.npm_execpath);
      const result = await runBuffered(command, args, root);
      console.log(`${script}: ${result.code === 0 ? 'ok' : 'failed'} (${(result.ms / 1000).toFixed(1)} s)`);
      if (result.output.trim()) console.log(result.output.trimEnd());
      return result;
    }),
  );
  process.exitCode = results.every((r) => r.code === 0) ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
