#!/usr/bin/env node
/**
 * `node scripts/lambda-node.mjs <command> [args...]`: runs a command on the Lambda runtime's Node (24, the functions'
 * nodejs24.x) when the machine's Node is older. The first time, that Node's Linux binary is installed from the npm
 * registry (package node-linux-<arch>@24, the platform package the `node@24` package itself installs; its tarball
 * carries bin/node) into a cache folder outside the repository ($MAPNEST_NODE_CACHE, default ~/.cache/mapnest/node),
 * one sub-folder per major version (v24/bin/node), so a checkout still on another version keeps its own binary. The
 * command then runs with that binary first on PATH, so every `node`, `npx`, `tsx` and `vitest` it starts is Node 24.
 * npm itself stays the machine's. On Node 24 or newer the command runs as is. MAPNEST_LAMBDA_NODE=0 turns the switch
 * off.
 * Plain JavaScript with no dependencies: it runs before anything else, on whatever Node the machine has.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import console from 'node:console';
import { homedir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { clearInterval, setInterval } from 'node:timers';

/** The Lambda runtime's major version (infra/src/constructs/mapnest-function.ts RUNTIME is nodejs24.x). */
export const WANTED_MAJOR = 24;

/** The folder holding a `node` of WANTED_MAJOR (only node: npm stays the machine's), installing it if needed. */
export function lambdaNodeBinDir(
  cache = process.env.MAPNEST_NODE_CACHE ??
    join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'mapnest', 'node'),
) {
  const bin = join(cache, `v${WANTED_MAJOR}`, 'bin');
  const node = join(bin, 'node');
  if (existsSync(node) && majorOf(node) === WANTED_MAJOR) return bin;
  if (process.platform !== 'linux' || !['x64', 'arm64'].includes(process.arch)) {
    throw new Error(
      `Node ${WANTED_MAJOR} is needed; install it for ${process.platform}/${process.arch} yourself (the registry package is Linux only).`,
    );
  }
  mkdirSync(cache, { recursive: true });
  const work = mkdtempSync(join(cache, 'install-'));
  try {
    const spec = `node-linux-${process.arch}@${WANTED_MAJOR}`;
    process.stderr.write(`Installing Node ${WANTED_MAJOR} (${spec}) from the npm registry into ${cache}, once...\n`);
    execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', work], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${spec} produced no tarball`);
    execFileSync('tar', ['-xzf', join(work, tarball), '-C', work, 'package/bin/node']);
    const staged = join(work, 'v');
    mkdirSync(join(staged, 'bin'), { recursive: true });
    renameSync(join(work, 'package', 'bin', 'node'), join(staged, 'bin', 'node'));
    chmodSync(join(staged, 'bin', 'node'), 0o755);
    if (majorOf(join(staged, 'bin', 'node')) !== WANTED_MAJOR)
      throw new Error(`${spec} did not contain a working Node ${WANTED_MAJOR}`);
    // Another run may have finished first: keep whichever is in place.
    if (!existsSync(node)) {
      rmSync(join(cache, `v${WANTED_MAJOR}`), { recursive: true, force: true });
      renameSync(staged, join(cache, `v${WANTED_MAJOR}`));
    }
    return bin;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function majorOf(node) {
  try {
    return Number(execFileSync(node, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).trim());
  } catch {
    return 0;
  }
}

function main() {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error('usage: node scripts/lambda-node.mjs <command> [args...]');
    process.exit(2);
  }
  const env = { ...process.env };
  const major = Number(process.versions.node.split('.')[0]);
  if (major < WANTED_MAJOR && process.env.MAPNEST_LAMBDA_NODE !== '0') {
    env.PATH = `${lambdaNodeBinDir()}:${env.PATH ?? ''}`;
  }
  runCommand(command, args, env);
}

/** How often a wrapper checks that whatever started it is still there (ORPHAN_CHECK_MS). */
export const ORPHAN_CHECK_MS = 500;

/**
 * Runs the command in its place: its output is this process's, signals pass on, its exit status becomes this one's.
 * When this process is left an orphan (its parent gone, so the operating system hands it to another), the command is
 * told to stop as by SIGTERM: `npm start` and `npm test` run this wrapper under a shell, and stopping npm by its PID
 * stops npm and that shell but not the shell's child, which would keep the whole local stack (or a test run) going
 * with nothing left to stop it.
 */
export function runCommand(command, args, env) {
  const child = spawn(command, args, { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    child.kill('SIGTERM');
  }, ORPHAN_CHECK_MS);
  watch.unref();
  child.on('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
  child.on('error', (err) => {
    console.error(`${command}: ${err.message}`);
    process.exit(127);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) main();
