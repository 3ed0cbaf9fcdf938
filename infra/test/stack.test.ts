import { App, Stack } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALL_PATH_PREFIX, HTTP_ROUTES, PUBLIC_CALLS, TRIGGERS, callNameFromModule } from '@mapnest/lambdas/routes';
import { ADMIN_GROUP, TOKEN_VALIDITY } from '@mapnest/shared/constants';
import { EMBED_BOOT_SCRIPT } from '@mapnest/shared/embed-boot';
import { TABLE_INDEXES, TTL_ATTRIBUTE } from '@mapnest/shared/keys';
import { PUBLISHED_CACHE_CONTROL, PUBLISHED_EDGE_TTL_S } from '@mapnest/shared/maps';
import {
  CALL_TIMEOUT,
  DURATION_ALARM_SHARE,
  HANDLED_FAILURES_NAMESPACE,
  handledFailureMetric,
} from '../src/constructs/mapnest-function';
import {
  ACCOUNT_CONCURRENCY_ALARM,
  EDGE_5XX_MIN_REQUESTS,
  EDGE_5XX_PERCENT,
  SES_BOUNCE_RATE_ALARM,
  SES_COMPLAINT_RATE_ALARM,
} from '../src/constructs/monitoring';
import { CANARY_SOURCE } from '../src/constructs/canaries';
import { REQUEST_METRICS_FILTER, UPLOADS_NONCURRENT_DAYS } from '../src/constructs/storage';
import { GRADUAL_RELEASE, MAX_STACK_RESOURCES, ROUTE_THROTTLES, functionStackOf } from '../src/mapnest-stack';
import {
  CROSS_ORIGIN_STATIC_PATHS,
  IMMUTABLE_CACHE,
  REVALIDATE_CACHE,
  SHORT_CACHE,
  UNAUTHENTICATED_BODY,
} from '../src/constructs/web';
import { EMBED_BOOT_SCRIPT_SOURCE } from '../src/edge/headers';
import {
  SPA_REWRITE_SOURCE,
  SPA_STATUS_SOURCE,
  STRIP_PREFIX_SOURCE,
  VIEWER_IP_SOURCE,
  requireTokenSource,
} from '../src/edge/viewer-functions';
import { GRANTS, WRITING_CALLS } from '../src/grants';
import { readManifest, type Manifest } from '../src/manifest';
import { LAMBDAS_SRC } from '../src/paths';
import { STAGES } from '../src/stages';
import {
  acknowledgements,
  actionsOf,
  bundle,
  expectNagClean,
  FULL_STAGE,
  isFailureQueueStatement,
  isXrayStatement,
  functionsById,
  logicalIdByPath,
  nagFindings,
  resourcesOf,
  routes,
  statementsOf,
  synth,
  type Bundled,
  type Statement,
  type Synthesised,
} from './support';

/** A stand-in for web/dist: an index.html, an embed page and one hashed asset. */
const FIXTURE_WEB_DIST = resolve(import.meta.dirname, 'fixtures/web-dist');

let manifest: Manifest;
/** The callable files, listed by the test itself when the stacks are synthesised. */
let callFiles: string[];
let bundled: Bundled;
let dev: Synthesised;
let prod: Synthesised;

beforeAll(async () => {
  callFiles = readdirSync(join(LAMBDAS_SRC, 'calls')).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'),
  );
  manifest = readManifest();
  bundled = await bundle(manifest);
  dev = synth(STAGES.dev!, manifest, bundled.bundles);
  prod = synth(STAGES.prod!, manifest, bundled.bundles);
}, 180_000);

const json = (value: unknown) => JSON.stringify(value);
const getAtt = (logicalId: string) => ({ 'Fn::GetAtt': [logicalId, 'Arn'] });
const objectArn = (bucketLogicalId: string, pattern: string) => ({
  'Fn::Join': ['', [getAtt(bucketLogicalId), `/${pattern}`]],
});

describe('functions and routes', () => {
  it('gives every callable file exactly one function and one route', () => {
    const modules = callFiles.map((f) => f.replace(/\.ts$/, ''));
    expect(modules.length).toBeGreaterThan(0);
    expect(modules).toContain('get-profile');
    const fns = functionsById(dev.template);
    const all = routes(dev.template);
    for (const module of modules) {
      const fn = fns.get(`calls/${module}`);
      expect(fn, `function for calls/${module}`).toBeDefined();
      const matching = all.filter((r) => r.routeKey === `POST /api/fn/${callNameFromModule(module)}`);
      expect(matching, `route for calls/${module}`).toHaveLength(1);
      expect(matching[0]!.functionLogicalId).toBe(fn!.logicalId);
      expect(all.filter((r) => r.functionLogicalId === fn!.logicalId)).toHaveLength(1);
    }
  });

  it('provisions nothing but the manifest: one function per module, one route per declared route', () => {
    const expectedIds = manifest.functions.map((f) => f.id).sort();
    expect([...functionsById(dev.template).keys()].sort()).toEqual(expectedIds);
    const expectedRoutes = manifest.functions.flatMap((f) => f.routes.map((r) => `${r.method} ${r.path}`)).sort();
    expect(
      routes(dev.template)
        .map((r) => r.routeKey)
        .sort(),
    ).toEqual(expectedRoutes);
  });

  it('puts every call route behind the Cognito JWT authorizer and leaves every public route open', () => {
    const authorizerId = logicalIdByPath(dev.template, 'AWS::ApiGatewayV2::Authorizer', 'CognitoJwt');
    const publicKeys = new Set([
      ...HTTP_ROUTES.map((r) => `${r.method} ${r.path}`),
      ...PUBLIC_CALLS.map((name) => `POST ${CALL_PATH_PREFIX}${name}`),
    ]);
    expect(routes(dev.template).filter((r) => r.authorizationType === 'JWT').length).toBeGreaterThan(0);
    for (const route of routes(dev.template)) {
      if (publicKeys.has(route.routeKey)) {
        expect(route.authorizationType, route.routeKey).toBe('NONE');
        expect(route.authorizerId, route.routeKey).toBeUndefined();
      } else {
        expect(route.routeKey).toMatch(/^POST \/api\/fn\/[a-z][a-zA-Z0-9]*$/);
        expect(route.authorizationType, route.routeKey).toBe('JWT');
        expect(route.authorizerId, route.routeKey).toEqual({ Ref: authorizerId });
      }
    }
  });

  it('leaves the Stripe webhook route without an authorizer: Stripe signs its requests instead', () => {
    expect(HTTP_ROUTES.some((r) => r.module === 'stripe-webhook')).toBe(true);
    const webhook = routes(dev.template).find((r) => r.routeKey === 'POST /api/stripe/webhook');
    expect(webhook?.authorizationType).toBe('NONE');
    expect(webhook?.functionLogicalId).toBe(functionsById(dev.template).get('http/stripe-webhook')!.logicalId);
  });

  it('lets the webhook read only its own secrets: the signing secret, the price ids and the API key (to read a subscription when two events conflict)', () => {
    const fn = functionsById(dev.template).get('http/stripe-webhook')!;
    const env = (fn.properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(
      Object.keys(env)
        .filter((k) => k.endsWith('_PARAMETER'))
        .sort(),
    ).toEqual(['STRIPE_PRICES_PARAMETER', 'STRIPE_SECRET_KEY_PARAMETER', 'STRIPE_WEBHOOK_SECRET_PARAMETER']);
    const ssm = statementsOf(dev.template, fn).filter((s) => actionsOf(s).some((a) => a.startsWith('ssm:')));
    expect(
      ssm
        .flatMap((s) => resourcesOf(s))
        .map((r) => json(r))
        .sort(),
    ).toEqual(
      ['/mapnest/dev/stripe/prices', '/mapnest/dev/stripe/secret-key', '/mapnest/dev/stripe/webhook-secret']
        .map((name) => json(`arn:aws:ssm:us-east-1:123456789012:parameter${name}`))
        .sort(),
    );
  });

  it("verifies ID tokens of this stage's user pool and web client", () => {
    dev.template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: logicalIdByPath(dev.template, 'AWS::Cognito::UserPoolClient', 'Auth/UserPool/WebClient') }],
        Issuer: {
          'Fn::Join': [
            '',
            [
              'https://cognito-idp.us-east-1.amazonaws.com/',
              { Ref: logicalIdByPath(dev.template, 'AWS::Cognito::UserPool', 'Auth/UserPool') },
            ],
          ],
        },
      },
    });
  });

  it('provisions every trigger whose module exists', () => {
    const fns = functionsById(dev.template);
    for (const trigger of TRIGGERS) {
      const provisioned = fns.has(`triggers/${trigger.module}`);
      expect(provisioned, trigger.module).toBe(!manifest.missing.includes(`triggers/${trigger.module}`));
    }
    const customMessage = fns.get('triggers/cognito-custom-message')!;
    // One function answers the pool's emails, the three challenges of the email-link sign-in (ADR 036) and the
    // confirmation of a password reset, which ends every session of the account (ADR 079).
    dev.template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: {
        CustomMessage: getAtt(customMessage.logicalId),
        DefineAuthChallenge: getAtt(customMessage.logicalId),
        CreateAuthChallenge: getAtt(customMessage.logicalId),
        VerifyAuthChallengeResponse: getAtt(customMessage.logicalId),
        PostConfirmation: getAtt(customMessage.logicalId),
      },
    });
  });

  it('runs every scheduled trigger on its manifest schedule', () => {
    const fns = functionsById(dev.template);
    const scheduled = manifest.functions.filter((f) => f.trigger === 'schedule');
    const rules = Object.values(dev.template.findResources('AWS::Events::Rule')) as Array<{
      Properties: { ScheduleExpression: string; State: string; Targets: Array<{ Arn: unknown }> };
    }>;
    expect(rules).toHaveLength(scheduled.length);
    for (const spec of scheduled) {
      const fn = fns.get(spec.id)!;
      const rule = rules.find((r) => json(r.Properties.Targets).includes(fn.logicalId));
      expect(rule?.Properties, spec.id).toMatchObject({
        ScheduleExpression: spec.schedule,
        State: 'ENABLED',
        Targets: [{ Arn: getAtt(fn.logicalId) }],
      });
    }
  });

  it('seeds the demo and example maps at each deployment: a custom resource on its own function, after its role and policy, rerun when the bundle changes', () => {
    for (const { template } of [dev, prod]) {
      const fn = functionsById(template).get('triggers/seed-demo-maps')!;
      expect(fn, 'the seeding function').toBeDefined();
      const runs = Object.entries(template.findResources('Custom::MapnestSeedDemoMaps')) as Array<
        [string, { Properties: Record<string, unknown>; DependsOn?: string[] }]
      >;
      expect(runs).toHaveLength(1);
      const [, run] = runs[0]!;
      const bundleJs = readFileSync(join(bundled.bundles.get('triggers/seed-demo-maps')!.dir, 'index.mjs'));
      expect(run.Properties).toEqual({
        ServiceToken: getAtt(fn.logicalId),
        ServiceTimeout: '300',
        BundleHash: createHash('sha256').update(bundleJs).digest('hex'),
      });
      const roleId = (fn.properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const policyIds = Object.entries(template.findResources('AWS::IAM::Policy'))
        .filter(([, p]) =>
          (p as { Properties: { Roles: Array<{ Ref: string }> } }).Properties.Roles.some((r) => r.Ref === roleId),
        )
        .map(([id]) => id);
      expect(policyIds.length).toBeGreaterThan(0);
      expect(run.DependsOn).toEqual(expect.arrayContaining([fn.logicalId, roleId, ...policyIds]));
      // Nothing invokes it but CloudFormation: no schedule, no bucket notification, no API route.
      expect(json(template.findResources('AWS::Events::Rule'))).not.toContain(fn.logicalId);
      expect(routes(template).filter((r) => json(r).includes(fn.logicalId))).toEqual([]);
    }
  });

  it('declares grants for every provisioned function', () => {
    const missing = manifest.functions.map((f) => f.id).filter((id) => !(id in GRANTS));
    expect(missing, 'add these ids to infra/src/grants.ts').toEqual([]);
  });

  it('pins runtime, handler, timeout, memory and JSON logging on every function', () => {
    // nodejs24.x is the newest runtime, so cdk-nag's L1 has nothing to say and nothing acknowledges it.
    const ownL1 = acknowledgements(dev.stack).filter((a) => a.id === 'AwsSolutions-L1' && /\/Functions\//.test(a.path));
    expect(ownL1).toEqual([]);
    for (const fn of functionsById(dev.template).values()) {
      const p = fn.properties;
      expect(p.Runtime, fn.id).toBe('nodejs24.x');
      expect(p.Handler, fn.id).toBe('index.handler');
      expect(p.Architectures, fn.id).toEqual([fn.id === 'triggers/thumbnail' ? 'x86_64' : 'arm64']);
      expect(p.LoggingConfig, fn.id).toMatchObject({
        LogFormat: 'JSON',
        ApplicationLogLevel: 'DEBUG',
        SystemLogLevel: 'WARN',
      });
      expect(p.MemorySize, fn.id).toBeGreaterThanOrEqual(256);
      if (fn.id.startsWith('calls/') || fn.id.startsWith('http/')) {
        // API Gateway HTTP APIs end the request at 30 s whatever the function does.
        expect(p.Timeout, fn.id).toBe(CALL_TIMEOUT.toSeconds());
        expect(p.Timeout as number).toBeLessThan(30);
      }
    }
    expect(functionsById(prod.template).get('calls/get-profile')!.properties.LoggingConfig).toMatchObject({
      ApplicationLogLevel: 'INFO',
    });
  });

  it('hands every function the environment the handlers read, and the trigger no user pool id', () => {
    const fns = functionsById(dev.template);
    for (const fn of fns.values()) {
      const env = (fn.properties.Environment as { Variables: Record<string, unknown> }).Variables;
      for (const name of [
        'TABLE_NAME',
        'DOCUMENTS_BUCKET',
        'PUBLIC_BUCKET',
        'UPLOADS_BUCKET',
        'APP_ORIGIN',
        'LOG_LEVEL',
      ]) {
        expect(env[name], `${fn.id} ${name}`).toBeDefined();
      }
      expect(env.AWS_REGION, 'reserved by Lambda').toBeUndefined();
      if (fn.id === 'triggers/cognito-custom-message') expect(env.USER_POOL_ID).toBeUndefined();
      else
        expect(env.USER_POOL_ID, fn.id).toEqual({
          Ref: logicalIdByPath(dev.template, 'AWS::Cognito::UserPool', 'Auth/UserPool'),
        });
    }
    const env = (fns.get('calls/get-profile')!.properties.Environment as { Variables: Record<string, unknown> })
      .Variables;
    expect(env.TABLE_NAME).toEqual({ Ref: logicalIdByPath(dev.template, 'AWS::DynamoDB::Table', 'Data/Table') });
    expect(env.APP_ORIGIN).toEqual({
      'Fn::Join': [
        '',
        [
          'https://',
          {
            'Fn::GetAtt': [
              logicalIdByPath(dev.template, 'AWS::CloudFront::Distribution', 'Web/Distribution'),
              'DomainName',
            ],
          },
        ],
      ],
    });
  });
});

