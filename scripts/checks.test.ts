import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKS, npmRun } from './checks';
import { runBuffered } from './run-buffered';

const root = path.dirname(import.meta.dirname);
const scripts = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;

describe('npm run checks', () => {
  it('runs the type-check and both halves of the lint, which npm run lint runs too, and npm test runs it', () => {
    for (const check of CHECKS) expect(scripts[check], check).toBeTruthy();
    expect(scripts.lint).toBe('npm run lint:code && npm run lint:format');
    expect(CHECKS).toEqual(['typecheck', 'lint:code', 'lint:format']);
    expect(scripts['test:suite']).toMatch(/^npm run checks && /);
  });

  it('runs vitest through the Node wrapper, which stops it when npm test is stopped by its process id', () => {
    // npm runs the script in a shell that dies on npm's SIGTERM without passing it on: vitest, its stack and its
    // Chromium would run on with nothing to stop them. The wrapper notices it is left an orphan (lambda-node.test.ts).
    expect(scripts['test:suite']).toMatch(/&& node scripts\/lambda-node\.mjs vitest run$/);
    expect(scripts.start).toMatch(/^node scripts\/lambda-node\.mjs /);
  });

  it('runs a script through the npm that started it, else the one on the PATH', () => {
    expect(npmRun('lint:code', '/usr/lib/node_modules/npm/bin/npm-cli.js')).toEqual([
      process.execPath,
      ['/usr/lib/node_modules/npm/bin/npm-cli.js', 'run', '--silent', 'lint:code'],
    ]);
    expect(npmRun('typecheck', undefined)).toEqual(['npm', ['run', '--silent', 'typecheck']]);
  });
});

describe('runBuffered', () => {
  it('answers a command’s exit code and its output in order', async () => {
    const script = "console.log('one'); console.error('two'); process.exitCode = 3";
    const result = await runBuffered(process.execPath, ['-e', script], root);
    expect(result.code).toBe(3);
    expect(result.output.split('\n').filter(Boolean).sort()).toEqual(['one', 'two']);
  });

  it('answers 1 with the reason for a command that cannot start', async () => {
    const result = await runBuffered('/nonexistent/command', [], root);
    expect(result.code).toBe(1);
    expect(result.output).toContain('ENOENT');
  });
});
