import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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

  it('stops the command when whatever started the wrapper is gone (npm stopped by its PID leaves the shell child an orphan)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapnest-lambda-node-'));
    const started = join(dir, 'started');
    const stopped = join(dir, 'stopped');
    const command = join(dir, 'command.mjs');
    writeFileSync(
      command,
      `import { writeFileSync } from 'node:fs';
       process.on('SIGTERM', () => { writeFileSync(${JSON.stringify(stopped)}, 'SIGTERM'); process.exit(0); });
       writeFileSync(${JSON.stringify(started)}, String(process.pid));
       setInterval(() => {}, 1000);`,
    );
    // A shell that starts the wrapper and is then killed outright, as npm's shell is when npm is stopped.
    const shell = spawn('sh', ['-c', `node ${WRAPPER} node ${command} & wait`], { stdio: 'ignore' });
    let commandPid = 0;
    try {
      await expect.poll(() => existsSync(started), { timeout: 60_000, interval: 100 }).toBe(true);
      commandPid = Number(readFileSync(started, 'utf8'));
      shell.kill('SIGKILL');
      await expect.poll(() => existsSync(stopped), { timeout: 20_000, interval: 100 }).toBe(true);
      expect(readFileSync(stopped, 'utf8')).toBe('SIGTERM');
    } finally {
      shell.kill('SIGKILL');
      if (commandPid && !existsSync(stopped)) process.kill(commandPid, 'SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
