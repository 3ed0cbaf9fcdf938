import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const WRAPPER = resolve(import.meta.dirname, 'lambda-node.mjs');
// Run the wrapper on the machine's own Node: that is how package.json runs it.
const run = (...args: string[]) => spawnSync('node', [WRAPPER, ...args], { encoding: 'utf8', timeout: 120_000 });

describe('lambda-node wrapper', () => {
  it("runs the command on Node 24 (nodejs24.x, the functions' runtime) or newer, with that node first on PATH for the processes it starts", () => {
    const direct = run('node', '-p', 'process.versions.node');
    expect(direct.status, direct.stderr).toBe(0);
    expect(Number(direct.stdout.trim().split('.')[0])).toBeGreaterThanOrEqual(24);
    const nested = run('sh', '-c', 'node -p process.versions.node');
    expect(Number(nested.stdout.trim().split('.')[0])).toBeGreaterThanOrEqual(24);
  });

  it('passes the exit status through and leaves the machine Node alone when switched off', () => {
    expect(run('node', '-e', 'process.exit(3)').status).toBe(3);
    const off = spawnSync('node', [WRAPPER, 'node', '-p', 'process.version'], {
      encoding: 'utf8',
      env: { ...process.env, MAPNEST_LAMBDA_NODE: '0' },
    });
    expect(off.stdout.trim()).toBe(spawnSync('node', ['-p', 'process.version'], { encoding: 'utf8' }).stdout.trim());
  });
});
