import { availableParallelism } from 'node:os';
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
  'test/foundation/viewer-ip.test.ts',
  'test/foundation/table-stream.test.ts',
  'test/contact/**',
  'test/billing/**',
  'test/accounts/browser.test.ts',
  'test/accounts/sign-in-link.test.ts',
  'test/accounts/update-email.test.ts',
  'test/accounts/delete-user-data.test.ts',
  'test/accounts/sessions-ended.test.ts',
  'test/accounts/reset-trigger-failure.test.ts',
  'test/maps/failures.test.ts',
  'test/faults/**',
];

/**
 * Stack tests that must not run at the same time as any other stack test: they run one at a time in the
 * `stack-serial` project, after everything else (vitest runs a project with fileParallelism off in a group of its
 * own, last). Every other file in test/ runs in parallel with the rest of the run (docs/adr/032-parallel-tests.md):
 * a new test file belongs here only if it uses something the whole stack shares, and says which, next to its path.
 */
const SERIAL_STACK_TESTS: Record<string, string> = {
  // Kill DynamoDB Local, start stacks of their own, send thousands of requests in-process and print the figures of
  // docs/reliability.md: heavy for a 2-core machine, and their figures and time limits assume nothing else runs.
  'test/faults/**': 'fault injection and floods',
  // `npm start` as a newcomer runs it: a second and a third whole stack, timed from start to Ctrl-C.
  'test/foundation/start-lifecycle.test.ts': 'starts and stops whole stacks',
  // registerLicense through the gateway counts against the per-client limit (10 a minute, 50 a day), and every test
  // file's client is 127.0.0.1; the payments sandbox delivers every webhook event through one queue, in order.
  'test/billing/**': 'per-client licence limit and the sandbox’s one webhook queue',
  // The sweep expires every due test map of the stack and the test asserts how many it expired.
  'test/maps/expiry-sweep.test.ts': 'reads a stack-wide count',
};

const cpus = availableParallelism();
/**
 * Test files run at once in the parallel group (unit, web and stack together). MAPNEST_TEST_WORKERS overrides it;
 * the default was measured on 2 cores (docs/adr/032-parallel-tests.md): one worker per core, each stack file mostly
 * waiting on the stack and on its Chromium.
 */
const maxWorkers = Number(process.env.MAPNEST_TEST_WORKERS) || Math.max(2, cpus);

const stackTest = {
  environment: 'node' as const,
  globalSetup: ['test/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // expect.poll waits for a condition (a page settling, a stream delivering): vitest's default of 1 s is a timed
  // assertion in disguise on a busy 2-core machine, where a browser can take longer to answer; 10 s is a hang guard.
  // Every 100 ms, not 50: each try is a round trip to Chromium or the stack, and fewer leave more CPU to the test.
  expect: { poll: { timeout: 10_000, interval: 100 } },
};

// Four projects: pure unit tests (node), web component tests (happy-dom, jsdom for the few files that ask for it:
// docs/adr/106-happy-dom.md), and the stack tests, whose integration and browser tests share one local stack started
// once per run by test/global-setup.ts: most in parallel (`stack`), the few of SERIAL_STACK_TESTS one at a time, last
// (`stack-serial`).
export default defineConfig({
  test: {
    maxWorkers,
    reporters: ['default', './scripts/slowest-files-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // One module cache per worker, as for the stack project: 74 s → 56 s for the project on 2 cores
          // (docs/adr/032-parallel-tests.md).
          isolate: false,
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
          environment: 'happy-dom',
          include: ['web/src/**/*.test.tsx'],
          setupFiles: ['test/isolate-from-stack-env.ts', 'test/web-async-guard.ts'],
          // A hang guard, not a speed check: a file's first test also loads the page's modules, which on a busy
          // 2-core machine can take longer than vitest's default of 5 s.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          ...stackTest,
          name: 'stack',
          // One module cache per worker instead of one per file (the files share no module state; each makes its own
          // users, maps and browser context). 546 s → 489 s for the project on 2 cores (docs/adr/032-parallel-tests.md).
          isolate: false,
          include: ['test/**/*.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            ...Object.keys(SERIAL_STACK_TESTS),
            ...(process.env.MAPNEST_TEST_BASE_URL ? LOCAL_ONLY_TESTS : []),
          ],
        },
      },
      {
        test: {
          ...stackTest,
          name: 'stack-serial',
          include: Object.keys(SERIAL_STACK_TESTS),
          exclude: [...configDefaults.exclude, ...(process.env.MAPNEST_TEST_BASE_URL ? LOCAL_ONLY_TESTS : [])],
          fileParallelism: false,
        },
      },
    ],
  },
});
