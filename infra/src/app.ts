import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleFunctions } from './bundle';
import { readManifest } from './manifest';
import { MapnestStack } from './mapnest-stack';
import { stageConfig } from './stages';
import { resolveWebAssets } from './web-assets';

/** Stack name of a stage. */
export const stackName = (stage: string) => `Mapnest-${stage}`;

/**
 * The CDK app for the stage named by `-c stage=<name>`: functions are bundled once into a scratch folder
 * (CDK copies each into cdk.out while synthesising), and cdk-nag's AwsSolutions checks run on synthesis,
 * so any unacknowledged finding stops `cdk synth` and `cdk deploy`.
 */
export function main(): void {
  const app = new App();
  const stage = stageConfig(app.node.tryGetContext('stage'));
  const manifest = readManifest();
  const outDir = mkdtempSync(join(tmpdir(), 'mapnest-bundles-'));
  process.on('exit', () => rmSync(outDir, { recursive: true, force: true }));
  const bundles = bundleFunctions(manifest.functions, outDir);
  new MapnestStack(app, stackName(stage.name), {
    env: { account: stage.account ?? process.env.CDK_DEFAULT_ACCOUNT, region: stage.region },
    description: `Mapnest ${stage.name}: hosted interactive maps`,
    stage,
    manifest,
    bundles,
    webAssets: resolveWebAssets(),
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  app.synth();
}
