/**
 * Starts the local stack once per test run (free ports, a throwaway data dir, DynamoDB in memory) and
 * hands its coordinates to the tests through vitest's provide/inject.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { seedUsers } from '../scripts/local/seed';
import { startStack, type StackEnv } from '../scripts/local/stack';
import { SIGNING_KEY_FILE } from '../scripts/local/cognito';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    stackEnv: StackEnv;
    admin: { email: string; password: string; uid: string };
    /** This run's local token signing key (scripts/local/cognito.ts), for tests that need a token with other claims. */
    signingKeyFile: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mapnest-test-'));
  if (!process.env.MAPNEST_TEST_LOGS) process.env.LOG_SILENT = '1';
  const stack = await startStack({ port: 0, dataDir, inMemoryDynamo: true });
  const seed = await seedUsers({ dataDir, cognitoEndpoint: stack.endpoints.cognito, userPoolId: stack.userPoolId, region: 'us-east-1' });
  const { seedDemo } = await import('../scripts/local/seed-demo');
  await seedDemo({ adminUid: seed.admin.uid, adminEmail: seed.admin.email });
  project.provide('baseUrl', stack.url);
  project.provide('stackEnv', stack.env);
  project.provide('admin', seed.admin);
  project.provide('signingKeyFile', path.join(dataDir, 'cognito', SIGNING_KEY_FILE));
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
