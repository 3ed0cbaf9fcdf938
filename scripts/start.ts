/**
 * `npm start` (production-built web app) and `npm run dev` (Vite hot reload): the whole product on one
 * origin, http://localhost:8080 unless PORT says otherwise. Ctrl-C stops everything it started.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { checkJava } from './local/dynamodb';
import { REPO_ROOT } from './local/gateway';
import { seedUsers } from './local/seed';
import { startStack } from './local/stack';

const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 8080);
const dataDir = path.resolve(REPO_ROOT, process.env.MAPNEST_DATA_DIR ?? '.data');

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const st = statSync(target);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Rebuilds web/dist when any web or shared source is newer than the last build. */
function buildWebIfStale(): void {
  const built = newestMtime(path.join(REPO_ROOT, 'web/dist/index.html'));
  const sources = Math.max(newestMtime(path.join(REPO_ROOT, 'web')), newestMtime(path.join(REPO_ROOT, 'shared/src')));
  if (built > sources) return;
  console.log('Building the web app (web/dist)...');
  // A production build whatever NODE_ENV the shell has (a test runner's 'test' would give React's development build).
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error('The web app did not build; see the errors above.');
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const javaError = checkJava();
  if (javaError) {
    console.error(javaError);
    process.exit(1);
  }
  let vite: Awaited<ReturnType<(typeof import('vite'))['createServer']>> | undefined;
  if (dev) {
    const { createServer } = await import('vite');
    vite = await createServer({
      root: path.join(REPO_ROOT, 'web'),
      configFile: path.join(REPO_ROOT, 'web/vite.config.ts'),
      server: { middlewareMode: true },
      appType: 'custom',
    });
  } else {
    buildWebIfStale();
  }
  const started = Date.now();
  const stack = await startStack({ port, dataDir, vite, schedules: true, log: (line) => console.log(line) });
  const seeding = (async () => {
    const users = await seedUsers({
      dataDir,
      cognitoEndpoint: stack.endpoints.cognito,
      userPoolId: stack.userPoolId,
      region: 'us-east-1',
    });
    // Imported only now: the maps service reads the environment the stack has just set.
    const { seedDemo } = await import('./local/seed-demo');
    await seedDemo();
    return users;
  })();
  // A page opened before the seed is done waits for it rather than finding no demo map.
  stack.holdRequests(seeding);
  const seed = await seeding;

  console.log(`
Mapnest is running (${dev ? 'dev mode, hot reload' : 'production build'}), ready in ${((Date.now() - started) / 1000).toFixed(1)} s

  App            ${stack.url}
  Dev mailbox    ${stack.url}/_dev/mail
  API health     ${stack.url}/api/health
  Demo map       ${stack.url}/demo
  Payments       ${stack.payments ? 'local sandbox (no real payment; purchase codes starting 00000000- are valid)' : 'Stripe (STRIPE_SECRET_KEY)'}
  Administrator  ${seed.admin.email} / ${seed.admin.password}
  Data           ${path.relative(REPO_ROOT, dataDir) || '.'}/ (npm run reset wipes it)

Press Ctrl-C to stop.`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping...`);
    await vite?.close();
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGHUP', () => void stop('SIGHUP'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
