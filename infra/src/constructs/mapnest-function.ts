import { Annotations, Duration, Names, RemovalPolicy, Stack, Tags, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as codedeploy from 'aws-cdk-lib/aws-codedeploy';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import type { Bundle } from '../bundle';
import {
  TABLE_ACTIONS,
  type BucketName,
  type FunctionGrants,
  type ObjectAccess,
  type StripeParameter,
} from '../grants';
import type { FunctionSpec } from '../manifest';
import type { StageConfig } from '../stages';

/** Runtime of every function: Node 24, the newest Lambda offers (the repo's tools run on it too; bundles target node24). */
export const RUNTIME = lambda.Runtime.NODEJS_24_X;
/** Tag carrying the function id, so tests and operators can map a function back to its module. */
export const FUNCTION_TAG = 'mapnest:function';

/**
 * API Gateway HTTP APIs stop waiting for an integration at 30 s, whatever the function's timeout, so a
 * call gets 29 s: it then ends before the gateway answers 503 and its own deadline error is logged.
 * The product's 70 s call timeout (CALL_TIMEOUT_MS) stays the browser's limit; longer work must run
 * asynchronously (see docs/adr/101-infrastructure-on-aws-cdk.md).
 */
export const CALL_TIMEOUT = Duration.seconds(29);

interface Sizing {
  memorySize: number;
  timeout: Duration;
}

function defaultSizing(spec: FunctionSpec): Sizing {
  switch (spec.trigger) {
    // Cognito waits 5 s for a trigger.
    case 'cognito-custom-message':
      return { memorySize: 256, timeout: Duration.seconds(5) };
    case 's3-upload':
      return { memorySize: 1024, timeout: Duration.seconds(60) };
    // Sweeps walk the whole table; they run alone, so a generous limit costs nothing when unused.
    case 'schedule':
      return { memorySize: 512, timeout: Duration.minutes(5) };
    // Deployment-time work (the demo maps): a few map documents, written once per deployment.
    case 'custom-resource':
      return { memorySize: 512, timeout: Duration.minutes(2) };
    // Follow-ups (ADR 047): up to ten public copies or emails per batch; a copy parses the map's document, as calls do.
    case 'table-stream':
      return { memorySize: 1024, timeout: Duration.minutes(1) };
    case undefined:
      // 1 GB buys most of a vCPU: map documents of several MB are parsed and validated in calls.
      return spec.kind === 'call'
        ? { memorySize: 1024, timeout: CALL_TIMEOUT }
        : { memorySize: 512, timeout: CALL_TIMEOUT };
  }
}

/** Functions that need more than their kind's default. */
const SIZING_OVERRIDES: Record<string, Partial<Sizing>> = {
  // sharp decodes images up to 40 megapixels in memory.
  'triggers/thumbnail': { memorySize: 1536 },
};

const OBJECT_ACTIONS: Record<Exclude<ObjectAccess, 'list'>, string> = {
  read: 's3:GetObject',
  write: 's3:PutObject',
  delete: 's3:DeleteObject',
};

/** What a function's grants resolve against: this stage's resources. */
export interface FunctionResources {
  table: ITable;
  buckets: Record<BucketName, IBucket>;
  /** Absent for functions the user pool itself depends on (its triggers). */
  userPool?: IUserPool;
}

export interface MapnestFunctionProps {
  spec: FunctionSpec;
  bundle: Bundle;
  /** The function's entry in GRANTS; undefined reports a synthesis error instead of guessing. */
  grants: FunctionGrants | undefined;
  resources: FunctionResources;
  environment: Record<string, string>;
  stage: StageConfig;
  /**
   * Where asynchronous invocations (S3 uploads, schedules) go once Lambda's retries are spent; required for those
   * triggers, so no failed upload or sweep disappears silently.
   */
  failures?: IQueue;
  /**
   * Deploy through the alias `live` with a CodeDeploy canary (10% for 5 minutes) that rolls back on this function's
   * own alarms, which then notify this topic. Only for the functions in GRADUAL_RELEASE.
   */
  gradual?: { topic: ITopic };
}

/**
 * The metric each kind of function publishes for a failure it answers itself (a 5xx it turned an error into), so
 * Lambda's Errors metric never sees it (ADR 009): read from the function's own log by a metric filter, per function.
 */
export function handledFailureMetric(spec: FunctionSpec): string | undefined {
  if (spec.kind === 'call') return 'CallFailures';
  if (spec.id === 'http/stripe-webhook') return 'StripeEventFailures';
  return undefined;
}

/** Namespace of the per-function handled-failure counts (the metric filters' output). */
export const HANDLED_FAILURES_NAMESPACE = 'Mapnest/HandledFailures';

/** The period of every alarm on a function. */
const ALARM_PERIOD = Duration.minutes(5);
/** p99 duration above this share of the timeout raises the duration alarm. */
export const DURATION_ALARM_SHARE = 0.8;

/** Lambda's own retries of a failed asynchronous invocation before it goes to the failure queue. */
export const ASYNC_RETRY_ATTEMPTS = 2;

const userPoolStatement = (grants: FunctionGrants, pool: IUserPool) =>
  new iam.PolicyStatement({
    actions: (grants.userPool ?? []).map((a) => `cognito-idp:${a}`).sort(),
    resources: [pool.userPoolArn],
  });

/**
 * The house Lambda: entry and asset from the module name (bundled in one esbuild pass), runtime,
 * architecture, memory, timeout, JSON logging into its own log group with the stage's retention, a
 * role that can write only that log group, plus exactly the data access its grants entry declares.
 */
export class MapnestFunction extends Construct {
  readonly function: lambda.Function;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;
  readonly spec: FunctionSpec;
  /** The asset folder the function's code comes from (its built bundle). */
  readonly bundleDir: string;
  /** What API Gateway and triggers invoke: the alias `live` for gradual functions, the function otherwise. */
  readonly handler: lambda.IFunction;
  /** Failures the function answered itself (5xx), per function; undefined for functions that publish none. */
  readonly handledFailures?: cloudwatch.Metric;
  /** The timeout, for the duration alarm. */
  readonly timeout: Duration;
  /** Alarms the function owns (gradual functions: CodeDeploy rolls back on them); Monitoring adds the others. */
  readonly alarms: cloudwatch.Alarm[] = [];
  /** The CodeDeploy deployment group of a gradual function. */
  deploymentGroup?: codedeploy.LambdaDeploymentGroup;

  constructor(scope: Construct, id: string, props: MapnestFunctionProps) {
    super(scope, id);
    const { spec, bundle, stage } = props;
    this.spec = spec;
    this.bundleDir = bundle.dir;
    const sizing = { ...defaultSizing(spec), ...SIZING_OVERRIDES[spec.id] };
    this.timeout = sizing.timeout;

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: stage.logRetention,
      removalPolicy: stage.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    // A role of our own instead of the default one: the default attaches AWSLambdaBasicExecutionRole,
    // which may write to every log group in the account.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Mapnest ${stage.name} ${spec.id}`,
    });
    this.logGroup.grantWrite(this.role);

    // Functions that read Parameter Store (Stripe, the marketplace) get AWS's Parameters and Secrets extension: a
    // cached reader on localhost (lambdas/src/lib/secrets.ts), so they carry no SSM client in their bundle (ADR 007).
    const readsParameters = Boolean(props.grants?.stripe?.length || props.grants?.marketplace);
    this.function = new lambda.Function(this, 'Function', {
      description: `Mapnest ${stage.name} ${spec.id}`,
      runtime: RUNTIME,
      // Pure JavaScript runs on Graviton (cheaper per ms); native packages ship as Linux x64 builds.
      architecture: bundle.nativePackages.length > 0 ? lambda.Architecture.X86_64 : lambda.Architecture.ARM_64,
      handler: 'index.handler',
      code: lambda.Code.fromAsset(bundle.dir),
      memorySize: sizing.memorySize,
      timeout: sizing.timeout,
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      // X-Ray: Lambda samples invocations and records each one's segment; the functions add no subsegments (ADR 034).
      tracing: lambda.Tracing.ACTIVE,
      ...(readsParameters
        ? {
            paramsAndSecrets: lambda.ParamsAndSecretsLayerVersion.fromVersion(
              lambda.ParamsAndSecretsVersions.V1_0_103,
              {
                cacheSize: 20,
                parameterStoreTtl: Duration.minutes(5),
                logLevel: lambda.ParamsAndSecretsLogLevel.WARN,
              },
            ),
          }
        : {}),
      applicationLogLevelV2: applicationLogLevel(stage.logLevel),
      systemLogLevelV2: lambda.SystemLogLevel.WARN,
      environment: {
        ...props.environment,
        LOG_LEVEL: stage.logLevel,
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME: 'mapnest',
        POWERTOOLS_METRICS_NAMESPACE: 'Mapnest',
      },
      ...(isAsync(spec)
        ? {
            retryAttempts: ASYNC_RETRY_ATTEMPTS,
            maxEventAge: Duration.hours(6),
            ...(props.failures ? { onFailure: new destinations.SqsDestination(props.failures) } : {}),
          }
        : {}),
    });
    if (isAsync(spec) && !props.failures)
      throw new Error(`${spec.id} is invoked asynchronously and needs a failure queue.`);
    // X-Ray's PutTraceSegments and PutTelemetryRecords support no resource-level permissions.
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords accept only the * resource (no resource-level permissions exist for them).',
    });
    // The role's policy must exist before the function is invoked by anything.
    this.function.node.addDependency(this.role);
    Tags.of(this.function).add(FUNCTION_TAG, spec.id);

    this.handledFailures = this.countHandledFailures(spec);
    this.handler = this.function;
    if (props.gradual) this.handler = this.releaseGradually(props.gradual.topic, stage);

    if (props.grants === undefined) {
      Validations.of(this).addError(
        'MapnestMissingGrants',
        `No grants declared for ${spec.id}: add a line for '${spec.id}' to infra/src/grants.ts ({} when it touches no data).`,
      );
    } else {
      this.applyGrants(props.grants, props.resources, stage);
    }
  }

  /** The alias `live`, shifted by a CodeDeploy canary that rolls back on this function's own alarms. */
  private releaseGradually(topic: ITopic, stage: StageConfig): lambda.Alias {
    const alias = new lambda.Alias(this, 'Live', { aliasName: 'live', version: this.function.currentVersion });
    const action = new SnsAction(topic);
    for (const alarm of functionAlarms(this, this, stage.name)) {
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
      this.alarms.push(alarm);
    }
    const group = new codedeploy.LambdaDeploymentGroup(this, 'Release', {
      alias,
      deploymentConfig: codedeploy.LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES,
      alarms: this.alarms,
      autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
    });
    Validations.of(group.role).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited]',
      reason:
        "CodeDeploy's own service role for Lambda canaries: the AWS managed policy limited to shifting this function's alias, reading its alarms and publishing to SNS; AWS keeps it in step with CodeDeploy.",
    });
    this.deploymentGroup = group;
    return alias;
  }

  /** A metric filter on the function's own log counting the failures it answered itself (EMF lines, ADR 009). */
  private countHandledFailures(spec: FunctionSpec): cloudwatch.Metric | undefined {
    const name = handledFailureMetric(spec);
    if (!name) return undefined;
    const metricName = `${name}-${spec.id.replace('/', '-')}`;
    new logs.MetricFilter(this, 'HandledFailures', {
      logGroup: this.logGroup,
      filterPattern: logs.FilterPattern.numberValue(`$.${name}`, '>=', 1),
      metricNamespace: HANDLED_FAILURES_NAMESPACE,
      metricName,
      metricValue: `$.${name}`,
    });
    return new cloudwatch.Metric({
      namespace: HANDLED_FAILURES_NAMESPACE,
      metricName,
      period: ALARM_PERIOD,
      statistic: cloudwatch.Stats.SUM,
    });
  }

  private applyGrants(grants: FunctionGrants, resources: FunctionResources, stage: StageConfig): void {
    this.grantTable(grants, resources);
    this.grantBuckets(grants, resources);
    this.grantUserPool(grants, resources);
    this.grantMail(grants, stage);
    this.grantSecretParameters(grants, stage);
  }

  /** Marks an IAM5 (wildcard) finding on the role as reviewed, with the reason the wildcard is bounded. */
  private acknowledgeWildcard(finding: string, reason: string): void {
    Validations.of(this.role).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason });
  }

  /** The table actions its accesses need, on the table (and its indexes for reads). */
  private grantTable(grants: FunctionGrants, resources: FunctionResources): void {
    const stack = Stack.of(this);
    if (grants.table && grants.table.length > 0) {
      const actions = [...new Set(grants.table.flatMap((access) => TABLE_ACTIONS[access]))].sort();
      const resourcesArns = [resources.table.tableArn];
      if (grants.table.includes('read')) {
        resourcesArns.push(`${resources.table.tableArn}/index/*`);
        for (const arn of arnsAsNagSees(stack, resources.table))
          this.acknowledgeWildcard(
            `Resource::${arn}/index/*`,
            "Queries run on the table's own GSIs (maps by owner, maps by author); the wildcard covers only this table's indexes.",
          );
      }
      this.role.addToPolicy(new iam.PolicyStatement({ actions, resources: resourcesArns }));
    }
  }

  /** Object actions on the key patterns it names in each bucket, and listing under the same patterns. */
  private grantBuckets(grants: FunctionGrants, resources: FunctionResources): void {
    const stack = Stack.of(this);
    for (const name of ['documents', 'uploads', 'public'] as const) {
      const patterns = grants[name];
      if (!patterns) continue;
      const bucket = resources.buckets[name];
      const bucketArns = arnsAsNagSees(stack, bucket);
      for (const [pattern, accesses] of Object.entries(patterns)) {
        const objectActions = accesses
          .filter((a): a is Exclude<ObjectAccess, 'list'> => a !== 'list')
          .map((a) => OBJECT_ACTIONS[a]);
        if (objectActions.length > 0) {
          this.role.addToPolicy(
            new iam.PolicyStatement({ actions: objectActions.sort(), resources: [bucket.arnForObjects(pattern)] }),
          );
          for (const bucketArn of bucketArns)
            this.acknowledgeWildcard(
              `Resource::${bucketArn}/${pattern}`,
              `Object keys are chosen at run time (map ids, user ids); access is limited to keys matching '${pattern}' in the ${name} bucket and ownership is checked in code before any key is touched.`,
            );
        }
        if (accesses.includes('list')) {
          // The listing prefix must match the same pattern as the keys (s3:prefix takes IAM wildcards).
          this.role.addToPolicy(
            new iam.PolicyStatement({
              actions: ['s3:ListBucket'],
              resources: [bucket.bucketArn],
              ...(pattern === '*' ? {} : { conditions: { StringLike: { 's3:prefix': [pattern] } } }),
            }),
          );
        }
      }
    }
  }

  /**
   * The Cognito actions it names, on the user pool; the pool's own trigger's come once the pool exists, in a policy of
   * their own: the function depends on its default policy, so there they would make the pool depend on itself (ADR 079).
   */
  private grantUserPool(grants: FunctionGrants, resources: FunctionResources): void {
    if (!grants.userPool?.length) return;
    if (resources.userPool) this.role.addToPolicy(userPoolStatement(grants, resources.userPool));
    else if (this.spec.trigger !== 'cognito-custom-message')
      throw new Error(`${this.spec.id} asks for user pool actions but no user pool was given.`);
  }

  grantTriggeringUserPool(pool: IUserPool, grants: FunctionGrants): void {
    if (grants.userPool?.length)
      new iam.Policy(this, 'UserPoolPolicy', { roles: [this.role], statements: [userPoolStatement(grants, pool)] });
  }

  /** Sending email through SES from the stage's sender, or a warning when the stage has none. */
  private grantMail(grants: FunctionGrants, stage: StageConfig): void {
    if (grants.mail) {
      const email = stage.email;
      if (email) {
        this.function.addEnvironment('MAIL_FROM', email.fromName ? `${email.fromName} <${email.from}>` : email.from);
        if (email.supportEmail) this.function.addEnvironment('SUPPORT_EMAIL', email.supportEmail);
        const identities = [email.from, ...(email.sesVerifiedDomain ? [email.sesVerifiedDomain] : [])];
        this.role.addToPolicy(
          new iam.PolicyStatement({
            actions: ['ses:SendEmail'],
            resources: identities.map((identity) =>
              Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: identity }),
            ),
          }),
        );
      } else {
        Annotations.of(this).addWarningV2(
          'mapnest:no-mail',
          `${this.spec.id} sends email, but stage '${stage.name}' configures no email sender; its sends fail (and are logged) until it does.`,
        );
      }
    }
  }

  /** The Stripe and marketplace secrets it may read, by parameter name. */
  private grantSecretParameters(grants: FunctionGrants, stage: StageConfig): void {
    // Only the parameter names travel in the template; the function reads the values at run time
    // (lambdas/src/lib/secrets.ts reads <NAME>_PARAMETER), and may read exactly the ones it names.
    const parameters: Array<[string, string]> = [];
    const stripeParameters: Record<StripeParameter, [string, string]> = {
      secretKey: ['STRIPE_SECRET_KEY_PARAMETER', stage.stripe.secretKeyParameter],
      webhookSecret: ['STRIPE_WEBHOOK_SECRET_PARAMETER', stage.stripe.webhookSecretParameter],
      prices: ['STRIPE_PRICES_PARAMETER', stage.stripe.pricesParameter],
    };
    for (const name of grants.stripe ?? []) parameters.push(stripeParameters[name]);
    if (grants.marketplace) parameters.push(['MARKETPLACE_TOKEN_PARAMETER', stage.marketplace.tokenParameter]);
    if (parameters.length > 0) {
      for (const [variable, name] of parameters) this.function.addEnvironment(variable, name);
      this.grantParameters(parameters.map(([, name]) => name));
    }
  }

  /** Parameter Store reads; SecureStrings under the AWS managed aws/ssm key need no kms:Decrypt grant. */
  private grantParameters(parameterNames: readonly string[]): void {
    const stack = Stack.of(this);
    this.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['ssm:GetParameter', 'ssm:GetParameters'],
        resources: parameterNames.map((name) =>
          stack.formatArn({ service: 'ssm', resource: 'parameter', resourceName: name.replace(/^\//, '') }),
        ),
      }),
    );
  }
}

