/**
 * A vitest reporter, next to the default one (vitest.config.ts): at the end of a run it prints the ten test files
 * that took longest, with their project, so a run's log (CI's included) shows where the time goes. A file's time is
 * what its worker spent on it: setting up its environment, importing it and its setup files, and its tests and hooks.
 */
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many files the list shows. */
export const SLOWEST_SHOWN = 10;

export interface FileTime {
  file: string;
  project: string;
  ms: number;
}

/** The time each module took, slowest first (ties by path, so the list is stable). */
export function slowestFiles(modules: ReadonlyArray<TestModule>, root = process.cwd()): FileTime[] {
  return modules
    .map((m) => {
      const d = m.diagnostic();
      return {
        file: path.relative(root, m.moduleId),
        project: m.project.name,
        ms: d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration,
      };
    })
    .sort((a, b) => b.ms - a.ms || a.file.localeCompare(b.file));
}

/** The lines printed: a heading, then one line per file, its seconds right-aligned. */
export function formatSlowest(times: readonly FileTime[], shown = SLOWEST_SHOWN): string[] {
  const top = times.slice(0, shown);
  if (top.length === 0) return [];
  const seconds = top.map((t) => (t.ms / 1000).toFixed(1));
  const width = Math.max(...seconds.map((s) => s.length));
  return [
    `Slowest ${top.length} test file${top.length === 1 ? '' : 's'}:`,
    ...top.map((t, i) => `  ${seconds[i]!.padStart(width)} s  ${t.file} (${t.project})`),
  ];
}

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const lines = formatSlowest(slowestFiles(modules));
    if (lines.length) process.stdout.write(`\n${lines.join('\n')}\n`);
  }
}