describe('least privilege', () => {
  let ids: Record<string, string>;
  beforeAll(() => {
    ids = {
      table: logicalIdByPath(dev.template, 'AWS::DynamoDB::Table', 'Data/Table'),
      documents: logicalIdByPath(dev.template, 'AWS::S3::Bucket', 'Storage/Documents/'),
      uploads: logicalIdByPath(dev.template, 'AWS::S3::Bucket', 'Storage/Uploads/'),
      public: logicalIdByPath(dev.template, 'AWS::S3::Bucket', 'Storage/PublicData/'),
      userPool: logicalIdByPath(dev.template, 'AWS::Cognito::UserPool', 'Auth/UserPool'),
    };
  });

  const statementsFor = (id: string) => statementsOf(dev.template, functionsById(dev.template).get(id)!);
  const dataStatements = (id: string) =>
    statementsFor(id).filter(
      (s) => !actionsOf(s).every((a) => a.startsWith('logs:')) && !isXrayStatement(s) && !isFailureQueueStatement(s),
    );

  it("never grants a wildcard action or a bare * resource (but X-Ray's two actions and ListStreams, which have no resources)", () => {
    for (const fn of functionsById(dev.template).values()) {
      for (const s of statementsOf(dev.template, fn)) {
        // ListStreams for the one function that reads the table's stream only.
        if (actionsOf(s).includes('dynamodb:ListStreams')) expect(fn.id).toBe('triggers/follow-ups');
        if (isXrayStatement(s)) continue;
        expect(s.Effect).toBe('Allow');
        for (const action of actionsOf(s)) expect(action, fn.id).not.toMatch(/\*/);
        for (const resource of resourcesOf(s)) expect(resource, fn.id).not.toBe('*');
      }
    }
  });

  it('lets each function write only to its own log group', () => {
    for (const fn of functionsById(dev.template).values()) {
      const logGroup = (fn.properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      const logs = statementsOf(dev.template, fn).filter((s) => actionsOf(s).some((a) => a.startsWith('logs:')));
      expect(logs, fn.id).toHaveLength(1);
      expect(actionsOf(logs[0]!).sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
      expect(logs[0]!.Resource).toEqual(getAtt(logGroup));
    }
  });

  it("scopes every data statement to this stage's table, buckets, user pool or Stripe parameters", () => {
    const buckets = [ids.documents!, ids.uploads!, ids.public!];
    const allowed = (resource: unknown): boolean => {
      const text = json(resource);
      if (text === json(getAtt(ids.table!)) || text === json({ 'Fn::Join': ['', [getAtt(ids.table!), '/index/*']] }))
        return true;
      // The table's stream (the follow-ups' trigger reads it).
      if (text === json({ 'Fn::GetAtt': [ids.table!, 'StreamArn'] })) return true;
      if (text === json(getAtt(ids.userPool!))) return true;
      if (buckets.some((b) => text === json(getAtt(b)))) return true;
      const join = (resource as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
      if (
        join &&
        join[1].length === 2 &&
        buckets.some((b) => json(join[1][0]) === json(getAtt(b))) &&
        /^\/[^*]*\*/.test(String(join[1][1]))
      )
        return true;
      return /parameter\/mapnest\/dev\/(stripe|marketplace)\//.test(text);
    };
    for (const fn of functionsById(dev.template).values()) {
      for (const s of dataStatements(fn.id)) {
        for (const resource of resourcesOf(s)) expect(allowed(resource), `${fn.id}: ${json(resource)}`).toBe(true);
      }
    }
  });

  it('gives functions that touch no data no data permissions beyond the checks of every call', () => {
    // Every call may look a user up by email (ListUsers): the administrator's view-as by address resolves to an id;
    // every signed-in call reads the caller's sessions-ended mark (ADR 079).
    const viewAsLookup = (s: Statement) => json(actionsOf(s)) === json(['cognito-idp:ListUsers']);
    const tableReads = (s: Statement) =>
      actionsOf(s).every((a) => /^dynamodb:(GetItem|BatchGetItem|Query|ConditionCheckItem)$/.test(a));
    for (const id of ['calls/get-profile']) {
      expect(
        dataStatements(id).filter((s) => !viewAsLookup(s) && !tableReads(s)),
        id,
      ).toEqual([]);
    }
    expect(dataStatements('calls/submit-contact').flatMap(actionsOf)).not.toContain('dynamodb:BatchGetItem');
  });

  it("lets the user pool's trigger put and delete sign-in tokens, mark sessions ended and sign a user out, and nothing else", () => {
    const statements = dataStatements('triggers/cognito-custom-message');
    expect(statements.flatMap(actionsOf).sort()).toEqual([
      'cognito-idp:AdminUserGlobalSignOut',
      'dynamodb:BatchWriteItem',
      'dynamodb:ConditionCheckItem',
      'dynamodb:DeleteItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
    ]);
    // The table itself (no index, no bucket) and the user pool, for signing out only.
    for (const s of statements)
      for (const resource of resourcesOf(s))
        expect(json(resource)).toContain(actionsOf(s)[0]!.startsWith('cognito-idp:') ? ids.userPool : ids.table);
    expect(json(statements)).not.toMatch(/index|s3:/);
  });

  it("grants the pool's trigger its user pool action in a policy the function does not depend on (no cycle)", () => {
    const fn = functionsById(dev.template).get('triggers/cognito-custom-message')!;
    const roleId = (fn.properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    type Resource = {
      Type: string;
      DependsOn?: string | string[];
      Properties: { Roles?: Array<{ Ref: string }>; PolicyDocument?: unknown };
    };
    const resources = dev.template.toJSON().Resources as Record<string, Resource>;
    const namingPool = Object.entries(resources).filter(
      ([, r]) =>
        r.Type === 'AWS::IAM::Policy' &&
        (r.Properties.Roles ?? []).some((role) => role.Ref === roleId) &&
        json(r.Properties.PolicyDocument).includes(`"${ids.userPool!}"`),
    );
    // The pool names the function as its trigger: a policy the function waits for must not name the pool.
    expect(namingPool).toHaveLength(1);
    const dependsOn = [resources[fn.logicalId]!.DependsOn ?? []].flat();
    expect(dependsOn.length).toBeGreaterThan(0);
    expect(dependsOn).not.toContain(namingPool[0]![0]);
  });

  it('lets the health check look at each dependency and change nothing', () => {
    const actions = dataStatements('http/health').flatMap(actionsOf);
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.filter((a) => /Put|Update|Delete|Write/.test(a))).toEqual([]);
  });

  it('limits map document access to maps/* in the documents bucket', () => {
    const save = dataStatements('calls/save-map');
    const documents = save.filter((s) => json(s.Resource).includes(ids.documents!));
    expect(documents).toHaveLength(1);
    expect(documents[0]!.Resource).toEqual(objectArn(ids.documents!, 'maps/*'));
    expect(actionsOf(documents[0]!).sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    // save-map republishes: writes and removes public copies, never reads or lists them, never touches uploads.
    const published = save.filter((s) => json(s.Resource).includes(ids.public!));
    expect(published.map((s) => [actionsOf(s).sort(), s.Resource])).toEqual([
      [['s3:DeleteObject', 's3:PutObject'], objectArn(ids.public!, 'maps/*')],
    ]);
    expect(json(save)).not.toContain(ids.uploads!);
  });

  it('lets the avatar calls write an avatar only by copying an upload setAvatar has checked', () => {
    /** The object actions of a function in the uploads bucket, by key pattern. */
    const objects = (id: string) => {
      const byPattern: Record<string, string[]> = {};
      for (const s of dataStatements(id)) {
        if (actionsOf(s).includes('s3:ListBucket')) continue;
        for (const resource of resourcesOf(s)) {
          const [bucket, pattern] = (resource as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join']?.[1] ?? [];
          if (json(bucket) !== json(getAtt(ids.uploads!))) continue;
          byPattern[String(pattern)] = [...(byPattern[String(pattern)] ?? []), ...actionsOf(s)].sort();
        }
      }
      return byPattern;
    };
    // The browser's presigned POST writes the upload's key, never the avatar's.
    expect(objects('calls/create-avatar-upload')).toEqual({ '/*/.avatar-upload.*': ['s3:PutObject'] });
    // CopyObject reads the upload (GetObject) and writes the avatar (PutObject); each is removed once replaced.
    expect(objects('calls/set-avatar')).toEqual({
      '/*/.avatar-upload.*': ['s3:DeleteObject', 's3:GetObject'],
      '/*/.avatar.*': ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'],
    });
    expect(objects('calls/clear-avatar')).toEqual({
      '/*/.avatar-upload.*': ['s3:DeleteObject'],
      '/*/.avatar.*': ['s3:DeleteObject'],
    });
  });

  it('keeps read-only calls read-only', () => {
    for (const id of ['calls/list-maps', 'calls/get-map', 'calls/get-slots']) {
      const actions = dataStatements(id).flatMap(actionsOf);
      expect(actions, id).toContain('dynamodb:Query');
      expect(
        actions.filter((a) => /Put|Update|Delete|Write/.test(a)),
        id,
      ).toEqual([]);
    }
    const getMap = dataStatements('calls/get-map').find((s) => json(s.Resource).includes(ids.documents!))!;
    expect(actionsOf(getMap)).toEqual(['s3:GetObject']);
  });

  it('lets the demo-map seeding create, check and publish maps and do nothing else: no table deletes, no uploads, users or secrets', () => {
    const statements = dataStatements('triggers/seed-demo-maps');
    const on = (logicalId: string) =>
      statements
        .filter((s) => json(s.Resource).includes(`"${logicalId}"`))
        .flatMap(actionsOf)
        .sort();
    expect(on(ids.table!)).toEqual([
      'dynamodb:BatchGetItem',
      'dynamodb:ConditionCheckItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    expect(on(ids.documents!)).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    // Listing the public bucket only tells a missing published copy (404) from a denied one (HeadObject).
    expect(on(ids.public!)).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:ListBucket', 's3:PutObject']);
    for (const s of statements) {
      const objects = actionsOf(s).some((a) => a.endsWith('Object'));
      if (
        objects &&
        (json(s.Resource).includes(`"${ids.documents!}"`) || json(s.Resource).includes(`"${ids.public!}"`))
      )
        expect(json(s.Resource)).toContain('/maps/*');
    }
    expect(statements.flatMap(actionsOf).filter((a) => !a.startsWith('dynamodb:') && !a.startsWith('s3:'))).toEqual([]);
  });

  it('lets only functions declared to delete delete table items', () => {
    for (const fn of functionsById(dev.template).values()) {
      const deletes = dataStatements(fn.id)
        .flatMap(actionsOf)
        .some((a) => a === 'dynamodb:DeleteItem' || a === 'dynamodb:BatchWriteItem');
      expect(deletes, fn.id).toBe(Boolean(GRANTS[fn.id]?.table?.includes('delete')));
    }
  });

  it("keeps every stack of a stage at half CloudFormation's 500-resource limit or less (docs/adr/010-stack-size-plan.md)", () => {
    for (const stage of [dev, prod]) {
      const counts = Object.fromEntries(
        Object.entries(stage.templates).map(([id, t]) => [
          id,
          Object.keys((t.toJSON() as { Resources: object }).Resources).length,
        ]),
      );
      console.log(`resources per stack (${stage.stack.stackName}): ${JSON.stringify(counts)}`);
      expect(Object.keys(counts).sort()).toEqual(
        ['root', 'Api', 'Edge', 'Auth', 'MapFunctions', 'ServiceFunctions', 'Release', 'Monitoring'].sort(),
      );
      for (const [id, count] of Object.entries(counts))
        expect(count, `${id}: past ${MAX_STACK_RESOURCES} resources; ADR 010 says where to split`).toBeLessThanOrEqual(
          MAX_STACK_RESOURCES,
        );
      // The whole stage is far past what one stack could hold with room to grow.
      expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBeGreaterThan(MAX_STACK_RESOURCES);
    }
  });

  it('places each function in the nested stack its module names, and the Cognito trigger with the user pool', () => {
    const pathOf = (id: string) => dev.stack.functions.find((fn) => fn.spec.id === id)!.node.path;
    expect(pathOf('calls/save-map')).toMatch(/\/MapFunctions\/Functions\/CallSaveMap$/);
    expect(pathOf('calls/list-maps')).toMatch(/\/MapFunctions\//);
    expect(pathOf('calls/get-profile')).toMatch(/\/ServiceFunctions\//);
    expect(pathOf('http/stripe-webhook')).toMatch(/\/ServiceFunctions\//);
    expect(pathOf('triggers/cognito-custom-message')).toMatch(/\/Auth\/Functions\//);
    for (const fn of dev.stack.functions.filter((f) => f.spec.trigger !== 'cognito-custom-message'))
      expect(fn.node.path, fn.spec.id).toContain(`/${functionStackOf(fn.spec)}/`);
    // The stateful resources stay in the root stack.
    for (const type of ['AWS::DynamoDB::Table', 'AWS::S3::Bucket', 'AWS::SNS::Topic'])
      expect(Object.keys(dev.templates.root!.findResources(type)).length, type).toBeGreaterThan(0);
    expect(Object.keys(dev.templates.Auth!.findResources('AWS::Cognito::UserPool'))).toHaveLength(1);
  });

  it('lets only scheduled sweeps scan the table', () => {
    for (const fn of functionsById(dev.template).values()) {
      const scans = dataStatements(fn.id).flatMap(actionsOf).includes('dynamodb:Scan');
      if (scans) expect(manifest.functions.find((f) => f.id === fn.id)!.trigger, fn.id).toBe('schedule');
      // The expiry sweep reads the sparse index of what is due (GSI3) instead.
      if (fn.id === 'triggers/expire-test-maps') expect(scans).toBe(false);
    }
  });

  it('conditions listing on the declared prefix', () => {
    const list = dataStatements('calls/delete-map').find((s) => actionsOf(s).includes('s3:ListBucket'))!;
    expect(list.Resource).toEqual(getAtt(ids.documents!));
    expect(list.Condition).toEqual({ StringLike: { 's3:prefix': ['maps/*'] } });
  });

  it('lets every call that writes read the account tombstones and look up the user an administrator acts for', () => {
    const declared = callFiles
      .filter((f) => /\bwrites: true\b/.test(readFileSync(join(LAMBDAS_SRC, 'calls', f), 'utf8')))
      .map((f) => f.replace(/\.ts$/, ''));
    expect(declared.sort()).toEqual([...WRITING_CALLS].sort());
    for (const call of WRITING_CALLS) {
      const actions = dataStatements(`calls/${call}`).flatMap(actionsOf);
      expect(actions, call).toContain('dynamodb:BatchGetItem');
      expect(actions, call).toContain('cognito-idp:AdminGetUser');
    }
    expect(dataStatements('calls/delete-user-data').flatMap(actionsOf)).toEqual(
      expect.arrayContaining(['cognito-idp:AdminUserGlobalSignOut', 'dynamodb:PutItem']),
    );
  });

  it('reserves concurrency for no function (a new account with a quota of 10 could not deploy any reservation)', () => {
    for (const fn of functionsById(dev.template).values())
      expect(fn.properties.ReservedConcurrentExecutions, fn.id).toBeUndefined();
  });

  it("matches every function's permissions to its GRANTS entry", () => {
    const bucketIds = { documents: ids.documents!, uploads: ids.uploads!, public: ids.public! };
    for (const fn of functionsById(dev.template).values()) {
      // A function without an entry gets nothing (the test above names it).
      const grants = GRANTS[fn.id] ?? {};
      const statements = dataStatements(fn.id);
      const touches = (logicalId: string) =>
        statements.some((s: Statement) => json(s.Resource).includes(`"${logicalId}"`));
      expect(touches(ids.table!), `${fn.id} table`).toBe(Boolean(grants.table?.length));
      for (const [name, logicalId] of Object.entries(bucketIds)) {
        expect(touches(logicalId), `${fn.id} ${name}`).toBe(Boolean(grants[name as keyof typeof bucketIds]));
      }
      expect(touches(ids.userPool!), `${fn.id} user pool`).toBe(Boolean(grants.userPool?.length));
      expect(
        statements.some((s) => actionsOf(s).includes('ssm:GetParameter')),
        `${fn.id} parameters`,
      ).toBe(Boolean(grants.stripe?.length || grants.marketplace));
    }
  });
});

describe('data', () => {
  it('keys the single table by pk/sk with both GSIs projecting everything, on demand, with TTL and PITR', () => {
    for (const { template } of [dev, prod]) {
      template.hasResourceProperties('AWS::DynamoDB::Table', {
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
        GlobalSecondaryIndexes: Object.values(TABLE_INDEXES).map((index) => ({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.pk, KeyType: 'HASH' },
            { AttributeName: index.sk, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      });
    }
  });

  it('retains and protects the table on prod and lets dev go', () => {
    prod.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
    dev.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtectionEnabled: false }),
    });
  });
});

describe('storage', () => {
  const bucket = (template: Template, path: string) =>
    template.findResources('AWS::S3::Bucket')[logicalIdByPath(template, 'AWS::S3::Bucket', path)] as {
      Properties: Record<string, unknown>;
      DeletionPolicy: string;
    };

  it('encrypts every bucket, blocks public access and refuses plain HTTP', () => {
    for (const [logicalId, resource] of Object.entries(dev.template.findResources('AWS::S3::Bucket'))) {
      const p = (resource as { Properties: Record<string, unknown> }).Properties;
      expect(p.BucketEncryption, logicalId).toEqual({
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      });
      expect(p.PublicAccessBlockConfiguration, logicalId).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      dev.template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: logicalId },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    }
  });

  it('versions map documents and opens uploads to browser presigned POST and GET, documents to GET only', () => {
    const documents = bucket(dev.template, 'Storage/Documents/').Properties;
    expect(documents.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(
      (documents.CorsConfiguration as { CorsRules: Array<{ AllowedMethods: string[] }> }).CorsRules[0]!.AllowedMethods,
    ).toEqual(['GET', 'HEAD']);
    const cors = bucket(dev.template, 'Storage/Uploads/').Properties.CorsConfiguration as {
      CorsRules: Array<{ AllowedMethods: string[] }>;
    };
    expect(cors.CorsRules[0]!.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'HEAD']));
    for (const path of ['Storage/PublicData/', 'Storage/Spa/'])
      expect(bucket(dev.template, path).Properties.CorsConfiguration, path).toBeUndefined();
  });

  it('versions uploads, so a replaced or deleted file can be restored, and expires old versions (30 days on prod)', () => {
    for (const [t, days] of [
      [prod.template, UPLOADS_NONCURRENT_DAYS],
      [dev.template, 7],
    ] as const) {
      const uploads = bucket(t, 'Storage/Uploads/').Properties;
      expect(uploads.VersioningConfiguration).toEqual({ Status: 'Enabled' });
      expect(uploads.LifecycleConfiguration).toEqual({
        Rules: [expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: days }, Status: 'Enabled' })],
      });
    }
    expect(UPLOADS_NONCURRENT_DAYS).toBe(30);
  });

  it('retains data buckets on prod and empties them on dev', () => {
    for (const path of ['Storage/Documents/', 'Storage/Uploads/', 'Storage/PublicData/']) {
      expect(bucket(prod.template, path).DeletionPolicy, path).toBe('Retain');
      expect(bucket(dev.template, path).DeletionPolicy, path).toBe('Delete');
    }
    expect(Object.keys(prod.template.findResources('Custom::S3AutoDeleteObjects'))).toHaveLength(0);
  });
});

describe('auth', () => {
  it('signs in by email, verifies by the custom message link, and keeps the old email until the new one is verified', () => {
    dev.template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      VerificationMessageTemplate: Match.objectLike({ DefaultEmailOption: 'CONFIRM_WITH_CODE' }),
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 8,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        }),
      },
    });
    dev.template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: ADMIN_GROUP });
  });

  it('gives the web client password, email-link (custom) and refresh flows, no secret, no SRP, and no way to write email_verified', () => {
    dev.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_CUSTOM_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      // A custom sign-in for an unknown address fails like a wrong token: nobody learns which addresses have accounts.
      PreventUserExistenceErrors: 'ENABLED',
      GenerateSecret: false,
      SupportedIdentityProviders: ['COGNITO'],
      WriteAttributes: ['email', 'name'],
      // The ID token carries what the client may read: the avatar URL (picture) included.
      ReadAttributes: ['email', 'email_verified', 'name', 'picture'],
      // The lifetimes the local stack's client has too (scripts/local/cognito.ts, test/foundation/gateway.test.ts).
      IdTokenValidity: TOKEN_VALIDITY.idHours * 60,
      AccessTokenValidity: TOKEN_VALIDITY.accessHours * 60,
      RefreshTokenValidity: TOKEN_VALIDITY.refreshDays * 24 * 60,
      TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'minutes' },
    });
  });

  it('adds no Google provider or hosted domain unless the stage names one', () => {
    expect(Object.keys(dev.template.findResources('AWS::Cognito::UserPoolIdentityProvider'))).toHaveLength(0);
    expect(Object.keys(dev.template.findResources('AWS::Cognito::UserPoolDomain'))).toHaveLength(0);
  });

  it('protects the prod user pool', () => {
    prod.template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
    });
  });
});

