import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript with no types (it runs before anything is built)
import { DEBIAN_CHROMIUM, provideChromium } from './chromium.mjs';

interface Machine {
  files: Set<string>;
  root: boolean;
  apt: boolean;
  aptWorks: boolean;
  npmWorks: boolean;
}

/** A machine made of fakes, recording what the provider did and said. */
function machine(m: Partial<Machine> = {}) {
  const state: Machine = { files: new Set(), root: false, apt: true, aptWorks: true, npmWorks: true, ...m };
  const did: string[] = [];
  const said: string[] = [];
  const deps = {
    exists: (p: string) => state.files.has(p),
    isRoot: () => state.root,
    hasApt: () => state.apt,
    aptInstall: () => {
      did.push('apt');
      if (!state.aptWorks) throw new Error('E: Unable to locate package chromium');
      state.files.add(DEBIAN_CHROMIUM);
    },
    npmInstall: (cache: string) => {
      did.push(`npm ${cache}`);
      if (!state.npmWorks) throw new Error('npm error 404 Not Found');
      state.files.add(`${cache}/chromium`);
      return `${cache}/chromium`;
    },
    log: (line: string) => said.push(line),
  };
  return { deps, did, said };
}

const env = (extra: Record<string, string> = {}) => ({ MAPNEST_CHROMIUM_CACHE: '/cache', ...extra });
const onX64Linux = process.platform === 'linux' && process.arch === 'x64';

describe('provideChromium', () => {
  it('uses the named browser, or Debian’s, silently when it exists', () => {
    const m = machine({ files: new Set(['/opt/chrome', DEBIAN_CHROMIUM]) });
    expect(provideChromium(env({ CHROMIUM_PATH: '/opt/chrome' }), m.deps)).toBe('/opt/chrome');
    expect(provideChromium(env(), m.deps)).toBe(DEBIAN_CHROMIUM);
    expect(m.did).toEqual([]);
    expect(m.said).toEqual([]);
  });

  it('falls back from a missing CHROMIUM_PATH to Debian’s browser and says so in one line', () => {
    const m = machine({ files: new Set([DEBIAN_CHROMIUM]) });
    expect(provideChromium(env({ CHROMIUM_PATH: '/missing/chromium' }), m.deps)).toBe(DEBIAN_CHROMIUM);
    expect(m.said).toEqual([`Chromium: /missing/chromium does not exist; using ${DEBIAN_CHROMIUM}.`]);
  });

  it('installs Debian’s chromium with apt-get when running as root', () => {
    const m = machine({ root: true });
    expect(provideChromium(env(), m.deps)).toBe(DEBIAN_CHROMIUM);
    expect(m.did).toEqual(['apt']);
    expect(m.said).toHaveLength(1);
    expect(m.said[0]).toMatch(/installing Debian's chromium with apt-get, once/);
  });

  it.runIf(onX64Linux)('installs the npm registry’s Chromium into the cache without root, once', () => {
    const m = machine({ root: false });
    expect(provideChromium(env(), m.deps)).toBe('/cache/chromium');
    expect(m.did).toEqual(['npm /cache']);
    expect(provideChromium(env(), m.deps)).toBe('/cache/chromium');
    expect(m.did).toEqual(['npm /cache']);
  });

  it.runIf(onX64Linux)('falls back to the npm registry when apt-get fails, or is switched off', () => {
    const failing = machine({ root: true, aptWorks: false });
    expect(provideChromium(env(), failing.deps)).toBe('/cache/chromium');
    expect(failing.did).toEqual(['apt', 'npm /cache']);
    const off = machine({ root: true });
    expect(provideChromium(env({ MAPNEST_CHROMIUM_APT: '0' }), off.deps)).toBe('/cache/chromium');
    expect(off.did).toEqual(['npm /cache']);
  });

  it('stops with one sentence saying what to do when nothing can provide a browser', () => {
    const m = machine({ root: false, npmWorks: false });
    let message = '';
    try {
      provideChromium(env({ CHROMIUM_PATH: '/missing/chromium' }), m.deps);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^No Chromium for the browser tests: \/missing\/chromium does not exist, /);
    expect(message).toMatch(/apt-get install chromium\) or set CHROMIUM_PATH to a Chromium\.$/);
    expect(message.split('\n')).toHaveLength(1);
    expect(message.match(/\. /g)).toBeNull();
  });
});

describe('chromium wrapper', () => {
  const WRAPPER = resolve(import.meta.dirname, 'chromium.mjs');
  it('hands the browser it found to the command as CHROMIUM_PATH and passes its exit status through', () => {
    const named = spawnSync(
      'node',
      [WRAPPER, 'node', '-e', 'console.log(process.env.CHROMIUM_PATH); process.exit(4)'],
      {
        encoding: 'utf8',
        env: { ...process.env, CHROMIUM_PATH: process.execPath },
      },
    );
    expect(named.status).toBe(4);
    expect(named.stdout.trim()).toBe(process.execPath);
  });
});
