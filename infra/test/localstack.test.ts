/**
 * `npm run deploy:localstack` cannot run here (LocalStack needs Docker), so this keeps it correct the other way:
 * the app is synthesised with exactly the context the script passes, and must give a clean stack in LocalStack's
 * account, with nothing pointing at this machine.
 */
import { App } from 'aws-cdk-lib';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCALSTACK_ACCOUNT, buildApp, isLocalStack } from '../src/app';
import type { Bundle } from '../src/bundle';
import { readManifest } from '../src/manifest';
import { expectNagClean, testAppProps, wholeStage } from './support';

const root = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'mapnest-localstack-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The `-c key=value` pairs of every cdklocal command in the script (with ${STAGE:-dev} as its default). */
function scriptContext(): { commands: string[]; context: Record<string, string> } {
  const script = (
    JSON.parse(readFileSync(join(root, 'infra/package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts['deploy:localstack']!;
  const commands = script
    .split('&&')
    .map((c) => c.trim())
    .filter((c) => c.startsWith('cdklocal'));
  const context: Record<string, string> = {};
  for (const command of commands) {
    for (const m of command.matchAll(/-c (\w+)=(\S+)/g)) context[m[1]!] = m[2]!.replace(/^\$\{STAGE:-(\w+)\}$/, '$1');
  }
  return { commands, context };
}

describe('npm run deploy:localstack', () => {
  it('is wired from the root package to cdklocal: bootstrap, then deploy, both with the LocalStack context', () => {
    expect(
      (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts[
        'deploy:localstack'
      ],
    ).toBe('npm run deploy:localstack -w infra');
    const { commands, context } = scriptContext();
    expect(commands.map((c) => c.split(' ')[1])).toEqual(['bootstrap', 'deploy']);
    expect(context).toEqual({ stage: 'dev', localstack: 'true' });
  });

  it("synthesises a clean stack in LocalStack's account with that context", () => {
    const app = new App({ context: scriptContext().context, outdir: testAppProps().outdir });
    expect(isLocalStack(app)).toBe(true);
    const manifest = readManifest();
    const bundles = new Map<string, Bundle>(
      manifest.functions.map((fn) => {
        const d = join(dir, fn.id);
        mkdirSync(d, { recursive: true });
        writeFileSync(join(d, 'index.mjs'), 'export const handler = async () => null;');
        return [fn.id, { id: fn.id, dir: d, jsBytes: 40, totalBytes: 40, nativePackages: [] }];
      }),
    );
    const stack = buildApp(app, { bundles });
    expect(stack.account).toBe(LOCALSTACK_ACCOUNT);
    expectNagClean(stack);
    // The functions find LocalStack the way they find AWS (cdklocal points the deployment at it); nothing of this
    // machine's local stack (emulator endpoints, the dev mailbox, local ids) is baked into their environment.
    const functions = wholeStage(stack).findResources('AWS::Lambda::Function') as Record<
      string,
      { Properties: { Environment?: { Variables?: Record<string, unknown> } } }
    >;
    for (const [id, fn] of Object.entries(functions)) {
      const env = JSON.stringify(fn.Properties.Environment?.Variables ?? {});
      expect(env, id).not.toMatch(
        /localhost|127\.0\.0\.1|MapnestLocal|AWS_ENDPOINT_URL|DEV_MAILBOX_URL|S3_PUBLIC_ENDPOINT/,
      );
    }
    expect(Object.keys(functions).length).toBeGreaterThanOrEqual(manifest.functions.length);
  }, 120_000);
});