describe('api', () => {
  it('throttles the stage and writes JSON access logs', () => {
    prod.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: STAGES.prod!.throttle.rateLimit,
        ThrottlingBurstLimit: STAGES.prod!.throttle.burstLimit,
      },
      AccessLogSettings: {
        DestinationArn: Match.anyValue(),
        Format: Match.stringLikeRegexp('"requestId":"\\$context.requestId"'),
      },
    });
  });

  it('allows CORS only from configured origins: local dev servers on dev, none on prod', () => {
    dev.template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      CorsConfiguration: Match.objectLike({ AllowOrigins: STAGES.dev!.extraOrigins }),
    });
    prod.template.hasResourceProperties('AWS::ApiGatewayV2::Api', { CorsConfiguration: Match.absent() });
  });
});

describe('web', () => {
  /** CloudFront's managed policies, by their fixed ids. */
  const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
  const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
  const ALL_VIEWER_EXCEPT_HOST = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

  interface Behaviour {
    PathPattern?: string;
    TargetOriginId: string;
    CachePolicyId: unknown;
    OriginRequestPolicyId?: unknown;
    ResponseHeadersPolicyId: unknown;
    FunctionAssociations?: Array<{ EventType: string; FunctionARN: unknown }>;
    ViewerProtocolPolicy: string;
    AllowedMethods?: string[];
  }
  interface Deployment {
    Properties: {
      DestinationBucketName: unknown;
      Include?: string[];
      Exclude?: string[];
      Prune?: boolean;
      SystemMetadata?: Record<string, string>;
      DistributionId?: unknown;
      DistributionPaths?: string[];
      SourceMarkers?: unknown;
    };
    DependsOn?: string[];
  }
  interface Origin {
    Id: string;
    DomainName: unknown;
    OriginAccessControlId?: unknown;
    CustomOriginConfig?: Record<string, unknown>;
  }
  let config: {
    DefaultCacheBehavior: Behaviour;
    CacheBehaviors: Behaviour[];
    Origins: Origin[];
    CustomErrorResponses?: unknown;
    Logging?: unknown;
  };
  let t: Template;
  beforeAll(() => {
    t = dev.template;
    const [distribution] = Object.values(t.findResources('AWS::CloudFront::Distribution')) as Array<{
      Properties: { DistributionConfig: typeof config };
    }>;
    config = distribution!.Properties.DistributionConfig;
  });
  const behaviour = (pattern: string) => config.CacheBehaviors.find((b) => b.PathPattern === pattern)!;
  const origin = (b: Behaviour) => config.Origins.find((o) => o.Id === b.TargetOriginId)!;
  const fnRef = (path: string) => ({
    'Fn::GetAtt': [logicalIdByPath(t, 'AWS::CloudFront::Function', path), 'FunctionARN'],
  });
  /** A CloudFormation string with tokens, as text ({Ref}s and attributes become <token>). */
  const text = (value: unknown): string => {
    if (typeof value === 'string') return value;
    const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
    return join ? join[1].map(text).join(join[0]) : '<token>';
  };
  interface HeadersConfig {
    SecurityHeadersConfig: {
      ContentSecurityPolicy: { ContentSecurityPolicy: unknown };
      FrameOptions?: { FrameOption: string; Override: boolean };
      StrictTransportSecurity?: Record<string, unknown>;
      ContentTypeOptions?: unknown;
      ReferrerPolicy?: unknown;
    };
    CorsConfig?: Record<string, unknown>;
  }
  const headers = (b: Behaviour) => {
    const id = (b.ResponseHeadersPolicyId as { Ref: string }).Ref;
    return (
      t.findResources('AWS::CloudFront::ResponseHeadersPolicy')[id] as {
        Properties: { ResponseHeadersPolicyConfig: HeadersConfig };
      }
    ).Properties.ResponseHeadersPolicyConfig;
  };

  it("routes /m, /data, /files, the embed's static files and /api (calls first) before the SPA default", () => {
    expect(config.CacheBehaviors.map((b) => b.PathPattern)).toEqual([
      '/m/*',
      '/data/*',
      '/files/*',
      '/assets/*',
      '/embed.js',
      '/demo/*',
      '/builtin/*',
      '/api/fn/*',
      '/api/*',
    ]);
  });

  it('serves embed.js, hashed assets and the demo and built-in maps to other sites: CORS, no SPA fallback, cached by origin headers', () => {
    expect(CROSS_ORIGIN_STATIC_PATHS).toEqual(['/assets/*', '/embed.js', '/demo/*', '/builtin/*']);
    for (const pattern of CROSS_ORIGIN_STATIC_PATHS) {
      const b = behaviour(pattern);
      expect(b.TargetOriginId, pattern).toBe(config.DefaultCacheBehavior.TargetOriginId);
      // A missing /assets/x.js must stay an error, not the app's index.html.
      expect(b.FunctionAssociations, pattern).toBeUndefined();
      expect(b.CachePolicyId, pattern).toBe(CACHING_OPTIMIZED);
      expect(b.AllowedMethods, pattern).toEqual(['GET', 'HEAD', 'OPTIONS']);
      expect(b.ViewerProtocolPolicy, pattern).toBe('redirect-to-https');
      const h = headers(b);
      expect(h.CorsConfig, pattern).toMatchObject({
        AccessControlAllowOrigins: { Items: ['*'] },
        AccessControlAllowMethods: { Items: ['GET', 'HEAD'] },
        AccessControlAllowCredentials: false,
        OriginOverride: true,
      });
      expect(h.SecurityHeadersConfig.StrictTransportSecurity, pattern).toBeDefined();
    }
    // The app's pages and its API stay without CORS.
    expect(headers(config.DefaultCacheBehavior).CorsConfig).toBeUndefined();
    expect(headers(behaviour('/api/*')).CorsConfig).toBeUndefined();
    expect(headers(behaviour('/m/*')).CorsConfig).toBeUndefined();
  });

  // Viewer request picks index.html, embed.html or the not-found page; viewer response gives the last its 404.
  const spaFunctions = () => [
    { EventType: 'viewer-request', FunctionARN: fnRef('Web/SpaRewrite') },
    { EventType: 'viewer-response', FunctionARN: fnRef('Web/SpaStatus') },
  ];

  it('serves the SPA from its bucket through OAC with the SPA fallback and status functions and no error-page rewriting', () => {
    const spa = config.DefaultCacheBehavior;
    expect(origin(spa).DomainName).toEqual({
      'Fn::GetAtt': [logicalIdByPath(t, 'AWS::S3::Bucket', 'Storage/Spa'), 'RegionalDomainName'],
    });
    expect(origin(spa).OriginAccessControlId).toBeDefined();
    expect(spa.CachePolicyId).toBe(CACHING_OPTIMIZED);
    expect(spa.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(spa.FunctionAssociations).toEqual(spaFunctions());
    // A distribution-wide 403/404 -> index.html would turn missing /data maps into HTML pages.
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.Logging).toBeDefined();
  });

  it('serves /m/* from the SPA bucket through the same rewrite, with the embed headers', () => {
    const embed = behaviour('/m/*');
    expect(embed.TargetOriginId).toBe(config.DefaultCacheBehavior.TargetOriginId);
    expect(embed.FunctionAssociations).toEqual(spaFunctions());
    expect(embed.ResponseHeadersPolicyId).not.toEqual(config.DefaultCacheBehavior.ResponseHeadersPolicyId);
  });

  it('serves /data/* from the public bucket and /files/* from uploads, prefix stripped, caching by origin headers', () => {
    for (const [pattern, bucket] of [
      ['/data/*', 'Storage/PublicData'],
      ['/files/*', 'Storage/Uploads'],
    ] as const) {
      const b = behaviour(pattern);
      expect(origin(b).DomainName, pattern).toEqual({
        'Fn::GetAtt': [logicalIdByPath(t, 'AWS::S3::Bucket', bucket), 'RegionalDomainName'],
      });
      expect(origin(b).OriginAccessControlId, pattern).toBeDefined();
      expect(b.FunctionAssociations, pattern).toEqual([
        { EventType: 'viewer-request', FunctionARN: fnRef('Web/StripPrefix') },
      ]);
      expect(b.AllowedMethods, pattern).toEqual(['GET', 'HEAD', 'OPTIONS']);
    }
    expect(behaviour('/files/*').CachePolicyId).toEqual({
      Ref: logicalIdByPath(t, 'AWS::CloudFront::CachePolicy', 'Web/OriginControlledCache'),
    });
    t.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        MinTTL: 0,
        DefaultTTL: 60,
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: ['v'] },
        }),
      }),
    });
  });

  it('keeps published maps at the edge at most 2 s, whatever the object says, so a release reaches visitors within 5 s (ADR 018)', () => {
    expect(behaviour('/data/*').CachePolicyId).toEqual({
      Ref: logicalIdByPath(t, 'AWS::CloudFront::CachePolicy', 'Web/PublishedDataCache'),
    });
    const policies = t.findResources('AWS::CloudFront::CachePolicy');
    const id = logicalIdByPath(t, 'AWS::CloudFront::CachePolicy', 'Web/PublishedDataCache');
    const cfg = (policies[id] as { Properties: { CachePolicyConfig: Record<string, unknown> } }).Properties
      .CachePolicyConfig;
    expect(cfg).toMatchObject({ MinTTL: 0, DefaultTTL: PUBLISHED_EDGE_TTL_S, MaxTTL: PUBLISHED_EDGE_TTL_S });
    expect(PUBLISHED_EDGE_TTL_S).toBeLessThanOrEqual(3);
    expect(cfg.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      QueryStringsConfig: { QueryStringBehavior: 'none' },
      EnableAcceptEncodingBrotli: true,
    });
    // The object's own header agrees: no stale-while-revalidate, browsers revalidate each view.
    expect(PUBLISHED_CACHE_CONTROL).toBe(`public, max-age=0, s-maxage=${PUBLISHED_EDGE_TTL_S}`);
  });

  it('sends /api/* to the HTTP API uncached with every viewer header but Host, over TLS 1.2', () => {
    for (const pattern of ['/api/fn/*', '/api/*']) {
      const b = behaviour(pattern);
      expect(b.CachePolicyId, pattern).toBe(CACHING_DISABLED);
      expect(b.OriginRequestPolicyId, pattern).toBe(ALL_VIEWER_EXCEPT_HOST);
      expect(b.AllowedMethods, pattern).toHaveLength(7);
      expect(b.ViewerProtocolPolicy, pattern).toBe('https-only');
      const o = origin(b);
      expect(json(o.DomainName)).toContain(logicalIdByPath(t, 'AWS::ApiGatewayV2::Api', 'Api/HttpApi'));
      expect(json(o.DomainName)).toContain('.execute-api.us-east-1.');
      expect(o.CustomOriginConfig).toMatchObject({
        OriginProtocolPolicy: 'https-only',
        OriginSSLProtocols: ['TLSv1.2'],
      });
    }
    expect(behaviour('/api/fn/*').FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: fnRef('Web/RequireToken') },
    ]);
    // The rest of /api/* (beacon, webhook, health) only gets the viewer's address stamped (ADR 028).
    expect(behaviour('/api/*').FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: fnRef('Web/ViewerIp') },
    ]);
  });

  it('deploys the viewer functions exactly as tested', () => {
    t.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: SPA_REWRITE_SOURCE,
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
    });
    t.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: SPA_STATUS_SOURCE });
    t.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: STRIP_PREFIX_SOURCE });
    t.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: VIEWER_IP_SOURCE });
    // The token gate lets exactly the public calls through.
    const publicPaths = PUBLIC_CALLS.filter((name) => manifest.functions.some((f) => f.callName === name)).map(
      (name) => `${CALL_PATH_PREFIX}${name}`,
    );
    t.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: requireTokenSource(JSON.stringify(UNAUTHENTICATED_BODY), publicPaths),
    });
  });

  it('sends a strict CSP without unsafe-eval, HSTS, nosniff and DENY framing with the app', () => {
    const app = headers(config.DefaultCacheBehavior).SecurityHeadersConfig;
    const csp = text(app.ContentSecurityPolicy.ContentSecurityPolicy);
    // Cognito, then the uploads and documents buckets (presigned POST and GET).
    expect(csp).toMatch(
      /connect-src 'self' https:\/\/cognito-idp\.us-east-1\.amazonaws\.com https:\/\/<token> https:\/\/<token> https:;/,
    );
    const connect = (app.ContentSecurityPolicy.ContentSecurityPolicy as { 'Fn::Join': [string, unknown[]] })[
      'Fn::Join'
    ][1];
    for (const bucket of ['Storage/Uploads', 'Storage/Documents']) {
      expect(json(connect)).toContain(
        json({ 'Fn::GetAtt': [logicalIdByPath(t, 'AWS::S3::Bucket', bucket), 'RegionalDomainName'] }),
      );
    }
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(app.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(app.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true });
    expect(app.ContentTypeOptions).toEqual({ Override: true });
    expect(app.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
    expect(headers(behaviour('/api/*')).SecurityHeadersConfig.FrameOptions?.FrameOption).toBe('DENY');
    // The app fetches from its own origin, the AWS hosts above, and (for authors' live data sources) https hosts:
    // never plain http.
    expect(csp).toMatch(/connect-src[^;]* https:;/);
    expect(csp).not.toMatch(/connect-src[^;]* http:[ ;]/);
  });

  it('lets any site frame /m/* and nothing else', () => {
    const embed = headers(behaviour('/m/*')).SecurityHeadersConfig;
    const csp = text(embed.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(embed.FrameOptions).toBeUndefined();
    expect(csp).toMatch(/frame-ancestors \*$/);
    // A map's CSV of locations and its floor plans may be on any https host; scripts still only from here, plus the
    // one inline script that starts the map data download, by its hash.
    expect(csp).toContain("connect-src 'self' https:;");
    expect(csp).toContain(`script-src 'self' ${EMBED_BOOT_SCRIPT_SOURCE};`);
    expect(EMBED_BOOT_SCRIPT_SOURCE).toBe(
      `'sha256-${createHash('sha256').update(EMBED_BOOT_SCRIPT).digest('base64')}'`,
    );
    expect(csp).not.toContain('unsafe-eval');
    expect(embed.StrictTransportSecurity).toBeDefined();
  });

  it('lets the app and /m frame YouTube’s and Vimeo’s players and no other site', () => {
    for (const b of [config.DefaultCacheBehavior, behaviour('/m/*')]) {
      const csp = text(headers(b).SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);
      const frameSrc = csp.split('; ').filter((d) => d.startsWith('frame-src') || d.startsWith('child-src'));
      expect(frameSrc, b.PathPattern ?? 'the app').toEqual([
        "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com",
      ]);
    }
  });

  it('serves data and files cross-origin for script embeds but sandboxed as documents', () => {
    const data = headers(behaviour('/data/*'));
    expect(data.CorsConfig).toMatchObject({
      AccessControlAllowOrigins: { Items: ['*'] },
      AccessControlAllowMethods: { Items: ['GET', 'HEAD'] },
      AccessControlAllowCredentials: false,
    });
    expect(text(data.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy)).toMatch(
      /default-src 'none'.*sandbox/,
    );
    const files = headers(behaviour('/files/*'));
    expect(files.CorsConfig).toEqual(data.CorsConfig);
  });

  it('serves user files (an uploaded SVG) so that opened directly they load nothing and run nothing', () => {
    const files = headers(behaviour('/files/*')).SecurityHeadersConfig;
    expect(files.ContentSecurityPolicy).toEqual({
      ContentSecurityPolicy: "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      Override: true,
    });
    expect(files.ContentTypeOptions).toEqual({ Override: true });
    expect(files.StrictTransportSecurity).toBeDefined();
  });

  it('deploys the SPA with immutable assets, revalidated entry pages, /config.json and an invalidation', () => {
    const deployments = Object.values(t.findResources('Custom::CDKBucketDeployment')) as Deployment[];
    // The test synthesises without a web build, so only the entry deployment (placeholder pages) exists.
    expect(deployments).toHaveLength(1);
    const entry = deployments[0]!.Properties;
    expect(entry.DestinationBucketName).toEqual({ Ref: logicalIdByPath(t, 'AWS::S3::Bucket', 'Storage/Spa') });
    expect(entry.Include).toEqual(['*.html', 'config.json']);
    expect(entry.SystemMetadata).toEqual({ 'cache-control': REVALIDATE_CACHE });
    expect(entry.DistributionPaths).toEqual(['/*']);
    expect(json(entry.SourceMarkers)).toContain(logicalIdByPath(t, 'AWS::Cognito::UserPool', 'Auth/UserPool'));
    // Resolved as the root stack's SPA deployment sees it: the pool's ids are outputs of the Auth stack.
    const authOutput = (name: string) => ({
      'Fn::GetAtt': [
        dev.stack.getLogicalId(dev.stack.concerns.Auth!.nestedStackResource as never),
        expect.stringMatching(new RegExp(`^Outputs\\.Mapnestdev${name}[0-9A-F]{8}Ref$`)),
      ],
    });
    expect(dev.stack.resolve(dev.stack.runtimeConfig)).toEqual({
      stage: 'dev',
      region: 'us-east-1',
      userPoolId: authOutput('AuthUserPool'),
      userPoolClientId: authOutput('AuthUserPoolWebClient'),
      googleSignIn: false,
    });
  });

  it('uploads a real build in three steps: hashed assets immutable and kept, files with stable names briefly cached, then entry pages', () => {
    const built = synth(STAGES.dev!, manifest, bundled.bundles, {
      webAssets: { kind: 'build', dir: FIXTURE_WEB_DIST },
    });
    const deployments = Object.entries(built.template.findResources('Custom::CDKBucketDeployment')) as Array<
      [string, Deployment]
    >;
    expect(deployments).toHaveLength(3);
    const assets = deployments.find(([, d]) => json(d.Properties.Include) === json(['assets/*']))!;
    const stable = deployments.find(([, d]) => !d.Properties.Include)!;
    const entry = deployments.find(([, d]) => json(d.Properties.Include) === json(['*.html', 'config.json']))!;
    expect(assets[1].Properties).toMatchObject({
      Exclude: ['*'],
      Prune: false,
      SystemMetadata: { 'cache-control': IMMUTABLE_CACHE },
    });
    expect(assets[1].Properties.DistributionId).toBeUndefined();
    // embed.js is not content-hashed: minutes of cache, never a year.
    expect(SHORT_CACHE).toMatch(/^public, max-age=300, stale-while-revalidate=\d+$/);
    expect(stable[1].Properties).toMatchObject({
      Exclude: ['*.html', 'config.json', 'assets/*'],
      Prune: false,
      SystemMetadata: { 'cache-control': SHORT_CACHE },
    });
    expect(stable[1].DependsOn).toContain(assets[0]);
    expect(entry[1].DependsOn).toEqual(expect.arrayContaining([assets[0], stable[0]]));
    // All three after the release (which follows every function stack): a new SPA never meets the previous functions.
    const release = built.stack.getLogicalId(built.stack.concerns.Release!.nestedStackResource as never);
    for (const [id, d] of [assets, stable, entry]) expect(d.DependsOn, id).toContain(release);
  }, 60_000);
});