/**
 * A function's two alarms, made in `scope`: any crash, timeout, throttle or failure it answered itself (5xx) in
 * five minutes, and p99 duration above DURATION_ALARM_SHARE of its timeout for 3 periods in a row. Gradual
 * functions make them next to the function (CodeDeploy rolls back on them); Monitoring makes the others.
 */
export function functionAlarms(scope: Construct, fn: MapnestFunction, stage: string): cloudwatch.Alarm[] {
  const id = fn.node.id;
  const failures = new cloudwatch.MathExpression({
    label: `${fn.spec.id} errors + throttles + handled failures`,
    expression: fn.handledFailures
      ? 'FILL(errors, 0) + FILL(throttles, 0) + FILL(handled, 0)'
      : 'FILL(errors, 0) + FILL(throttles, 0)',
    usingMetrics: {
      errors: fn.function.metricErrors({ period: ALARM_PERIOD, statistic: cloudwatch.Stats.SUM }),
      throttles: fn.function.metricThrottles({ period: ALARM_PERIOD, statistic: cloudwatch.Stats.SUM }),
      ...(fn.handledFailures ? { handled: fn.handledFailures } : {}),
    },
    period: ALARM_PERIOD,
  });
  const timeoutMs = fn.timeout.toMilliseconds();
  return [
    failures.createAlarm(scope, `${id}Failures`, {
      alarmDescription: `Mapnest ${stage} ${fn.spec.id}: invocations failed (unhandled error, timeout, out of memory), were throttled, or were answered 5xx by the function itself.`,
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    }),
    fn.function.metricDuration({ period: ALARM_PERIOD, statistic: 'p99' }).createAlarm(scope, `${id}SlowP99`, {
      alarmDescription: `Mapnest ${stage} ${fn.spec.id}: p99 duration above ${DURATION_ALARM_SHARE * 100}% of its ${timeoutMs / 1000} s timeout.`,
      threshold: Math.round(timeoutMs * DURATION_ALARM_SHARE),
      evaluationPeriods: 3,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    }),
  ];
}

