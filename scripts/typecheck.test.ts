import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECTS, tscArgs } from './typecheck';

const root = path.dirname(import.meta.dirname);

describe('npm run typecheck', () => {
  it('checks every TypeScript project of the repository', () => {
    const packages = readdirSync(root, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(path.join(root, d.name, 'tsconfig.json')))
      .map((d) => d.name);
    expect([...PROJECTS].sort()).toEqual([...packages, 'tsconfig.node.json'].sort());
  });

  it('keeps each project’s build info apart, in the cache folder', () => {
    const files = PROJECTS.map((p) => tscArgs(p, '/cache').at(-1));
    expect(new Set(files).size).toBe(PROJECTS.length);
    expect(tscArgs('tsconfig.node.json', '/cache')).toEqual([
      '-p',
      'tsconfig.node.json',
      '--singleThreaded',
      '--incremental',
      '--tsBuildInfoFile',
      '/cache/native-tsconfig.node.tsbuildinfo',
    ]);
  });
});
