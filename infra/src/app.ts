import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleFunctions, type Bundle } from './bundle';
import { readManifest } from './manifest';
import { MapnestStack } from './mapnest-stack';
import { stageConfig } from './stages';
import { resolveWebAssets, type WebAssets } from './web-assets';

/** Stack name of a stage. */
export const stackName = (stage: string) => `Mapnest-${stage}`;

/** The account LocalStack answers for (its STS returns it, and its ARNs carry it). */
export const LOCALSTACK_ACCOUNT = '000000000000';

/** Whether the app is synthesised for LocalStack (`-c localstack=true`, as `npm run deploy:localstack` passes). */
export const isLocalStack = (app: App) => [true, 'true'].includes(app.node.tryGetContext('localstack'));

/**
 * The stack for the stage named by `-c stage=<name>`, from the functions' built bundles (bundleFunctions). On
 * LocalStack (`-c localstack=true`) it lives in LocalStack's account; everything else is the same template, deployed
 * through `cdklocal` (docs/deploy.md).
 */
export function buildApp(
  app: App,
  options: { bundles: ReadonlyMap<string, Bundle>; webAssets?: WebAssets },
): MapnestStack {
  const stage = stageConfig(app.node.tryGetContext('stage'));
  const manifest = readManifest();
  const { bundles } = options;
  const account = isLocalStack(app) ? LOCALSTACK_ACCOUNT : (stage.account ?? process.env.CDK_DEFAULT_ACCOUNT);
  return new MapnestStack(app, stackName(stage.name), {
    env: { account, region: stage.region },
    description: `Mapnest ${stage.name}: hosted interactive maps`,
    stage,
    manifest,
    bundles,
    webAssets: options.webAssets ?? resolveWebAssets(),
  });
}

/**
 * The CDK app: functions are bundled once into a scratch folder (CDK copies each into cdk.out while
 * synthesising), and cdk-nag's AwsSolutions checks run on synthesis, so any unacknowledged finding stops
 * `cdk synth` and `cdk deploy`.
 */
export async function main(): Promise<void> {
  const app = new App();
  stageConfig(app.node.tryGetContext('stage')); // a missing or unknown stage is refused before the minute of bundling
  const outDir = mkdtempSync(join(tmpdir(), 'mapnest-bundles-'));
  process.on('exit', () => rmSync(outDir, { recursive: true, force: true }));
  buildApp(app, { bundles: await bundleFunctions(readManifest().functions, outDir) });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  app.synth();
}
