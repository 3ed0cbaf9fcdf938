import {
  Annotations,
  CfnOutput,
  CustomResource,
  Duration,
  Lazy,
  RemovalPolicy,
  Stack,
  Tags,
  Validations,
  type StackProps,
} from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as events from 'aws-cdk-lib/aws-events';
import * as eventTargets from 'aws-cdk-lib/aws-events-targets';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3n from 'aws-cdk-lib/aws-s3-notifications';
import { Construct } from 'constructs';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Bundle } from './bundle';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { Data } from './constructs/data';
import { MapnestFunction, type FunctionResources } from './constructs/mapnest-function';
import { FailedInvocations, Monitoring } from './constructs/monitoring';
import { Storage } from './constructs/storage';
import { Web, appConnectSources } from './constructs/web';
import { GRANTS, type FunctionGrants } from './grants';
import type { FunctionSpec, Manifest } from './manifest';
import { RUNTIME_REASON, acknowledgeCdkHelpers } from './nag';
import type { StageConfig } from './stages';
import type { WebAssets } from './web-assets';

export interface MapnestStackProps extends StackProps {
  stage: StageConfig;
  manifest: Manifest;
  /** Built bundles by function id (see bundleFunctions). */
  bundles: ReadonlyMap<string, Bundle>;
  webAssets: WebAssets;
  /** Defaults to the GRANTS table; tests pass their own to check the construct's behaviour. */
  grants?: Readonly<Record<string, FunctionGrants>>;
}

/** 'calls/save-map' -> 'CallSaveMap': a stable construct id per function. */
export function constructIdFor(spec: FunctionSpec): string {
  const kind = { call: 'Call', http: 'Http', trigger: 'Trigger' }[spec.kind];
  return kind + spec.module.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
}

/** One stage of Mapnest. It only composes: each construct owns its resources. */
/**
 * Functions whose concurrency is capped: public calls anyone can make in bulk, so a flood costs a few concurrent
 * executions (the rest answer 429) instead of the account's whole pool. The contact form also limits each sender
 * and client in the table (lambdas/src/domain/contact.ts). An account needs concurrency to spare for this: AWS
 * keeps 10 unreserved (docs/deploy.md).
 */
export const RESERVED_CONCURRENCY: Readonly<Record<string, number>> = {
  'calls/submit-contact': 2,
  // Stripe retries a throttled delivery (429) for days, and events are applied in order whatever their arrival.
  'http/stripe-webhook': 5,
  'http/health': 2,
  // A beacon is tiny and fast (two writes); a flood beyond this answers 429 at no cost to other functions.
  'http/beacon': 5,
};

export class MapnestStack extends Stack {
  readonly functions: MapnestFunction[] = [];
  readonly storage: Storage;
  readonly data: Data;
  readonly auth: Auth;
  readonly api: Api;
  readonly web: Web;
  readonly monitoring: Monitoring;
  /** What the SPA reads from /config.json (deploy-time values resolved by the deployment). */
  readonly runtimeConfig: Record<string, unknown>;

