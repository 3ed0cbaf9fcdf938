/**
 * The Lambda layers are enforced by lint (eslint.config.js): these probes are linted as if they were files in each
 * layer, so the rules cannot quietly stop firing (and the embed, which never calls the API, stays free of the call table).
 */
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });
const SDK = "import { GetCommand } from '@aws-sdk/lib-dynamodb';\nexport const probe = GetCommand;\n";
const DOMAIN = "import { toSummary } from '../domain/maps';\nexport const probe = toSummary;\n";

async function restricted(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, 'lambdas/src', file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('Lambda layering', () => {
  it('refuses the AWS SDK outside adapters and lib', async () => {
    for (const file of ['domain/probe.ts', 'calls/probe.ts', 'http/probe.ts', 'triggers/probe.ts', 'probe.ts']) {
      expect(await restricted(SDK, file), file).toEqual([
        expect.stringContaining('The AWS SDK belongs in lambdas/src/adapters'),
      ]);
    }
  }, 30_000);

  it('allows it in adapters, lib and tests', async () => {
    for (const file of ['adapters/probe.ts', 'lib/probe.ts', 'domain/probe.test.ts'])
      expect(await restricted(SDK, file), file).toEqual([]);
  });

  it('refuses adapters importing the domain', async () => {
    expect(await restricted(DOMAIN, 'adapters/probe.ts')).toEqual([
      expect.stringContaining('Adapters sit below the domain'),
    ]);
    // From an adapter's own folder the domain is one more level up: still refused.
    const deeper = DOMAIN.replace('../domain/maps', '../../domain/maps');
    expect(await restricted(deeper, 'adapters/maps/probe.ts')).toEqual([
      expect.stringContaining('Adapters sit below the domain'),
    ]);
    expect(await restricted(DOMAIN, 'calls/probe.ts')).toEqual([]);
  });

  it('keeps the call table and client out of the embed and the viewer core', async () => {
    const table = "import type { CallName } from '@mapnest/shared/calls';\nexport type Probe = CallName;\n";
    const [embed] = await eslint.lintText(table, { filePath: join(root, 'web/src/embed/probe.ts') });
    expect(embed!.messages.map((m) => m.message)).toEqual([expect.stringContaining('do not call the API')]);
    const [feature] = await eslint.lintText(table, { filePath: join(root, 'web/src/features/maps/probe.ts') });
    expect(feature!.messages).toEqual([]);
  });
});
