import { describe, expect, it } from 'vitest';
import type { TestModule } from 'vitest/node';
import SlowestFilesReporter, { formatSlowest, slowestFiles } from './slowest-files-reporter';

/** A finished test module as the reporter reads it: its path, project and diagnostic times. */
const module = (file: string, project: string, times: { tests: number; collect?: number }) =>
  ({
    moduleId: `/repo/${file}`,
    project: { name: project },
    diagnostic: () => ({
      environmentSetupDuration: 5,
      prepareDuration: 10,
      collectDuration: times.collect ?? 0,
      setupDuration: 0,
      duration: times.tests,
      heap: undefined,
      importDurations: {},
    }),
  }) as unknown as TestModule;

describe('the slowest-files reporter', () => {
  const modules = Array.from({ length: 12 }, (_, i) =>
    module(`test/f${String(i).padStart(2, '0')}.test.ts`, i % 2 ? 'stack' : 'unit', { tests: i * 1000 }),
  );

  it('ranks files by all the time their worker spent on them, imports included', () => {
    const times = slowestFiles(
      [module('a.test.ts', 'unit', { tests: 100, collect: 5000 }), module('b.test.ts', 'unit', { tests: 4000 })],
      '/repo',
    );
    expect(times).toEqual([
      { file: 'a.test.ts', project: 'unit', ms: 5115 },
      { file: 'b.test.ts', project: 'unit', ms: 4015 },
    ]);
  });

  it('prints the ten slowest, slowest first, with their project and aligned seconds', () => {
    const lines = formatSlowest(slowestFiles(modules, '/repo'));
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe('Slowest 10 test files:');
    expect(lines[1]).toBe('  11.0 s  test/f11.test.ts (stack)');
    expect(lines[10]).toBe('   2.0 s  test/f02.test.ts (unit)');
  });

  it('writes the list at the end of a run, and nothing for a run without files', () => {
    const written: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((chunk: string) => written.push(chunk) > 0) as typeof process.stdout.write;
    try {
      new SlowestFilesReporter().onTestRunEnd([]);
      new SlowestFilesReporter().onTestRunEnd(modules.slice(0, 3));
    } finally {
      process.stdout.write = write;
    }
    expect(written).toHaveLength(1);
    expect(written[0]).toContain('Slowest 3 test files:');
  });
});
