/**
 * Starts the local stack once per test run (free ports, a throwaway data dir, DynamoDB in memory) and
 * hands its coordinates to the tests through vitest's provide/inject.
 *
 * With MAPNEST_TEST_BASE_URL set, nothing is started: the tests run against that deployment instead (one made
 * with `cdklocal` on LocalStack, or with `cdk deploy` on a dev stage; docs/deploy.md). Its coordinates come from
 * the environment: AWS_REGION, USER_POOL_ID, USER_POOL_CLIENT_ID, TABLE_NAME, DOCUMENTS_BUCKET, PUBLIC_BUCKET,
 * UPLOADS_BUCKET, the administrator's MAPNEST_TEST_ADMIN_EMAIL / _PASSWORD / _UID, and AWS_ENDPOINT_URL for
 * LocalStack; AWS credentials from the SDK's usual chain.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, chromiumExecutable } from '../scripts/chromium-launch';
import { seedUsers } from '../scripts/local/seed';
import { startStack, type StackEnv } from '../scripts/local/stack';
import { SIGNING_KEY_FILE } from '../scripts/local/cognito';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    stackEnv: StackEnv;
    admin: { email: string; password: string; uid: string };
    /** This run's local token signing key (scripts/local/cognito.ts), for tests that need a token with other claims; '' remotely. */
    signingKeyFile: string;
    /** 'local': the stack this run started; 'remote': a deployment named by MAPNEST_TEST_BASE_URL. */
    target: 'local' | 'remote';
    /** The run's one Chromium (`launchBrowser` connects to it); '' when it could not start (each file then launches its own). */
    browserEndpoint: string;
  }
}

/** The coordinates of a deployment to test, from the environment (see above). */
export function remoteTarget(
  env: NodeJS.ProcessEnv = process.env,
): { baseUrl: string; stackEnv: StackEnv; admin: { email: string; password: string; uid: string } } | null {
  const baseUrl = env.MAPNEST_TEST_BASE_URL?.replace(/\/+$/, '');
  if (!baseUrl) return null;
  const need = (name: string) => {
    const value = env[name];
    if (!value)
      throw new Error(
        `MAPNEST_TEST_BASE_URL is set, so ${name} must be too (docs/deploy.md, "Running the tests against a deployment").`,
      );
    return value;
  };
  const endpoint = env.AWS_ENDPOINT_URL ?? '';
  const stackEnv: StackEnv = {
    AWS_REGION: need('AWS_REGION'),
    AWS_ACCESS_KEY_ID: env.AWS_ACCESS_KEY_ID ?? '',
    AWS_SECRET_ACCESS_KEY: env.AWS_SECRET_ACCESS_KEY ?? '',
    AWS_ENDPOINT_URL_DYNAMODB: env.AWS_ENDPOINT_URL_DYNAMODB ?? endpoint,
    AWS_ENDPOINT_URL_S3: env.AWS_ENDPOINT_URL_S3 ?? endpoint,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER ?? endpoint,
    AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
    TABLE_NAME: need('TABLE_NAME'),
    DOCUMENTS_BUCKET: need('DOCUMENTS_BUCKET'),
    PUBLIC_BUCKET: need('PUBLIC_BUCKET'),
    UPLOADS_BUCKET: need('UPLOADS_BUCKET'),
    USER_POOL_ID: need('USER_POOL_ID'),
    USER_POOL_CLIENT_ID: need('USER_POOL_CLIENT_ID'),
    APP_ORIGIN: baseUrl,
    S3_PUBLIC_ENDPOINT: '',
    DEV_MAILBOX_URL: '',
    // The deployment reads its own Stripe and marketplace secrets; tests that need them run locally only.
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    STRIPE_PRICES: '',
    MARKETPLACE_TOKEN: '',
    STRIPE_SECRET_KEY_PARAMETER: '',
    STRIPE_WEBHOOK_SECRET_PARAMETER: '',
    STRIPE_PRICES_PARAMETER: '',
    MARKETPLACE_TOKEN_PARAMETER: '',
    PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: '',
    SSM_PARAMETER_STORE_TTL: '',
    // The deployment's origin secret stays in its Parameter Store; tests that invoke handlers in-process run locally only.
    ORIGIN_SECRETS: '',
  };
  return {
    baseUrl,
    stackEnv,
    admin: {
      email: need('MAPNEST_TEST_ADMIN_EMAIL'),
      password: need('MAPNEST_TEST_ADMIN_PASSWORD'),
      uid: need('MAPNEST_TEST_ADMIN_UID'),
    },
  };
}