describe('operations', () => {
  it('alarms on every function, the API 5xx rate and DynamoDB throttles, all to the alarm topic', () => {
    const topic = logicalIdByPath(prod.template, 'AWS::SNS::Topic', 'Alarms');
    const alarms = Object.values(prod.template.findResources('AWS::CloudWatch::Alarm')) as Array<{
      Properties: Record<string, unknown>;
    }>;
    // Two per function (failures, p99 duration), API 5xx, DynamoDB throttles, failed invocations, CloudFront 5xx,
    // the /data and /m origins, the account's concurrency, the two canaries and follow-ups failing again.
    expect(alarms).toHaveLength(2 * functionsById(prod.template).size + 10);
    for (const alarm of alarms) expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topic }]);
    const metricNames = alarms.map((a) => json(a.Properties.Metrics) ?? '');
    for (const fn of functionsById(prod.template).values()) {
      expect(
        metricNames.some((m) => m.includes('"Errors"') && m.includes('"Throttles"') && m.includes(fn.logicalId)),
        fn.id,
      ).toBe(true);
    }
    expect(metricNames.some((m) => m.includes('"5xx"') && m.includes('"Count"'))).toBe(true);
    expect(metricNames.some((m) => m.includes('ReadThrottleEvents') && m.includes('WriteThrottleEvents'))).toBe(true);
    prod.template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    prod.template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
  });

  it('alarms on CloudFront 5xx and on the 5xx of the origins of the embed (/m) and data (/data) paths', () => {
    const alarms = Object.entries(prod.template.findResources('AWS::CloudWatch::Alarm')) as Array<
      [string, { Properties: Record<string, unknown> }]
    >;
    const byId = (prefix: string) => alarms.find(([id]) => id.startsWith(prefix))?.[1].Properties;
    const distribution = logicalIdByPath(prod.template, 'AWS::CloudFront::Distribution', 'Web/Distribution');
    const edge = json(byId('MonitoringEdge5xxRate')?.Metrics);
    expect(edge).toContain('"5xxErrorRate"');
    expect(edge).toContain(`"Ref":"${distribution}"`);
    expect(edge).toContain(`IF(requests >= ${EDGE_5XX_MIN_REQUESTS}`);
    expect(byId('MonitoringEdge5xxRate')?.Threshold).toBe(EDGE_5XX_PERCENT);
    for (const [alarm, bucket] of [
      ['MonitoringDataOrigin5xx', 'Storage/PublicData/'],
      ['MonitoringEmbedOrigin5xx', 'Storage/Spa/'],
    ]) {
      const p = byId(alarm!)!;
      expect(p.MetricName).toBe('5xxErrors');
      expect(p.Dimensions).toEqual(
        expect.arrayContaining([
          { Name: 'BucketName', Value: { Ref: logicalIdByPath(prod.template, 'AWS::S3::Bucket', bucket!) } },
          { Name: 'FilterId', Value: REQUEST_METRICS_FILTER },
        ]),
      );
      prod.template.hasResourceProperties('AWS::S3::Bucket', {
        MetricsConfigurations: [{ Id: REQUEST_METRICS_FILTER }],
      });
    }
  });

  it('sends failed upload triggers and sweeps to a queue after two retries, and alarms when it holds any', () => {
    const queue = logicalIdByPath(dev.template, 'AWS::SQS::Queue', 'FailedInvocations/Queue');
    const fns = functionsById(dev.template);
    const configs = Object.values(dev.template.findResources('AWS::Lambda::EventInvokeConfig')) as Array<{
      Properties: Record<string, unknown>;
    }>;
    for (const id of ['triggers/thumbnail', 'triggers/expire-test-maps']) {
      const config = configs.find((c) => json(c.Properties.FunctionName).includes(fns.get(id)!.logicalId))?.Properties;
      expect(config, id).toMatchObject({
        MaximumRetryAttempts: 2,
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queue, 'Arn'] } } },
      });
    }
    expect(configs).toHaveLength(2);
    dev.template.hasResourceProperties('AWS::Events::Rule', {
      Targets: [
        Match.objectLike({
          DeadLetterConfig: { Arn: { 'Fn::GetAtt': [queue, 'Arn'] } },
          RetryPolicy: { MaximumRetryAttempts: 2 },
        }),
      ],
    });
    dev.template.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
    const alarm = Object.entries(dev.template.findResources('AWS::CloudWatch::Alarm')).find(([id]) =>
      id.startsWith('MonitoringFailedInvocations'),
    )![1] as { Properties: Record<string, unknown> };
    expect(alarm.Properties).toMatchObject({ MetricName: 'ApproximateNumberOfMessagesVisible', Threshold: 1 });
    // Only the asynchronous triggers and the stream's may send to it, and only to it.
    for (const fn of fns.values()) {
      const sends = statementsOf(dev.template, fn).filter(isFailureQueueStatement);
      if (['triggers/thumbnail', 'triggers/expire-test-maps', 'triggers/follow-ups'].includes(fn.id))
        expect(sends.flatMap(resourcesOf), fn.id).toEqual([{ 'Fn::GetAtt': [queue, 'Arn'] }]);
      else expect(sends, fn.id).toEqual([]);
    }
  });

  it('runs the follow-ups from the table stream, filtered to those due, with retries and the failure queue (ADR 047)', () => {
    dev.template.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
    });
    const queue = logicalIdByPath(dev.template, 'AWS::SQS::Queue', 'FailedInvocations/Queue');
    const mappings = Object.values(dev.template.findResources('AWS::Lambda::EventSourceMapping')) as Array<{
      Properties: Record<string, unknown>;
    }>;
    expect(mappings).toHaveLength(1);
    const mapping = mappings[0]!.Properties;
    const fn = functionsById(dev.template).get('triggers/follow-ups')!;
    expect(json(mapping.FunctionName)).toContain(fn.logicalId);
    const spec = TRIGGERS.find((t) => t.module === 'follow-ups')!;
    expect(mapping).toMatchObject({
      StartingPosition: 'LATEST',
      BatchSize: 10,
      MaximumRetryAttempts: 3,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify(spec.filter) }] },
    });
    expect(json(mapping.DestinationConfig)).toContain(queue);
    // The filter lets through only follow-ups waiting in the due index.
    expect(spec.filter).toEqual({
      eventName: ['INSERT', 'MODIFY'],
      dynamodb: { NewImage: { gsi3pk: { S: ['DUE#follow-up'] } } },
    });
    // Reading the stream: its three actions on the table's stream, ListStreams (no resource) for this function only.
    const reads = statementsOf(dev.template, fn).filter((s) => actionsOf(s).includes('dynamodb:GetRecords'));
    expect(reads.flatMap(actionsOf).sort()).toEqual([
      'dynamodb:DescribeStream',
      'dynamodb:GetRecords',
      'dynamodb:GetShardIterator',
    ]);
    expect(json(reads.flatMap(resourcesOf))).toContain('StreamArn');
  });

  it('traces every function with X-Ray and names the Powertools service', () => {
    for (const fn of functionsById(dev.template).values()) {
      expect(fn.properties.TracingConfig, fn.id).toEqual({ Mode: 'Active' });
      const env = (fn.properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(env, fn.id).toMatchObject({ POWERTOOLS_SERVICE_NAME: 'mapnest', POWERTOOLS_METRICS_NAMESPACE: 'Mapnest' });
      // No Powertools Tracer runs in the functions (ADR 034), so none of its settings is given.
      expect(
        Object.keys(env).filter((k) => k.startsWith('POWERTOOLS_TRACER')),
        fn.id,
      ).toEqual([]);
      expect(statementsOf(dev.template, fn).filter(isXrayStatement), fn.id).toHaveLength(1);
    }
  });

  it('throttles every public route on its own in the API stage, below the stage-wide limit', () => {
    const fns = functionsById(dev.template);
    const publicRoutes = routes(dev.template).filter((r) => r.authorizationType === 'NONE');
    const publicIds = [...fns.values()]
      .filter((fn) => publicRoutes.some((r) => r.functionLogicalId === fn.logicalId))
      .map((fn) => fn.id);
    expect(publicIds.sort()).toEqual(['calls/submit-contact', 'http/beacon', 'http/health', 'http/stripe-webhook']);
    for (const stage of [dev, prod]) {
      const [apiStage] = Object.values(stage.template.findResources('AWS::ApiGatewayV2::Stage')) as Array<{
        Properties: { RouteSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> };
      }>;
      const settings = apiStage!.Properties.RouteSettings;
      expect(Object.keys(settings).sort()).toEqual(publicRoutes.map((r) => r.routeKey).sort());
      for (const route of publicRoutes) {
        const fn = [...fns.values()].find((f) => f.logicalId === route.functionLogicalId)!;
        expect(settings[route.routeKey], route.routeKey).toEqual({
          ThrottlingRateLimit: ROUTE_THROTTLES[fn.id]!.rateLimit,
          ThrottlingBurstLimit: ROUTE_THROTTLES[fn.id]!.burstLimit,
        });
      }
    }
    expect(ROUTE_THROTTLES['calls/submit-contact']!.rateLimit).toBeLessThan(STAGES.dev!.throttle.rateLimit);
  });

  it("has a monthly budget per stage, on the stage's cost tag, that tells the alarm topic", () => {
    for (const [stage, t] of [
      [STAGES.dev!, dev.template],
      [STAGES.prod!, prod.template],
    ] as const) {
      const topic = logicalIdByPath(t, 'AWS::SNS::Topic', 'Alarms');
      t.hasResourceProperties('AWS::Budgets::Budget', {
        Budget: {
          BudgetType: 'COST',
          TimeUnit: 'MONTHLY',
          BudgetLimit: { Amount: stage.monthlyBudgetUsd, Unit: 'USD' },
          CostFilters: { TagKeyValue: [`user:stage$${stage.name}`] },
        },
        NotificationsWithSubscribers: [
          {
            Notification: Match.objectLike({ NotificationType: 'ACTUAL', Threshold: 80 }),
            Subscribers: [{ SubscriptionType: 'SNS', Address: { Ref: topic } }],
          },
          {
            Notification: Match.objectLike({ NotificationType: 'FORECASTED', Threshold: 100 }),
            Subscribers: [{ SubscriptionType: 'SNS', Address: { Ref: topic } }],
          },
        ],
      });
      t.hasResourceProperties('AWS::SNS::TopicPolicy', {
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Sid: 'BudgetsPublish',
              Principal: { Service: 'budgets.amazonaws.com' },
              Action: 'sns:Publish',
            }),
          ]),
        },
      });
    }
  });

  it("keeps logs for the stage's retention and keeps them when prod is deleted", () => {
    const retention = (t: Template) =>
      Object.values(t.findResources('AWS::Logs::LogGroup')).map(
        (g) => (g as { Properties: { RetentionInDays: number } }).Properties.RetentionInDays,
      );
    expect(new Set(retention(dev.template))).toEqual(new Set([STAGES.dev!.logRetention]));
    expect(new Set(retention(prod.template))).toEqual(new Set([STAGES.prod!.logRetention]));
    for (const group of Object.values(prod.template.findResources('AWS::Logs::LogGroup')))
      expect((group as { DeletionPolicy: string }).DeletionPolicy).toBe('Retain');
  });
});