  constructor(scope: Construct, id: string, props: MapnestStackProps) {
    super(scope, id, props);
    const { stage, manifest } = props;
    const grants = props.grants ?? GRANTS;
    Tags.of(this).add('project', 'mapnest');
    Tags.of(this).add('stage', stage.name);

    this.warnAboutInputs(props);

    // The app's own origin is only known once the distribution exists; functions and the OAuth client read it lazily.
    const appOrigin: { value?: string } = {};
    const appOriginToken = Lazy.string({ produce: () => appOrigin.value });
    const corsOrigins = [...(stage.domain ? [`https://${stage.domain.name}`] : []), ...stage.extraOrigins];

    this.storage = new Storage(this, 'Storage', { stage, corsOrigins: stage.domain ? corsOrigins : ['*'] });
    this.data = new Data(this, 'Data', { stage });
    const buckets = {
      documents: this.storage.documents,
      uploads: this.storage.uploads,
      public: this.storage.publicData,
    };
    const baseEnvironment = {
      STAGE: stage.name,
      TABLE_NAME: this.data.table.tableName,
      DOCUMENTS_BUCKET: this.storage.documents.bucketName,
      UPLOADS_BUCKET: this.storage.uploads.bucketName,
      PUBLIC_BUCKET: this.storage.publicData.bucketName,
      APP_ORIGIN: appOriginToken,
    };

    const failures = new FailedInvocations(this, 'FailedInvocations');
    const functionsScope = new Construct(this, 'Functions');
    const build = (spec: FunctionSpec, resources: FunctionResources, environment: Record<string, string>) => {
      const bundle = props.bundles.get(spec.id);
      if (!bundle) throw new Error(`No bundle was built for ${spec.id}.`);
      const fn = new MapnestFunction(functionsScope, constructIdFor(spec), {
        spec,
        bundle,
        grants: grants[spec.id],
        resources,
        environment,
        stage,
        failures: failures.queue,
      });
      Validations.of(fn.function).acknowledge({ id: 'AwsSolutions-L1', reason: RUNTIME_REASON });
      const reserved = RESERVED_CONCURRENCY[spec.id];
      if (reserved !== undefined)
        (fn.function.node.defaultChild as CfnFunction).reservedConcurrentExecutions = reserved;
      this.functions.push(fn);
      return fn;
    };

    // The user pool depends on its CustomMessage trigger, so that trigger gets no USER_POOL_ID or pool grants.
    const customMessageSpecs = manifest.functions.filter((fn) => fn.trigger === 'cognito-custom-message');
    if (customMessageSpecs.length !== 1) {
      throw new Error(
        `Exactly one cognito-custom-message trigger is needed (email links depend on it); found ${customMessageSpecs.length}.`,
      );
    }
    const customMessage = build(customMessageSpecs[0]!, { table: this.data.table, buckets }, baseEnvironment);

    this.auth = new Auth(this, 'Auth', { stage, customMessage: customMessage.function, appOrigin: appOriginToken });
    this.api = new Api(this, 'Api', { stage, userPool: this.auth.userPool, client: this.auth.client, corsOrigins });

    const resources: FunctionResources = { table: this.data.table, buckets, userPool: this.auth.userPool };
    const environment = { ...baseEnvironment, USER_POOL_ID: this.auth.userPool.userPoolId };
    for (const spec of manifest.functions) {
      if (spec === customMessageSpecs[0]) continue;
      const fn = build(spec, resources, environment);
      if (spec.routes.length > 0) this.api.addFunction(fn);
      this.connectTrigger(spec, fn, stage, failures.queue);
    }

    this.runtimeConfig = this.runtimeSettings(stage);
    this.web = this.createWeb(props);
    appOrigin.value = this.web.appOrigin;

    this.monitoring = new Monitoring(this, 'Monitoring', {
      stage,
      functions: this.functions,
      api: this.api.httpApi,
      table: this.data.table,
      failures: failures.queue,
      distribution: this.web.distribution,
      origins: { data: this.storage.publicData, embed: this.storage.spa },
    });

    this.addOutputs(failures.queue);

    acknowledgeCdkHelpers(this);
    this.retainHelperLogsLikeOurs(stage);
  }

  /** What the SPA reads from /config.json. */
  private runtimeSettings(stage: StageConfig): Record<string, unknown> {
    return {
      stage: stage.name,
      region: this.region,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.client.userPoolClientId,
      googleSignIn: Boolean(stage.google),
      ...(this.auth.oauthDomain ? { oauthDomain: this.auth.oauthDomain } : {}),
    };
  }

  /** CloudFront and the SPA's deployment, in front of the storage and the API. */
  private createWeb(props: MapnestStackProps): Web {
    return new Web(this, 'Web', {
      stage: props.stage,
      spa: this.storage.spa,
      publicData: this.storage.publicData,
      uploads: this.storage.uploads,
      logs: this.storage.logs,
      apiDomain: this.api.domainName,
      assets: props.webAssets,
      runtimeConfig: this.runtimeConfig,
      connectSources: appConnectSources(this, [this.storage.uploads, this.storage.documents], this.auth.oauthDomain),
      publicCallPaths: props.manifest.functions
        .filter((f) => f.kind === 'call')
        .flatMap((f) => f.routes.filter((r) => r.auth === 'none').map((r) => r.path)),
    });
  }

  /** Warnings at synthesis: handlers named but missing, handlers present but not named, a placeholder web build. */
  private warnAboutInputs(props: MapnestStackProps): void {
    for (const missing of props.manifest.missing) {
      Annotations.of(this).addWarningV2(
        'mapnest:missing-handler',
        `${missing} is named in lambdas/src/routes.ts but its file does not exist yet; it is not provisioned.`,
      );
    }
    for (const unlisted of props.manifest.unlisted) {
      Annotations.of(this).addWarningV2(
        'mapnest:unlisted-handler',
        `lambdas/src/${unlisted}.ts exists but lambdas/src/routes.ts does not name it; it is not provisioned.`,
      );
    }
    if (props.webAssets.kind === 'placeholder') {
      Annotations.of(this).addWarningV2(
        'mapnest:placeholder-web',
        `Deploying a placeholder page: ${props.webAssets.reason}.`,
      );
    }
  }

