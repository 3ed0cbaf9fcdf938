/**
 * The deploy workflow (.github/workflows/deploy.yml) is checked by a maintained validator of GitHub's workflow schema
 * (@action-validator/cli, run offline), and its jobs are the release the operators rely on: the diff is shown by a job
 * without an environment, then an approval-gated job deploys exactly the cloud assembly that was diffed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUNTIME } from '../src/constructs/mapnest-function';
import { REPO_ROOT } from '../src/paths';

const WORKFLOW = join(REPO_ROOT, '.github/workflows/deploy.yml');
const require = createRequire(import.meta.url);
const validatorCli = join(dirname(require.resolve('@action-validator/cli/package.json')), 'cli.mjs');

function validate(file: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [validatorCli, file], { encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The text of one job: from its `  name:` line to the next job at the same indentation. */
function job(workflow: string, name: string): string {
  const jobs = workflow.slice(workflow.indexOf('\njobs:\n'));
  const start = jobs.indexOf(`\n  ${name}:\n`);
  if (start < 0) throw new Error(`no job ${name}`);
  const rest = jobs.slice(start + 1);
  const next = rest.slice(1).search(/\n {2}[a-z][\w-]*:\n/);
  return next < 0 ? rest : rest.slice(0, next + 1);
}

describe('deploy workflow', () => {
  const workflow = readFileSync(WORKFLOW, 'utf8');

  it("builds on the functions' Node major version (the bundles target it)", () => {
    const versions = [...workflow.matchAll(/node-version: (\d+)/g)].map((m) => m[1]);
    expect(versions.length).toBeGreaterThan(0);
    for (const version of versions) expect(`nodejs${version}.x`).toBe(RUNTIME.name);
  });

  it('passes the workflow schema validator, which refuses a workflow GitHub would reject', () => {
    const ok = validate(WORKFLOW);
    expect(ok.status, ok.output).toBe(0);
    const dir = mkdtempSync(join(tmpdir(), 'mapnest-workflow-'));
    try {
      const broken = join(dir, 'deploy.yml');
      writeFileSync(broken, workflow.replace('    runs-on: ubuntu-latest\n', '    runs_on: ubuntu-latest\n'));
      const refused = validate(broken);
      expect(refused.status).not.toBe(0);
      expect(refused.output).toContain('runs_on');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('diffs in a job without an environment and keeps the exact cdk.out it diffed', () => {
    const diff = job(workflow, 'diff');
    expect(diff).toContain('needs: test');
    expect(diff).not.toMatch(/^\s+environment:/m);
    expect(diff).toContain('npx cdk synth');
    expect(diff).toMatch(/npx cdk diff [^\n]*--app cdk\.out/);
    expect(diff).toContain('GITHUB_STEP_SUMMARY');
    expect(diff).toMatch(
      /actions\/upload-artifact@v4\n\s+with:\n\s+name: cdk-out-\$\{\{ github\.run_id \}\}\n\s+path: cdk\.out/,
    );
  });

  it('deploys in an approval-gated job exactly the diffed cdk.out, without synthesising again', () => {
    const deploy = job(workflow, 'deploy');
    expect(deploy).toContain('needs: diff');
    expect(deploy).toMatch(/^\s+environment: .*'production'/m);
    expect(deploy).toMatch(
      /actions\/download-artifact@v4\n\s+with:\n\s+name: cdk-out-\$\{\{ github\.run_id \}\}\n\s+path: cdk\.out/,
    );
    expect(deploy).toMatch(/npx cdk deploy --app cdk\.out/);
    expect(deploy).not.toContain('cdk synth');
    expect(deploy).not.toContain('npm run build');
  });
});