describe('cdk-nag AwsSolutions', () => {
  it('finds problems in an unhardened bucket, so a clean report means something', () => {
    const probe = new Stack(new App(), 'Probe');
    new s3.Bucket(probe, 'Plain');
    expect(nagFindings(probe)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^AwsSolutions-S1 /), expect.stringMatching(/^AwsSolutions-S10 /)]),
    );
  });

  it('reports nothing unacknowledged on dev, and justifies each acknowledgement where it applies', () => {
    expectNagClean(dev.stack);
  });

  it('reports nothing unacknowledged on prod, and justifies each acknowledgement where it applies', () => {
    expectNagClean(prod.stack);
  });
});

describe('template', () => {
  /** CloudFormation rejects circular references at deploy time; find them here instead. */
  function dependencyCycle(template: Template): string[] | null {
    const resources = template.toJSON().Resources as Record<
      string,
      { DependsOn?: string | string[]; Properties?: unknown }
    >;
    const edges = new Map<string, Set<string>>();
    const collect = (value: unknown, into: Set<string>) => {
      if (Array.isArray(value)) value.forEach((v) => collect(v, into));
      else if (value && typeof value === 'object') {
        for (const [key, v] of Object.entries(value)) {
          if (key === 'Ref' && typeof v === 'string' && v in resources) into.add(v);
          else if (key === 'Fn::GetAtt' && Array.isArray(v) && typeof v[0] === 'string' && v[0] in resources)
            into.add(v[0]);
          else if (key === 'Fn::Sub') {
            const text = Array.isArray(v) ? v[0] : v;
            for (const m of String(text).matchAll(/\$\{([A-Za-z0-9]+)(?:\.[A-Za-z]+)?\}/g))
              if (m[1]! in resources) into.add(m[1]!);
            if (Array.isArray(v)) collect(v[1], into);
          } else collect(v, into);
        }
      }
    };
    for (const [id, r] of Object.entries(resources)) {
      const deps = new Set<string>([r.DependsOn ?? []].flat());
      collect(r.Properties, deps);
      edges.set(id, deps);
    }
    const state = new Map<string, 'visiting' | 'done'>();
    const stack: string[] = [];
    const visit = (id: string): string[] | null => {
      if (state.get(id) === 'done') return null;
      if (state.get(id) === 'visiting') return [...stack.slice(stack.indexOf(id)), id];
      state.set(id, 'visiting');
      stack.push(id);
      for (const dep of edges.get(id) ?? []) {
        const cycle = visit(dep);
        if (cycle) return cycle;
      }
      stack.pop();
      state.set(id, 'done');
      return null;
    };
    for (const id of edges.keys()) {
      const cycle = visit(id);
      if (cycle) return cycle;
    }
    return null;
  }

  it('has no circular references between resources', () => {
    expect(dependencyCycle(dev.template)).toBeNull();
    expect(dependencyCycle(prod.template)).toBeNull();
  });

  it('carries no secret values, only parameter names', () => {
    const text = json(prod.template.toJSON());
    expect(text).not.toMatch(/sk_(live|test)_|whsec_|rk_(live|test)_/);
  });

  it('names resources without the stage so two stages can share an account', () => {
    const names = Object.values(dev.template.findResources('AWS::S3::Bucket')).map(
      (b) => (b as { Properties: { BucketName?: string } }).Properties.BucketName,
    );
    expect(names.every((n) => n === undefined)).toBe(true);
  });
});