interface LocalRun {
  baseUrl: string;
  stackEnv: StackEnv;
  admin: { email: string; password: string; uid: string };
  signingKeyFile: string;
  stop: () => Promise<void>;
}

/** Starts the local stack in a throwaway data dir, seeded with the administrator and the demo maps. */
async function startLocalRun(): Promise<LocalRun> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mapnest-test-'));
  if (!process.env.MAPNEST_TEST_LOGS) process.env.LOG_SILENT = '1';
  const stack = await startStack({ port: 0, dataDir, inMemoryDynamo: true });
  const seed = await seedUsers({
    dataDir,
    cognitoEndpoint: stack.endpoints.cognito,
    userPoolId: stack.userPoolId,
    region: 'us-east-1',
  });
  const { seedDemo } = await import('../scripts/local/seed-demo');
  await seedDemo();
  return {
    baseUrl: stack.url,
    stackEnv: stack.env,
    admin: seed.admin,
    signingKeyFile: path.join(dataDir, 'cognito', SIGNING_KEY_FILE),
    stop: async () => {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The run's one local stack, shared by every project that names this file as its global setup (`stack` and
 * `stack-serial` in vitest.config.ts): vitest loads the file once per project, so the stack is kept on `process`,
 * started by the first project's setup and stopped by the last project's teardown.
 */
const SHARED = Symbol.for('mapnest.test.localRun');
type Shared = { run: Promise<LocalRun>; users: number };
const holder = process as unknown as Record<symbol, Shared | undefined>;

/**
 * The run's one Chromium, shared the same way: every browser test file connects to it (`launchBrowser`,
 * test/helpers/browser.ts) and makes its own contexts, instead of starting a browser of its own
 * (docs/adr/040-one-chromium-per-run.md). Started next to the stack; when it cannot start, the files launch their
 * own and say why.
 */
const BROWSER = Symbol.for('mapnest.test.browserServer');
type SharedBrowser = { server: Promise<BrowserServer | null>; users: number };
const browserHolder = process as unknown as Record<symbol, SharedBrowser | undefined>;

function startBrowserServer(): Promise<BrowserServer | null> {
  return chromium
    .launchServer({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS, host: '127.0.0.1' })
    .catch((e: unknown) => {
      console.warn(`The run's shared Chromium did not start (${String(e)}); each browser test file launches its own.`);
      return null;
    });
}

/** Shares the run's Chromium with the project's files; returns its teardown. */
async function provideBrowser(project: TestProject): Promise<() => Promise<void>> {
  const shared = (browserHolder[BROWSER] ??= { server: startBrowserServer(), users: 0 });
  shared.users++;
  const server = await shared.server;
  project.provide('browserEndpoint', server?.wsEndpoint() ?? '');
  return async () => {
    if (--shared.users > 0) return;
    browserHolder[BROWSER] = undefined;
    await server?.close();
  };
}

export default async function setup(project: TestProject) {
  const remote = remoteTarget();
  if (remote) {
    project.provide('baseUrl', remote.baseUrl);
    project.provide('stackEnv', remote.stackEnv);
    project.provide('admin', remote.admin);
    project.provide('signingKeyFile', '');
    project.provide('target', 'remote');
    return provideBrowser(project);
  }
  const shared = (holder[SHARED] ??= { run: startLocalRun(), users: 0 });
  shared.users++;
  const [run, closeBrowser] = await Promise.all([shared.run, provideBrowser(project)]);
  project.provide('baseUrl', run.baseUrl);
  project.provide('stackEnv', run.stackEnv);
  project.provide('admin', run.admin);
  project.provide('signingKeyFile', run.signingKeyFile);
  project.provide('target', 'local');
  return async () => {
    await closeBrowser();
    if (--shared.users > 0) return;
    holder[SHARED] = undefined;
    await run.stop();
  };
}
