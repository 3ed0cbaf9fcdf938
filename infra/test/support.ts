/**
 * Shared set-up for the infra tests: the functions' bundles from the bundle cache (built once for every file and
 * every run while the sources stay the same, bundle-cache.ts), then each stage synthesised once per file and its
 * Template shared by every assertion in the file (ADR 039).
 */
import { App, NestedStack, Validations, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect } from 'vitest';
import type { Bundle } from '../src/bundle';
import { cdkJsonContext } from '../src/feature-flags';
import type { FunctionGrants } from '../src/grants';
import type { Manifest } from '../src/manifest';
import { MapnestStack } from '../src/mapnest-stack';
import { STAGES, type StageConfig } from '../src/stages';
import { resolveWebAssets, type WebAssets } from '../src/web-assets';
import { cachedBundleFunctions } from './bundle-cache';

/** A folder of handlers standing in for ones other issues will add (the thumbnail trigger, the Stripe webhook). */
export const FIXTURE_LAMBDAS = resolve(import.meta.dirname, 'fixtures/lambdas/src');

export interface Bundled {
  /** Read-only: the folders are the cache's (a test that needs a file beside a bundle writes it elsewhere). */
  bundles: Map<string, Bundle>;
}

/** The manifest's functions bundled as bundleFunctions builds them, from the bundle cache. */
export async function bundle(manifest: Manifest): Promise<Bundled> {
  return { bundles: (await cachedBundleFunctions(manifest.functions)).bundles };
}

let synthRoot: string | undefined;
/** One folder per test file for the synthesised apps' cloud assemblies, removed after the file's tests. */
function synthOutdir(): string {
  synthRoot ??= mkdtempSync(join(tmpdir(), 'mapnest-infra-synth-'));
  return mkdtempSync(join(synthRoot, 'app-'));
}
// Registered on the importing test file (vitest collects a module's top-level hooks into the file being collected).
afterAll(() => {
  if (synthRoot) rmSync(synthRoot, { recursive: true, force: true });
  synthRoot = undefined;
});

/**
 * What the tests' apps get besides cdk.json's feature flags: a cloud assembly folder that is cleaned up, and no
 * asset staging. Staging copies every asset folder (about 50 bundles and sharp, 25–140 MB a stage) into the
 * assembly, which the tests never read; the templates are the same either way (the asset hash is the source
 * folder's fingerprint), see ADR 039.
 */
export function testAppProps(): { outdir: string; context: Record<string, unknown> } {
  return { outdir: synthOutdir(), context: { ...cdkJsonContext(), 'aws:cdk:disable-asset-staging': true } };
}

export interface Synthesised {
  stack: MapnestStack;
  /** The whole stage in one view (wholeStage). */
  template: Template;
  /** Each stack's own template (templatesOf). */
  templates: Record<string, Template>;
}

/** Synthesises one stage. Tests never depend on whether web/dist happens to be built: they get the placeholder. */
export function synth(
  stage: StageConfig,
  manifest: Manifest,
  bundles: ReadonlyMap<string, Bundle>,
  options: { webAssets?: WebAssets; grants?: Record<string, FunctionGrants> } = {},
): Synthesised {
  // cdk.json's feature flags, as the CLI hands them to a real synth.
  const app = new App(testAppProps());
  const stack = new MapnestStack(app, `Mapnest-${stage.name}`, {
    env: { account: '123456789012', region: stage.region },
    stage,
    manifest,
    bundles,
    webAssets: options.webAssets ?? resolveWebAssets('/nonexistent/web/dist'),
    ...(options.grants ? { grants: options.grants } : {}),
  });
  return { stack, template: wholeStage(stack), templates: templatesOf(stack) };
}

/** Each stack of a stage by name ('root' and the nested stacks' ids), for per-stack assertions (ADR 010). */
export function templatesOf(stack: MapnestStack): Record<string, Template> {
  return {
    root: Template.fromStack(stack),
    ...Object.fromEntries(Object.entries(stack.concerns).map(([id, nested]) => [id, Template.fromStack(nested)])),
  };
}

/**
 * The whole stage as one template: the root's resources and every nested stack's, with the parameters and outputs
 * that carry references between them (ADR 010) replaced by what they refer to, so a policy in a nested stack names
 * the table by its logical id as it would in one stack. A test-only view: CloudFormation deploys the stacks.
 */