  /** What starts a function besides its routes: a schedule, an upload to the uploads bucket, a deployment. */
  private connectTrigger(spec: FunctionSpec, fn: MapnestFunction, stage: StageConfig, failures: IQueue): void {
    if (spec.trigger === 'schedule') {
      new events.Rule(this, `${constructIdFor(spec)}Schedule`, {
        description: `Mapnest ${stage.name} ${spec.id}`,
        schedule: events.Schedule.expression(spec.schedule!),
        // Delivery failures (EventBridge could not invoke) land in the same queue as the function's own failures.
        targets: [new eventTargets.LambdaFunction(fn.function, { retryAttempts: 2, deadLetterQueue: failures })],
      });
    }
    if (spec.trigger === 's3-upload') {
      // Every upload, unfiltered: the handler verifies library files of every type (SVG included) besides
      // making thumbnails, and skips the thumbnails it writes itself ({path}/.thumb-{size}.jpg), so a
      // thumbnail write costs one no-op invocation and never loops.
      this.storage.uploads.addEventNotification(s3.EventType.OBJECT_CREATED, new s3n.LambdaDestination(fn.function));
    }
    if (spec.trigger === 'custom-resource') this.runAtDeployment(spec, fn);
  }

  /** The stack's outputs: where the app is, and the names operators and scripts need. */
  private addOutputs(failures: IQueue): void {
    new CfnOutput(this, 'AppUrl', { value: this.web.appOrigin, description: 'Where the app is served' });
    new CfnOutput(this, 'DistributionId', { value: this.web.distribution.distributionId });
    new CfnOutput(this, 'DistributionDomainName', {
      value: this.web.distribution.distributionDomainName,
      description: "Target of the custom domain's CNAME/ALIAS when DNS is managed outside Route 53",
    });
    new CfnOutput(this, 'DashboardName', { value: this.monitoring.dashboard.dashboardName });
    new CfnOutput(this, 'ApiEndpoint', {
      value: this.api.httpApi.apiEndpoint,
      description: 'Direct API endpoint (the app uses /api on AppUrl)',
    });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.client.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'DocumentsBucket', { value: this.storage.documents.bucketName });
    new CfnOutput(this, 'UploadsBucket', { value: this.storage.uploads.bucketName });
    new CfnOutput(this, 'PublicBucket', { value: this.storage.publicData.bucketName });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.monitoring.topic.topicArn });
    new CfnOutput(this, 'FailedInvocationsQueueUrl', {
      value: failures.queueUrl,
      description: 'Failed upload triggers and sweeps, after retries',
    });
  }

  /**
   * A custom resource CloudFormation creates, updates and deletes with the stack, backed directly by the function
   * (lambdas/src/lib/custom-resource.ts answers CloudFormation itself; no provider framework). Its one property is the
   * hash of the function's bundle, so a deployment that changes the code (the seeded maps' documents are bundled in it)
   * runs it again as an Update; other deployments leave it alone. It waits for the function's role and policy.
   */
  private runAtDeployment(spec: FunctionSpec, fn: MapnestFunction): CustomResource {
    const name = constructIdFor(spec).replace(/^Trigger/, '');
    const bundle = readFileSync(join(fn.bundleDir, 'index.mjs'));
    const resource = new CustomResource(this, `${name}Run`, {
      serviceToken: fn.function.functionArn,
      resourceType: `Custom::Mapnest${name}`,
      // An answer lost for good fails the deployment after 5 minutes instead of CloudFormation's default hour.
      serviceTimeout: Duration.minutes(5),
      properties: { BundleHash: createHash('sha256').update(bundle).digest('hex') },
    });
    resource.node.addDependency(fn);
    return resource;
  }

  /**
   * With @aws-cdk/aws-lambda:useCdkManagedLogGroup, aws-cdk-lib's own helper functions (the SPA deployment) get a
   * log group of two years kept forever; give them the stage's retention and removal policy like every other log.
   */
  private retainHelperLogsLikeOurs(stage: StageConfig): void {
    for (const construct of this.node.findAll()) {
      if (!(construct instanceof logs.CfnLogGroup)) continue;
      if (construct.node.path.includes('/Functions/') || construct.retentionInDays === stage.logRetention) continue;
      construct.retentionInDays = stage.logRetention;
      construct.applyRemovalPolicy(stage.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY);
    }
  }
}
