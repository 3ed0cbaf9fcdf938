import {
  Annotations,
  CfnOutput,
  CfnParameter,
  CustomResource,
  Duration,
  NestedStack,
  RemovalPolicy,
  Stack,
  Tags,
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
import type { IHttpRouteAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Bundle } from './bundle';
import { Api, ApiStage, addRoutes, cognitoAuthorizer } from './constructs/api';
import { Auth, oauthDomainFor } from './constructs/auth';
import { Data } from './constructs/data';
import { MapnestFunction, type FunctionResources } from './constructs/mapnest-function';
import { FailedInvocations, Monitoring, createAlarmTopic } from './constructs/monitoring';
import { Storage } from './constructs/storage';
import { SpaDeployment, Web, appConnectSources } from './constructs/web';
import { GRANTS, type FunctionGrants } from './grants';
import type { FunctionSpec, Manifest } from './manifest';
import { acknowledgeCdkHelpers } from './nag';
import { originSecretParameters, type StageConfig } from './stages';
import { ORIGIN_SECRETS_ENV } from '@mapnest/lambdas/lib/origin-check';
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

/**
 * Per-route throttles (requests per second, burst) of the public routes anyone can call in bulk, by function id: a
 * flood is answered 429 by API Gateway before it reaches Lambda, so it cannot take the account's concurrency from
 * the calls. (Reserved concurrency did this before, but any reservation fails the deploy on a new account whose
 * quota is 10.) The contact form also limits each sender and client in the table (lambdas/src/domain/contact.ts).
 */
export const ROUTE_THROTTLES: Readonly<Record<string, { rateLimit: number; burstLimit: number }>> = {
  'calls/submit-contact': { rateLimit: 5, burstLimit: 10 },
  // Stripe retries a throttled delivery (429) for days, and events are applied in order whatever their arrival.
  'http/stripe-webhook': { rateLimit: 25, burstLimit: 50 },
  'http/health': { rateLimit: 5, burstLimit: 10 },
  // A beacon is tiny and fast (two writes); beyond this a flood answers 429 at no cost to other functions.
  'http/beacon': { rateLimit: 100, burstLimit: 200 },
};

/**
 * Functions released gradually: through the alias `live`, by a CodeDeploy canary (10% of invocations for 5
 * minutes) that rolls back when their alarms fire. The save and load of a map, the Stripe webhook, and the embed's
 * one Lambda path (its analytics beacon; the embed's map data itself comes from S3 through CloudFront).
 */
export const GRADUAL_RELEASE: readonly string[] = [
  'calls/save-map',
  'calls/get-map',
  'http/stripe-webhook',
  'http/beacon',
];

/** The nested stacks of a stage's functions (ADR 010): each holds its functions with their routes and triggers. */
export type FunctionStackId = 'MapFunctions' | 'ServiceFunctions';

/**
 * Which nested stack a function lives in, from its module name alone, so a new call needs no infra change and a
 * function never moves between stacks (moving would replace it): calls about maps in one, everything else
 * (accounts, files, billing, administration, public routes, triggers) in the other. The Cognito trigger lives
 * with the user pool that depends on it.
 */
export function functionStackOf(spec: FunctionSpec): FunctionStackId {
  return /(^|-)maps?(-|$)/.test(spec.module) ? 'MapFunctions' : 'ServiceFunctions';
}

/** Most resources a stack of the stage may hold (CloudFormation's limit is 500; ADR 010 keeps half of it free). */
export const MAX_STACK_RESOURCES = 250;

/** A nested stack of one concern, deployed and rolled back with its stage. */
class ConcernStack extends NestedStack {
  constructor(scope: Construct, id: string, description: string) {
    super(scope, id, { description });
  }
}

/**
 * One stage of Mapnest (ADR 010): the root stack holds the data (table, buckets, failed-invocations queue) and the
 * alarm topic; nested stacks hold the API, the edge (CloudFront), auth, the functions (two stacks), the release
 * (API stage, SPA deployment) and monitoring, in the order CloudFormation deploys them. It only composes: each
 * construct owns its resources.
 */
export class MapnestStack extends Stack {
  readonly functions: MapnestFunction[] = [];
  readonly storage: Storage;
  readonly data: Data;
  readonly auth: Auth;
  readonly api: Api;
  readonly apiStage: ApiStage;
  readonly web: Web;
  readonly monitoring: Monitoring;
  /** The nested stacks by id (ADR 010). */
  readonly concerns: Record<string, NestedStack> = {};
  /** What the SPA reads from /config.json (deploy-time values resolved by the deployment). */
  readonly runtimeConfig: Record<string, unknown>;
  private readonly bundles: ReadonlyMap<string, Bundle>;
  /** The root's Parameter Store parameters holding the origin secrets, resolved by CloudFormation at each deploy. */
  private originSecretParameters?: { secret: CfnParameter; standby: CfnParameter };
  private readonly stageConfig: StageConfig;

  constructor(scope: Construct, id: string, props: MapnestStackProps) {
    super(scope, id, props);
    this.bundles = props.bundles;
    this.stageConfig = props.stage;
    const { stage, manifest } = props;
    const grants = props.grants ?? GRANTS;
    Tags.of(this).add('project', 'mapnest');
    Tags.of(this).add('stage', stage.name);

    this.warnAboutInputs(props);
    const concern = (nestedId: string, what: string) =>
      (this.concerns[nestedId] = new ConcernStack(this, nestedId, `Mapnest ${stage.name}: ${what}`));

    const corsOrigins = [...(stage.domain ? [`https://${stage.domain.name}`] : []), ...stage.extraOrigins];

    // Data: the root stack, so the table and buckets keep their place whatever the nested stacks become.
    this.storage = new Storage(this, 'Storage', { stage, corsOrigins: stage.domain ? corsOrigins : ['*'] });
    this.data = new Data(this, 'Data', { stage });
    const failures = new FailedInvocations(this, 'FailedInvocations');
    const topic = createAlarmTopic(this, stage);
    const buckets = {
      documents: this.storage.documents,
      uploads: this.storage.uploads,
      public: this.storage.publicData,
    };

    // The API and the edge depend on nothing the functions or the user pool make, so they come first: the app's
    // origin (the distribution's name on a stage without a domain) is then a plain reference for everything after.
    this.api = new Api(concern('Api', 'HTTP API'), 'Api', { stage, corsOrigins });
    this.web = this.createWeb(concern('Edge', 'CloudFront distributions, edge functions, headers, web ACL'), props);
    const appOrigin = this.web.appOrigin;
    const baseEnvironment = {
      STAGE: stage.name,
      TABLE_NAME: this.data.table.tableName,
      DOCUMENTS_BUCKET: this.storage.documents.bucketName,
      UPLOADS_BUCKET: this.storage.uploads.bucketName,
      PUBLIC_BUCKET: this.storage.publicData.bucketName,
      APP_ORIGIN: appOrigin,
    };

    const build = (stack: NestedStack, spec: FunctionSpec, resources: FunctionResources, env: Record<string, string>) =>
      this.addFunction(stack, spec, { resources, environment: env, grants, failures: failures.queue, topic, stage });

    // The user pool depends on its CustomMessage trigger, so that trigger gets no USER_POOL_ID, and its pool grants
    // only once the pool exists.
    const customMessageSpecs = manifest.functions.filter((fn) => fn.trigger === 'cognito-custom-message');
    if (customMessageSpecs.length !== 1) {
      throw new Error(
        `Exactly one cognito-custom-message trigger is needed (email links depend on it); found ${customMessageSpecs.length}.`,
      );
    }
    const authStack = concern('Auth', 'user pool, its email trigger and the API authorizer');
    const customMessage = build(
      authStack,
      customMessageSpecs[0]!,
      { table: this.data.table, buckets },
      baseEnvironment,
    );
    this.auth = new Auth(authStack, 'Auth', { stage, customMessage: customMessage.function, appOrigin });
    const { userPool, client } = this.auth;
    customMessage.grantTriggeringUserPool(userPool, grants[customMessageSpecs[0]!.id] ?? {});
    const authorizer: IHttpRouteAuthorizer = cognitoAuthorizer(authStack, this.api.httpApi, userPool, client);

    const resources: FunctionResources = { table: this.data.table, buckets, userPool: this.auth.userPool };
    const environment = { ...baseEnvironment, USER_POOL_ID: this.auth.userPool.userPoolId };
    const functionStacks: Record<FunctionStackId, NestedStack> = {
      MapFunctions: concern('MapFunctions', 'calls about maps'),
      ServiceFunctions: concern('ServiceFunctions', 'account, file, billing and admin calls, public routes, triggers'),
    };
    for (const spec of manifest.functions) {
      if (spec === customMessageSpecs[0]) continue;
      const functionStack = functionStacks[functionStackOf(spec)];
      const fn = build(functionStack, spec, resources, this.environmentOf(spec, functionStack, environment));
      if (spec.routes.length > 0) addRoutes(this.api.httpApi, authorizer, fn);
      this.connectTrigger(spec, fn, stage, failures.queue);
    }

    this.runtimeConfig = this.runtimeSettings(stage);
    this.apiStage = this.release(props, Object.values(functionStacks));

    this.monitoring = this.createMonitoring(stage, topic, failures.queue);

    this.addOutputs(failures.queue, topic);

    for (const stack of [this, ...Object.values(this.concerns)]) acknowledgeCdkHelpers(stack);
    this.retainHelperLogsLikeOurs(stage);
  }

  /** Alarms, canaries, the dashboard and the budget of the stage, in their own nested stack. */
  private createMonitoring(stage: StageConfig, topic: ITopic, failures: IQueue): Monitoring {
    const concern = (this.concerns.Monitoring = new ConcernStack(
      this,
      'Monitoring',
      `Mapnest ${stage.name}: alarms, canaries, dashboard, budget`,
    ));
    return new Monitoring(concern, 'Monitoring', {
      stage,
      topic,
      functions: this.functions,
      api: this.api.httpApi,
      table: this.data.table,
      failures,
      distribution: this.web.distribution,
      appOrigin: this.web.appOrigin,
      canaryArtifacts: this.storage.logs,
      origins: { data: this.storage.publicData, embed: this.storage.spa },
      ...(this.web.webAcl ? { webAclMetricName: this.web.webAclMetricName } : {}),
    });
  }

  /** One function in the `Functions` scope of a nested stack (ADR 010), with its runtime acknowledgement. */
  private addFunction(
    stack: NestedStack,
    spec: FunctionSpec,
    options: {
      resources: FunctionResources;
      environment: Record<string, string>;
      grants: Readonly<Record<string, FunctionGrants>>;
      failures: IQueue;
      topic: ITopic;
      stage: StageConfig;
    },
  ): MapnestFunction {
    const bundle = this.bundles.get(spec.id);
    if (!bundle) throw new Error(`No bundle was built for ${spec.id}.`);
    const scope = (stack.node.tryFindChild('Functions') as Construct | undefined) ?? new Construct(stack, 'Functions');
    const fn = new MapnestFunction(scope, constructIdFor(spec), {
      spec,
      bundle,
      grants: options.grants[spec.id],
      resources: options.resources,
      environment: options.environment,
      stage: options.stage,
      failures: options.failures,
      ...(GRADUAL_RELEASE.includes(spec.id) ? { gradual: { topic: options.topic } } : {}),
    });
    this.functions.push(fn);
    return fn;
  }

  /**
   * The release: the API's stage goes live once every route exists (its route throttles name them), and the SPA
   * with its /config.json (in the root stack, beside its bucket) after the release, so after every function: the
   * previous SPA works against new functions, not a new SPA against the previous ones (ADR 010's addendum).
   */
  private release(props: MapnestStackProps, functionStacks: NestedStack[]): ApiStage {
    const release = (this.concerns.Release = new ConcernStack(
      this,
      'Release',
      `Mapnest ${props.stage.name}: API stage, its throttles and access logs`,
    ));
    for (const stack of functionStacks) release.nestedStackResource!.addResourceDependency(stack.nestedStackResource!);
    new SpaDeployment(this, 'Web', {
      spa: this.storage.spa,
      distribution: this.web.distribution,
      assets: props.webAssets,
      runtimeConfig: this.runtimeConfig,
    }).node.addDependency(release);
    return new ApiStage(release, 'ApiStage', {
      stage: props.stage,
      httpApi: this.api.httpApi,
      routeThrottles: routeThrottles(props.manifest.functions),
    });
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
      ...(stage.operator ? { operator: stage.operator } : {}),
    };
  }

  /** CloudFront, in front of the storage and the API. */
  /**
   * The origin secrets (ADR 028) as NoEcho parameters of a nested stack, passed from the root's Parameter Store
   * parameters: only the parameter names are in any template, and CloudFormation reads the values at every deploy.
   */
  private originSecretsIn(stack: NestedStack): { secret: string; standby: string } {
    if (!this.originSecretParameters) {
      const names = originSecretParameters(this.stageConfig);
      const ssm = (id: string, name: string, what: string) =>
        new CfnParameter(this, id, {
          type: 'AWS::SSM::Parameter::Value<String>',
          default: name,
          description: `Parameter Store name of ${what} (docs/deploy.md step 4)`,
        });
      this.originSecretParameters = {
        secret: ssm('OriginSecretParameter', names.secret, 'the secret CloudFront sends the API'),
        standby: ssm('OriginStandbySecretParameter', names.standby, 'a second origin secret the API accepts'),
      };
    }
    const pass = (id: string, from: CfnParameter) => {
      const existing = stack.node.tryFindChild(id) as CfnParameter | undefined;
      if (existing) return existing.valueAsString;
      const parameter = new CfnParameter(stack, id, { type: 'String', noEcho: true });
      parameter.overrideLogicalId(id);
      stack.setParameter(id, from.valueAsString);
      return parameter.valueAsString;
    };
    return {
      secret: pass('OriginSecret', this.originSecretParameters.secret),
      standby: pass('OriginStandbySecret', this.originSecretParameters.standby),
    };
  }

  /**
   * A function's environment: calls and the public HTTP routes (beacon, health, Stripe webhook) also get the origin
   * secrets they accept (ORIGIN_SECRETS, ADR 028 and 034), and their stack
   * then deploys after the edge, so a rotated secret reaches CloudFront (which waits until every edge has it) before
   * the calls stop accepting the old one (docs/deploy.md, "Rotating the origin secret").
   */
  private environmentOf(
    spec: FunctionSpec,
    stack: NestedStack,
    environment: Record<string, string>,
  ): Record<string, string> {
    // Every function behind the API checks the header (the beacon also reads the viewer address CloudFront stamps only
    // from requests that have it); triggers are not reached over HTTP.
    if (spec.kind === 'trigger') return environment;
    stack.nestedStackResource!.addResourceDependency(this.concerns.Edge!.nestedStackResource!);
    return { ...environment, [ORIGIN_SECRETS_ENV]: this.acceptedOriginSecrets(stack) };
  }

  /** What the calls of a nested stack accept in the origin header: the secret and the standby value. */
  private acceptedOriginSecrets(stack: NestedStack): string {
    const { secret, standby } = this.originSecretsIn(stack);
    return `${secret},${standby}`;
  }

  private createWeb(scope: NestedStack, props: MapnestStackProps): Web {
    return new Web(scope, 'Web', {
      originSecrets: this.originSecretsIn(scope),
      stage: props.stage,
      spa: this.storage.spa,
      publicData: this.storage.publicData,
      uploads: this.storage.uploads,
      logs: this.storage.logs,
      apiDomain: this.api.domainName,
      connectSources: appConnectSources(
        this,
        [this.storage.uploads, this.storage.documents],
        oauthDomainFor(props.stage, this.region),
      ),
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

  /**
   * What starts a function besides its routes: a schedule, an upload to the uploads bucket, a deployment, the
   * table's stream.
   */
  private connectTrigger(spec: FunctionSpec, fn: MapnestFunction, stage: StageConfig, failures: IQueue): void {
    if (spec.trigger === 'schedule') {
      new events.Rule(Stack.of(fn), `${constructIdFor(spec)}Schedule`, {
        description: `Mapnest ${stage.name} ${spec.id}`,
        schedule: events.Schedule.expression(spec.schedule!),
        // Delivery failures (EventBridge could not invoke) land in the same queue as the function's own failures.
        targets: [new eventTargets.LambdaFunction(fn.handler, { retryAttempts: 2, deadLetterQueue: failures })],
      });
    }
    if (spec.trigger === 's3-upload') {
      // Every upload, unfiltered: the handler verifies library files of every type (SVG included) besides
      // making thumbnails, and skips the thumbnails it writes itself ({path}/.thumb-{size}.jpg), so a
      // thumbnail write costs one no-op invocation and never loops.
      this.storage.uploads.addEventNotification(s3.EventType.OBJECT_CREATED, new s3n.LambdaDestination(fn.function));
    }
    if (spec.trigger === 'custom-resource') this.runAtDeployment(spec, fn);
    if (spec.trigger === 'table-stream') this.data.streamTo(fn.handler, spec.filter!, failures);
  }

  /** The stack's outputs: where the app is, and the names operators and scripts need. */
  private addOutputs(failures: IQueue, topic: { topicArn: string }): void {
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
    new CfnOutput(this, 'AlarmTopicArn', { value: topic.topicArn });
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
    const resource = new CustomResource(Stack.of(fn), `${name}Run`, {
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

/** Route keys ('POST /api/beacon') and their throttles, for the functions ROUTE_THROTTLES names. */
export function routeThrottles(
  functions: readonly FunctionSpec[],
): Record<string, { rateLimit: number; burstLimit: number }> {
  return Object.fromEntries(
    functions.flatMap((fn) => {
      const limit = ROUTE_THROTTLES[fn.id];
      return limit ? fn.routes.map((route) => [`${route.method} ${route.path}`, limit] as const) : [];
    }),
  );
}