export function wholeStage(stack: MapnestStack): Template {
  type Json = Record<string, unknown>;
  const root = Template.fromStack(stack).toJSON() as Json & { Resources: Record<string, Json>; Outputs?: Json };
  const nested = new Map<string, { json: Json & { Resources: Record<string, Json>; Outputs?: Json }; params: Json }>();
  for (const child of Object.values(stack.concerns)) {
    if (!NestedStack.isNestedStack(child)) continue;
    const logicalId = stack.getLogicalId(child.nestedStackResource as never);
    const resource = root.Resources[logicalId] as { Properties?: { Parameters?: Json } };
    nested.set(logicalId, {
      json: Template.fromStack(child).toJSON() as Json & { Resources: Record<string, Json> },
      params: resource.Properties?.Parameters ?? {},
    });
  }
  const resolve = (where: string | undefined, value: unknown): unknown => {
    if (Array.isArray(value)) return value.map((v) => resolve(where, v));
    if (value === null || typeof value !== 'object') return value;
    const object = value as Json;
    const keys = Object.keys(object);
    if (where && keys.length === 1 && typeof object.Ref === 'string') {
      const param = nested.get(where)!.params[object.Ref];
      if (param !== undefined) return resolve(undefined, param);
    }
    if (keys.length === 1 && Array.isArray(object['Fn::GetAtt'])) {
      const [target, attribute] = object['Fn::GetAtt'] as [string, string];
      const other = nested.get(target);
      if (other && attribute.startsWith('Outputs.')) {
        const output = (other.json.Outputs as Record<string, { Value: unknown }>)[attribute.slice('Outputs.'.length)];
        return resolve(target, output!.Value);
      }
    }
    return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, resolve(where, v)]));
  };
  const resources: Record<string, Json> = {};
  const add = (where: string | undefined, id: string, resource: Json) => {
    if (resources[id]) throw new Error(`Logical id ${id} is used by two stacks of the stage.`);
    resources[id] = resolve(where, resource) as Json;
  };
  for (const [id, resource] of Object.entries(root.Resources)) if (!nested.has(id)) add(undefined, id, resource);
  for (const [where, { json }] of nested)
    for (const [id, resource] of Object.entries(json.Resources ?? {})) add(where, id, resource);
  return Template.fromJSON(
    { ...root, Resources: resources, Outputs: resolve(undefined, root.Outputs ?? {}) },
    { skipCyclicalDependenciesCheck: true },
  );
}

const { waf: _ownAcl, ...prodWithoutOwnAcl } = STAGES.prod!;
/** A stage with every optional feature on; its web ACL is one made outside the stack (`webAclArn`, not `waf`). */
export const FULL_STAGE: StageConfig = {
  ...prodWithoutOwnAcl,
  name: 'full',
  account: '123456789012',
  domain: {
    name: 'maps.example.com',
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0f0e0d0c-0b0a-0908-0706-050403020100',
    hostedZone: { id: 'Z0123456789ABCDEFGHIJ', name: 'example.com' },
  },
  google: {
    clientId: 'google-client-id.apps.googleusercontent.com',
    clientSecretName: 'mapnest/full/google-client-secret',
    cognitoDomainPrefix: 'mapnest-full',
  },
  email: {
    from: 'no-reply@example.com',
    fromName: 'Mapnest',
    sesVerifiedDomain: 'example.com',
    supportEmail: 'support@example.com',
  },
  webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/mapnest/01234567-89ab-cdef-0123-456789abcdef',
  alarmEmail: 'ops@example.com',
  operator: { name: 'Example Maps Ltd', address: '1 Example Street, London', jurisdiction: 'England and Wales' },
  extraOrigins: ['https://admin.example.com'],
};

type Json = Record<string, unknown>;

export interface TemplateFunction {
  logicalId: string;
  id: string;
  properties: Json;
}

/** Our functions (tagged with their id), keyed by id; CDK's helper functions have no tag. */
export function functionsById(template: Template): Map<string, TemplateFunction> {
  const result = new Map<string, TemplateFunction>();
  for (const [logicalId, resource] of Object.entries(template.findResources('AWS::Lambda::Function'))) {
    const properties = (resource as { Properties: Json }).Properties;
    const tag = ((properties.Tags as Array<{ Key: string; Value: string }>) ?? []).find(
      (t) => t.Key === 'mapnest:function',
    );
    if (!tag) continue;
    if (result.has(tag.Value)) throw new Error(`Two functions carry the id ${tag.Value}`);
    result.set(tag.Value, { logicalId, id: tag.Value, properties });
  }
  return result;
}

export interface TemplateRoute {
  logicalId: string;
  routeKey: string;
  authorizationType: string;
  authorizerId: unknown;
  /** Logical id of the function the route's integration invokes. */
  functionLogicalId: string;
}

export function routes(template: Template): TemplateRoute[] {
  const integrations = template.findResources('AWS::ApiGatewayV2::Integration');
  return Object.entries(template.findResources('AWS::ApiGatewayV2::Route')).map(([logicalId, resource]) => {
    const p = (resource as { Properties: Json }).Properties;
    const join = (p.Target as { 'Fn::Join': [string, [string, { Ref: string }]] })['Fn::Join'][1];
    const integration = integrations[join[1].Ref] as {
      Properties: { IntegrationUri: { 'Fn::GetAtt'?: [string, string]; Ref?: string } };
    };
    // A gradual function's route invokes its alias, whose FunctionName refers to the function.
    const uri = integration.Properties.IntegrationUri;
    const alias = uri.Ref
      ? (template.findResources('AWS::Lambda::Alias')[uri.Ref] as { Properties: { FunctionName: { Ref: string } } })
      : undefined;
    return {
      logicalId,
      routeKey: p.RouteKey as string,
      authorizationType: p.AuthorizationType as string,
      authorizerId: p.AuthorizerId,
      functionLogicalId: alias ? alias.Properties.FunctionName.Ref : uri['Fn::GetAtt']![0],
    };
  });
}

export interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Json;
}

/** Every statement of the inline policies attached to a function's role. */
export function statementsOf(template: Template, fn: TemplateFunction): Statement[] {
  const roleId = (fn.properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const statements: Statement[] = [];
  for (const resource of Object.values(template.findResources('AWS::IAM::Policy'))) {
    const p = (
      resource as { Properties: { Roles: Array<{ Ref: string }>; PolicyDocument: { Statement: Statement[] } } }
    ).Properties;
    if (p.Roles.some((r) => r.Ref === roleId)) statements.push(...p.PolicyDocument.Statement);
  }
  const role = template.findResources('AWS::IAM::Role')[roleId] as {
    Properties: { ManagedPolicyArns?: unknown[]; Policies?: unknown[] };
  };
  if (role.Properties.ManagedPolicyArns?.length) throw new Error(`${fn.id}'s role has managed policies`);
  if (role.Properties.Policies?.length) throw new Error(`${fn.id}'s role has inline policies outside AWS::IAM::Policy`);
  return statements;
}

export const actionsOf = (s: Statement): string[] => (Array.isArray(s.Action) ? s.Action : [s.Action]);
/**
 * Actions IAM accepts only on the * resource: X-Ray's two, which active tracing adds to every function's role, and
 * DynamoDB's ListStreams, which the table stream's event source mapping needs (CDK merges them into one statement).
 */
const RESOURCELESS_ACTIONS = ['xray:PutTraceSegments', 'xray:PutTelemetryRecords', 'dynamodb:ListStreams'];
export const isResourcelessStatement = (s: Statement): boolean =>
  actionsOf(s).every((a) => RESOURCELESS_ACTIONS.includes(a));
/** The statement active tracing adds to every function's role (with ListStreams, for a stream trigger). */
export const isXrayStatement = (s: Statement): boolean =>
  isResourcelessStatement(s) && actionsOf(s).some((a) => a.startsWith('xray:'));
/** The statement an OnFailure destination adds to an asynchronous trigger's role (send to the failed-invocations queue). */
export const isFailureQueueStatement = (s: Statement): boolean => actionsOf(s).every((a) => a.startsWith('sqs:'));
export const resourcesOf = (s: Statement): unknown[] => (Array.isArray(s.Resource) ? s.Resource : [s.Resource]);

/** The logical id of the resource of a type at a construct path ('Auth/UserPool' -> AuthUserPool1A2B3C4D). */
export function logicalIdByPath(template: Template, type: string, path: string): string {
  const prefix = path
    .split('/')
    .filter(Boolean)
    .join('')
    .replace(/[^A-Za-z0-9]/g, '');
  const matches = Object.keys(template.findResources(type)).filter((id) =>
    new RegExp(`^${prefix}[0-9A-F]{8}$`).test(id),
  );
  if (matches.length !== 1) throw new Error(`Expected one ${type} at ${path}, found ${matches.length}`);
  return matches[0]!;
}

/** cdk-nag AwsSolutions findings left unacknowledged, as 'rule at construct path'. */
export const nagFindings = (stack: Stack): string[] =>
  new AwsSolutionsChecks()
    .validateScope(stack)
    .violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}`));

/** Every acknowledgement recorded anywhere under a construct, with its reason. */
export function acknowledgements(root: IConstruct): Array<{ id: string; reason: string; path: string }> {
  const found: Array<{ id: string; reason: string; path: string }> = [];
  for (const construct of root.node.findAll()) {
    for (const entry of construct.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
      for (const [id, reason] of Object.entries(entry.data as Record<string, string>))
        found.push({ id, reason, path: construct.node.path });
    }
  }
  return found;
}

/** Checks shared by every synthesised stage: nothing unacknowledged, and every acknowledgement justified where it applies. */
export function expectNagClean(stack: Stack): void {
  expect(nagFindings(stack)).toEqual([]);
  const acks = acknowledgements(stack);
  expect(acks.length > 0).toBe(true);
  for (const ack of acks) {
    expect(ack.reason.length, `${ack.id} at ${ack.path}`).toBeGreaterThanOrEqual(40);
    // Nothing is acknowledged stack-wide: each acknowledgement sits on the construct it is about.
    expect(ack.path === stack.node.path, `${ack.id} acknowledged on the whole stack`).toBe(false);
    if (!ack.id.includes('IAM5')) continue;
    if (/\/Functions\//.test(ack.path) && ack.id.endsWith('IAM5[Resource::*]'))
      expect(ack.reason).toMatch(/^X-Ray tracing/);
    else if (/\/Functions\//.test(ack.path))
      expect(ack.id, ack.path).toMatch(/IAM5\[Resource::<(\w+\.Arn|referenceto\w+Arn)>\/(index\/\*|[^\]]*\*[^\]]*)\]$/);
    else
      expect(ack.path, ack.id).toMatch(
        /\/(Custom::CDKBucketDeployment|Custom::S3AutoDeleteObjectsCustomResourceProvider|BucketNotificationsHandler|Monitoring\/Canaries)/,
      );
  }
}
