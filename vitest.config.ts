import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Stack tests that need the local stack's own parts (the dev mailbox, the payments sandbox, the emulators' ports,
 * the local token signing key, handlers run in-process): left out when the suite runs against a deployment
 * (MAPNEST_TEST_BASE_URL, see test/global-setup.ts and docs/deploy.md).
 */
const LOCAL_ONLY_TESTS = [
  'test/foundation/local-s3.test.ts',
  'test/foundation/mailbox.test.ts',
  'test/foundation/start-lifecycle.test.ts',
  'test/foundation/local-exposures.test.ts',
  'test/foundation/gateway.test.ts',
  'test/foundation/origin-secret.test.ts',
  'test/contact/**',
  'test/billing/**',
  'test/accounts/browser.test.ts',
  'test/accounts/update-email.test.ts',
  'test/accounts/delete-user-data.test.ts',
  'test/maps/failures.test.ts',
  'test/faults/**',
];

// Three projects: pure unit tests (node), web component tests (jsdom), and the stack project, whose
// integration and browser tests share one local stack started once per run by test/global-setup.ts.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'shared/src/**/*.test.ts',
            'lambdas/src/**/*.test.ts',
            'web/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'infra/test/**/*.test.ts',
          ],
          setupFiles: ['test/isolate-from-stack-env.ts'],
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.tsx'],
          setupFiles: ['test/isolate-from-stack-env.ts'],
          // A hang guard, not a speed check: a file's first test also loads the page's modules, which on a busy
          // 2-core machine can take longer than vitest's default of 5 s.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'stack',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...(process.env.MAPNEST_TEST_BASE_URL ? LOCAL_ONLY_TESTS : [])],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
