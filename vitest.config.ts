import { defineConfig } from 'vitest/config';

// Three projects: pure unit tests (node), web component tests (jsdom), and the stack project, whose
// integration and browser tests share one local stack started once per run by test/global-setup.ts.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['shared/src/**/*.test.ts', 'lambdas/src/**/*.test.ts', 'web/src/**/*.test.ts', 'scripts/**/*.test.ts', 'infra/test/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.tsx'],
        },
      },
      {
        test: {
          name: 'stack',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