describe('alarms that see handled failures, and gradual releases', () => {
  type Alarm = { Properties: Record<string, unknown> };
  const alarmsOf = (t: Template) => Object.entries(t.findResources('AWS::CloudWatch::Alarm')) as Array<[string, Alarm]>;

  it("counts each call's and the webhook's own 5xx answers from its log, and alarms on them per function", () => {
    const fns = functionsById(prod.template);
    const filters = Object.values(prod.template.findResources('AWS::Logs::MetricFilter')) as Array<{
      Properties: {
        LogGroupName: unknown;
        FilterPattern: string;
        MetricTransformations: Array<Record<string, string>>;
      };
    }>;
    const expected = [...fns.values()].filter((fn) =>
      handledFailureMetric(manifest.functions.find((f) => f.id === fn.id)!),
    );
    expect(expected.map((fn) => fn.id)).toContain('http/stripe-webhook');
    expect(expected.filter((fn) => fn.id.startsWith('calls/'))).toHaveLength(callFiles.length);
    expect(filters).toHaveLength(expected.length);
    for (const fn of expected) {
      const metric = fn.id === 'http/stripe-webhook' ? 'StripeEventFailures' : 'CallFailures';
      const filter = filters.find(
        (f) =>
          json(f.Properties.LogGroupName) ===
          json(fn.properties.LoggingConfig && (fn.properties.LoggingConfig as { LogGroup: unknown }).LogGroup),
      );
      expect(filter, fn.id).toBeDefined();
      expect(filter!.Properties.FilterPattern).toBe(`{ $.${metric} >= 1 }`);
      expect(filter!.Properties.MetricTransformations[0]).toMatchObject({
        MetricNamespace: HANDLED_FAILURES_NAMESPACE,
        MetricValue: `$.${metric}`,
      });
      const name = filter!.Properties.MetricTransformations[0]!.MetricName;
      const alarm = alarmsOf(prod.template).find(([, a]) =>
        (json(a.Properties.Metrics) ?? '').includes(`"MetricName":"${name}"`),
      );
      expect(alarm, fn.id).toBeDefined();
      expect(json(alarm![1].Properties.Metrics)).toContain(fn.logicalId);
      expect(alarm![1].Properties.Threshold).toBe(1);
    }
  });

  it("alarms when a function's p99 duration nears its timeout, and on the account's concurrency", () => {
    const fns = functionsById(prod.template);
    for (const fn of fns.values()) {
      const alarm = alarmsOf(prod.template).find(
        ([, a]) => a.Properties.MetricName === 'Duration' && json(a.Properties.Dimensions).includes(fn.logicalId),
      );
      expect(alarm, fn.id).toBeDefined();
      expect(alarm![1].Properties.ExtendedStatistic).toBe('p99');
      expect(alarm![1].Properties.Threshold).toBe(
        Math.round((fn.properties.Timeout as number) * 1000 * DURATION_ALARM_SHARE),
      );
    }
    const concurrency = alarmsOf(prod.template).find(([, a]) => a.Properties.MetricName === 'ConcurrentExecutions');
    expect(concurrency?.[1].Properties).toMatchObject({
      Namespace: 'AWS/Lambda',
      Threshold: ACCOUNT_CONCURRENCY_ALARM,
    });
    expect(concurrency?.[1].Properties.Dimensions).toBeUndefined();
  });

  it('runs a canary on /api/health and one on /m/demo through the app origin every 5 minutes, each alarmed', () => {
    const canaries = Object.entries(prod.template.findResources('AWS::Synthetics::Canary')) as Array<
      [string, { Properties: Record<string, unknown> }]
    >;
    expect(
      canaries
        .map(
          ([, c]) =>
            (c.Properties.RunConfig as { EnvironmentVariables: Record<string, string> }).EnvironmentVariables
              .CHECK_PATH,
        )
        .sort(),
    ).toEqual(['/api/health', '/m/demo']);
    for (const [id, canary] of canaries) {
      expect(canary.Properties.Schedule).toMatchObject({ Expression: 'rate(5 minutes)' });
      expect(json(canary.Properties.RunConfig)).toContain('Distribution');
      expect(canary.Properties.StartCanaryAfterCreation).toBe(true);
      const alarm = alarmsOf(prod.template).find(
        ([, a]) => a.Properties.MetricName === 'SuccessPercent' && json(a.Properties.Dimensions).includes(id),
      );
      expect(alarm, id).toBeDefined();
      expect(alarm![1].Properties).toMatchObject({
        Namespace: 'CloudWatchSynthetics',
        Threshold: 100,
        TreatMissingData: 'breaching',
      });
    }
    expect(CANARY_SOURCE).toContain("waitForSelector('canvas'");
  });

  it('alarms on SES bounce and complaint rates where the stage sends email', () => {
    const full = synth(FULL_STAGE, manifest, bundled.bundles);
    const ses = alarmsOf(full.template).filter(([, a]) => a.Properties.Namespace === 'AWS/SES');
    expect(ses.map(([, a]) => [a.Properties.MetricName, a.Properties.Threshold]).sort()).toEqual([
      ['Reputation.BounceRate', SES_BOUNCE_RATE_ALARM],
      ['Reputation.ComplaintRate', SES_COMPLAINT_RATE_ALARM],
    ]);
    expect(alarmsOf(prod.template).filter(([, a]) => a.Properties.Namespace === 'AWS/SES')).toHaveLength(0);
    // The business the legal pages name goes to the SPA with the rest of its runtime settings.
    expect(full.stack.resolve(full.stack.runtimeConfig)).toMatchObject({ operator: FULL_STAGE.operator });
  }, 60_000);

  it('alarms when a public copy or billing email owed after a committed change fails again in the hourly sweep', () => {
    const followUps = alarmsOf(prod.template).filter(([, a]) => a.Properties.MetricName === 'FollowUpsFailed');
    expect(followUps).toHaveLength(1);
    const [, alarm] = followUps[0]!;
    expect(alarm.Properties).toMatchObject({
      Namespace: 'Mapnest',
      Dimensions: expect.arrayContaining([
        { Name: 'service', Value: 'mapnest' },
        { Name: 'stage', Value: 'prod' },
      ]),
      Statistic: 'Sum',
      Period: 3600,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
    expect(alarm.Properties.AlarmActions).toEqual([
      { Ref: logicalIdByPath(prod.template, 'AWS::SNS::Topic', 'Alarms') },
    ]);
  });

  it('releases saveMap, getMap, the webhook and the beacon through an alias with a 10%-for-5-minutes canary that rolls back on their alarms', () => {
    const fns = functionsById(dev.template);
    const aliases = dev.template.findResources('AWS::Lambda::Alias') as Record<
      string,
      {
        Properties: { FunctionName: { Ref: string }; Name: string };
        UpdatePolicy: Record<string, Record<string, unknown>>;
      }
    >;
    const groups = dev.template.findResources('AWS::CodeDeploy::DeploymentGroup') as Record<
      string,
      { Properties: Record<string, unknown> }
    >;
    expect(Object.keys(aliases)).toHaveLength(GRADUAL_RELEASE.length);
    expect(Object.keys(groups)).toHaveLength(GRADUAL_RELEASE.length);
    for (const id of GRADUAL_RELEASE) {
      const fn = fns.get(id)!;
      const [aliasId, alias] = Object.entries(aliases).find(([, a]) => a.Properties.FunctionName.Ref === fn.logicalId)!;
      expect(alias.Properties.Name).toBe('live');
      const update = alias.UpdatePolicy.CodeDeployLambdaAliasUpdate!;
      const group = groups[(update.DeploymentGroupName as { Ref: string }).Ref]!.Properties;
      expect(group.DeploymentConfigName).toBe('CodeDeployDefault.LambdaCanary10Percent5Minutes');
      expect(group.AutoRollbackConfiguration).toEqual({
        Enabled: true,
        Events: expect.arrayContaining([
          'DEPLOYMENT_FAILURE',
          'DEPLOYMENT_STOP_ON_REQUEST',
          'DEPLOYMENT_STOP_ON_ALARM',
        ]),
      });
      const alarmNames = json((group.AlarmConfiguration as { Alarms: unknown }).Alarms);
      const ownAlarms = alarmsOf(dev.template).filter(([, a]) => json(a.Properties).includes(fn.logicalId));
      expect(ownAlarms.length, id).toBeGreaterThanOrEqual(2);
      for (const [alarmId] of ownAlarms) expect(alarmNames, id).toContain(alarmId);
      // API Gateway (or the trigger) invokes the alias, so traffic follows the canary.
      const route = routes(dev.template).find((r) => r.functionLogicalId === fn.logicalId)!;
      const integration = Object.values(dev.template.findResources('AWS::ApiGatewayV2::Integration')).find((i) =>
        json(i).includes(aliasId),
      );
      expect(integration, route.routeKey).toBeDefined();
    }
  });
});