/** Triggers Lambda invokes asynchronously (S3 notifications, EventBridge schedules). */
export function isAsync(spec: FunctionSpec): boolean {
  return spec.trigger === 's3-upload' || spec.trigger === 'schedule';
}

function applicationLogLevel(level: StageConfig['logLevel']): lambda.ApplicationLogLevel {
  const map: Record<StageConfig['logLevel'], lambda.ApplicationLogLevel> = {
    debug: lambda.ApplicationLogLevel.DEBUG,
    info: lambda.ApplicationLogLevel.INFO,
    warn: lambda.ApplicationLogLevel.WARN,
    error: lambda.ApplicationLogLevel.ERROR,
  };
  return map[level];
}

/**
 * How cdk-nag writes a resource's ARN in a finding on `stack`: `<LogicalId.Arn>`, and, for a resource of another
 * stack once CDK has turned the reference into a nested stack's parameter (ADR 010), `<referencetoXArn>`; a
 * check run before synthesis sees the first, `cdk synth` the second.
 */
export function arnsAsNagSees(stack: Stack, construct: Construct | ITable | IBucket): string[] {
  const child = (construct as Construct).node.defaultChild;
  if (!child) throw new Error(`${(construct as Construct).node.path} has no CloudFormation resource to reference.`);
  const owner = Stack.of(child);
  const own = `<${owner.getLogicalId(child as never)}.Arn>`;
  if (owner === stack) return [own];
  return [own, `<${`reference-to-${Names.nodeUniqueId(child.node)}Arn`.replace(/[^A-Za-z0-9]/g, '')}>`];
}
