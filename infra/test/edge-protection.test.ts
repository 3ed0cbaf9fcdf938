/**
 * Issue 28's edge and operations items, on dev, staging and prod as `cdk synth` builds them (ADR 028): the web ACL of
 * production stages on a distribution of the API alone, the secret origin header CloudFront sends the API and the
 * calls check, and the dashboard of each stage.
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_SECRETS_ENV, ORIGIN_SECRET_HEADER } from '@mapnest/lambdas/lib/origin-check';
import { DASHBOARD_LATENCY_FUNCTIONS, DASHBOARD_WIDGETS } from '../src/constructs/monitoring';
import { CROSS_ORIGIN_STATIC_PATHS, WAF_COUNTED_COMMON_RULES, WAF_RULES } from '../src/constructs/web';
import { SELF_DELETION_TARGET, USER_POOL_WAF_RULES } from '../src/constructs/web-acl';
import { VIEWER_IP_HEADER, VIEWER_IP_SOURCE } from '../src/edge/viewer-functions';
import { readManifest } from '../src/manifest';
import { API_REQUESTS_PER_5_MINUTES, STAGES, originSecretParameters } from '../src/stages';
import { bundle, expectNagClean, functionsById, synth, type Bundled, type Synthesised } from './support';

type Json = Record<string, unknown>;
let bundled: Bundled;
const stages: Record<'dev' | 'staging' | 'prod', Synthesised> = {} as never;

beforeAll(async () => {
  const manifest = readManifest();
  bundled = await bundle(manifest);
  for (const name of ['dev', 'staging', 'prod'] as const)
    stages[name] = synth(STAGES[name]!, manifest, bundled.bundles);
}, 300_000);

interface Origin {
  Id: string;
  DomainName: unknown;
  OriginCustomHeaders?: Array<{ HeaderName: string; HeaderValue: unknown }>;
}
interface Behaviour {
  PathPattern?: string;
  TargetOriginId: string;
  FunctionAssociations?: Array<{ EventType: string; FunctionARN: unknown }>;
}
interface Distribution {
  logicalId: string;
  config: {
    Origins: Origin[];
    DefaultCacheBehavior: Behaviour;
    CacheBehaviors?: Behaviour[];
    WebACLId?: unknown;
    Comment: string;
  };
}

const distributions = (t: Template): Distribution[] =>
  Object.entries(t.findResources('AWS::CloudFront::Distribution')).map(([logicalId, r]) => ({
    logicalId,
    config: (r as { Properties: { DistributionConfig: Distribution['config'] } }).Properties.DistributionConfig,
  }));
const appDistribution = (t: Template) => distributions(t).find((d) => !/ API /.test(d.config.Comment))!;
const apiDistribution = (t: Template) => distributions(t).find((d) => / API /.test(d.config.Comment));
const originOf = (d: Distribution, b: Behaviour) => d.config.Origins.find((o) => o.Id === b.TargetOriginId)!;
const behaviour = (d: Distribution, pattern: string) =>
  d.config.CacheBehaviors!.find((b) => b.PathPattern === pattern)!;
const text = (value: unknown) => JSON.stringify(value);
const isExecuteApi = (o: Origin) => text(o.DomainName).includes('execute-api');

/** What the root stack's Parameter Store parameters resolve to in the whole-stage view. */
const SECRET = { Ref: 'OriginSecretParameter' };
const STANDBY = { Ref: 'OriginStandbySecretParameter' };

/** The web ACLs of a template with `scope` (the API distribution's CLOUDFRONT one, the user pool's REGIONAL one). */
const webAcls = (t: Template, scope: 'CLOUDFRONT' | 'REGIONAL') =>
  t.findResources('AWS::WAFv2::WebACL', { Properties: { Scope: scope } });

describe('the web ACL (production stages, on the API distribution only)', () => {
  it('exists on staging and prod, with CLOUDFRONT scope, and not on dev', () => {
    for (const name of ['staging', 'prod'] as const) {
      const acls = Object.values(webAcls(stages[name].template, 'CLOUDFRONT'));
      expect(acls, name).toHaveLength(1);
      expect((acls[0] as { Properties: Json }).Properties).toMatchObject({
        Scope: 'CLOUDFRONT',
        DefaultAction: { Allow: {} },
      });
    }
    expect(stages.dev.template.findResources('AWS::WAFv2::WebACL')).toEqual({});
    expect(distributions(stages.dev.template)).toHaveLength(1);
  });

  it('blocks what did not come from the app, limits each viewer on /api/*, then applies the common and known-bad-input rules', () => {
    const [acl] = Object.values(webAcls(stages.prod.template, 'CLOUDFRONT')) as Array<{
      Properties: { Rules: Array<Json & { Name: string; Priority: number; Statement: Json }> };
    }>;
    const rules = acl!.Properties.Rules;
    expect(rules.map((r) => r.Name)).toEqual([
      WAF_RULES.onlyThroughTheApp,
      WAF_RULES.apiRateLimit,
      WAF_RULES.common,
      WAF_RULES.knownBadInputs,
    ]);
    expect(rules.map((r) => r.Priority)).toEqual([0, 1, 2, 3]);
    const [only, rate, common, bad] = rules;

    const headerIs = (value: unknown) => ({
      ByteMatchStatement: {
        FieldToMatch: { SingleHeader: { Name: ORIGIN_SECRET_HEADER } },
        PositionalConstraint: 'EXACTLY',
        SearchString: value,
        TextTransformations: [{ Priority: 0, Type: 'NONE' }],
      },
    });
    expect(only).toMatchObject({
      Action: { Block: {} },
      Statement: {
        NotStatement: { Statement: { OrStatement: { Statements: [headerIs(SECRET), headerIs(STANDBY)] } } },
      },
    });

    expect(rate).toMatchObject({
      Action: { Block: { CustomResponse: { ResponseCode: 429 } } },
      Statement: {
        RateBasedStatement: {
          Limit: API_REQUESTS_PER_5_MINUTES,
          EvaluationWindowSec: 300,
          AggregateKeyType: 'CUSTOM_KEYS',
          CustomKeys: [{ Header: { Name: VIEWER_IP_HEADER, TextTransformations: [{ Priority: 0, Type: 'NONE' }] } }],
          ScopeDownStatement: {
            ByteMatchStatement: {
              FieldToMatch: { UriPath: {} },
              PositionalConstraint: 'STARTS_WITH',
              SearchString: '/api/',
            },
          },
        },
      },
    });

    expect(common).toMatchObject({
      OverrideAction: { None: {} },
      Statement: {
        ManagedRuleGroupStatement: {
          VendorName: 'AWS',
          Name: 'AWSManagedRulesCommonRuleSet',
          RuleActionOverrides: WAF_COUNTED_COMMON_RULES.map((name) => ({ Name: name, ActionToUse: { Count: {} } })),
        },
      },
    });
    expect(bad).toMatchObject({
      OverrideAction: { None: {} },
      Statement: { ManagedRuleGroupStatement: { VendorName: 'AWS', Name: 'AWSManagedRulesKnownBadInputsRuleSet' } },
    });
    expect(bad!.Statement.ManagedRuleGroupStatement).not.toHaveProperty('RuleActionOverrides');
  });

  it('is associated with the API distribution, which the app sends /api/* to; embeds, data and assets never pass it', () => {
    const t = stages.prod.template;
    const [aclId] = Object.keys(webAcls(t, 'CLOUDFRONT'));
    const api = apiDistribution(t)!;
    const app = appDistribution(t);
    expect(api.config.WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    expect(app.config.WebACLId).toBeUndefined();
    // The API distribution serves the API alone.
    expect(api.config.CacheBehaviors ?? []).toEqual([]);
    expect(isExecuteApi(originOf(api, api.config.DefaultCacheBehavior))).toBe(true);
    // The app's /api/* and /api/fn/* go to it ...
    for (const pattern of ['/api/*', '/api/fn/*'])
      expect(originOf(app, behaviour(app, pattern)).DomainName, pattern).toEqual({
        'Fn::GetAtt': [api.logicalId, 'DomainName'],
      });
    // ... and nothing else does: the embed page, map data, files, the embed's static files and the SPA are served by
    // the app distribution from S3, uninspected.
    for (const pattern of ['/m/*', '/data/*', '/files/*', ...CROSS_ORIGIN_STATIC_PATHS])
      expect(text(originOf(app, behaviour(app, pattern)).DomainName), pattern).toMatch(/RegionalDomainName/);
    expect(text(originOf(app, app.config.DefaultCacheBehavior).DomainName)).toMatch(/RegionalDomainName/);
    expect(CROSS_ORIGIN_STATIC_PATHS.some((p) => p.startsWith('/assets/'))).toBe(true);
  });

  it("stamps the viewer's address on every request to the API, which the rate rule counts by", () => {
    for (const name of ['dev', 'prod'] as const) {
      const t = stages[name].template;
      const app = appDistribution(t);
      const functions = t.findResources('AWS::CloudFront::Function') as Record<string, { Properties: Json }>;
      for (const pattern of ['/api/*', '/api/fn/*']) {
        const [association] = behaviour(app, pattern).FunctionAssociations!;
        const code = functions[(association!.FunctionARN as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0]]!.Properties
          .FunctionCode as string;
        expect(code, `${name} ${pattern}`).toContain(
          `request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip }`,
        );
      }
      expect(Object.values(functions).some((f) => f.Properties.FunctionCode === VIEWER_IP_SOURCE)).toBe(true);
    }
  });

  it('passes cdk-nag on staging with only the acknowledgements its API distribution needs', () => {
    expectNagClean(stages.staging.stack);
  });
});

describe('the user pool’s web ACL (production stages)', () => {
  it('blocks Cognito’s own DeleteUser, so an account is deleted only with its data; dev has none', () => {
    for (const name of ['staging', 'prod'] as const) {
      const t = stages[name].template;
      const acls = webAcls(t, 'REGIONAL');
      expect(Object.keys(acls), name).toHaveLength(1);
      const [aclId, acl] = (Object.entries(acls) as Array<[string, { Properties: { Rules: Json[] } }]>)[0]!;
      expect(acl.Properties).toMatchObject({ DefaultAction: { Allow: {} } });
      expect(acl.Properties.Rules).toEqual([
        expect.objectContaining({
          Name: USER_POOL_WAF_RULES.noSelfDeletion,
          Action: { Block: {} },
          Statement: {
            ByteMatchStatement: {
              FieldToMatch: { SingleHeader: { Name: 'x-amz-target' } },
              PositionalConstraint: 'EXACTLY',
              SearchString: SELF_DELETION_TARGET.toLowerCase(),
              TextTransformations: [{ Priority: 0, Type: 'LOWERCASE' }],
            },
          },
        }),
      ]);
      const [association] = Object.values(t.findResources('AWS::WAFv2::WebACLAssociation')) as Array<{
        Properties: { ResourceArn: unknown; WebACLArn: unknown };
      }>;
      expect(association!.Properties.WebACLArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
      expect(text(association!.Properties.ResourceArn)).toMatch(/UserPool/);
    }
    expect(webAcls(stages.dev.template, 'REGIONAL')).toEqual({});
  });
});

describe('the secret origin header', () => {
  it('is sent with every request to the API, on every stage, to execute-api and to the API distribution alike', () => {
    for (const name of ['dev', 'staging', 'prod'] as const) {
      const t = stages[name].template;
      const apiOrigins = distributions(t).flatMap((d) =>
        d.config.Origins.filter((o) => isExecuteApi(o) || text(o.DomainName).includes('ApiDistribution')),
      );
      expect(apiOrigins.length, name).toBe(name === 'dev' ? 1 : 2);
      for (const origin of apiOrigins)
        expect(origin.OriginCustomHeaders, `${name} ${origin.Id}`).toEqual([
          { HeaderName: ORIGIN_SECRET_HEADER, HeaderValue: SECRET },
        ]);
      // S3 origins get no secret.
      const others = distributions(t).flatMap((d) => d.config.Origins.filter((o) => !apiOrigins.includes(o)));
      expect(others.every((o) => !o.OriginCustomHeaders)).toBe(true);
    }
  });

  it('comes from Parameter Store at deploy time: only its names are in the templates, and nested stacks do not echo it', () => {
    for (const name of ['dev', 'prod'] as const) {
      const { templates } = stages[name];
      const names = originSecretParameters(STAGES[name]!);
      expect(templates.root!.toJSON().Parameters).toMatchObject({
        OriginSecretParameter: { Type: 'AWS::SSM::Parameter::Value<String>', Default: names.secret },
        OriginStandbySecretParameter: { Type: 'AWS::SSM::Parameter::Value<String>', Default: names.standby },
      });
      for (const stack of ['Edge', 'MapFunctions', 'ServiceFunctions']) {
        const parameters = templates[stack]!.toJSON().Parameters as Record<string, Json>;
        expect(parameters.OriginSecret, `${name} ${stack}`).toEqual({ Type: 'String', NoEcho: true });
        expect(parameters.OriginStandbySecret, `${name} ${stack}`).toEqual({ Type: 'String', NoEcho: true });
      }
    }
  });

  it('is checked by every call and public route (ORIGIN_SECRETS, both values) and by no trigger', () => {
    for (const name of ['dev', 'prod'] as const) {
      for (const fn of functionsById(stages[name].template).values()) {
        const env = (fn.properties.Environment as { Variables: Json }).Variables;
        if (fn.id.startsWith('calls/') || fn.id.startsWith('http/'))
          expect(env[ORIGIN_SECRETS_ENV], fn.id).toEqual({ 'Fn::Join': ['', [SECRET, ',', STANDBY]] });
        else expect(env[ORIGIN_SECRETS_ENV], fn.id).toBeUndefined();
      }
    }
  });

  it('reaches CloudFront before the calls: the function stacks deploy after the edge (a rotation never refuses a request)', () => {
    for (const name of ['dev', 'prod'] as const) {
      const stack = stages[name].stack;
      const root = stages[name].templates.root!.toJSON().Resources as Record<string, { DependsOn?: string[] }>;
      const idOf = (id: string) => stack.getLogicalId(stack.concerns[id]!.nestedStackResource as never);
      for (const functions of ['MapFunctions', 'ServiceFunctions'])
        expect(root[idOf(functions)]!.DependsOn, `${name} ${functions}`).toContain(idOf('Edge'));
    }
  });
});

describe('the dashboard of each stage', () => {
  /** The dashboard's widgets, tokens shown as <Ref> / <Attr> placeholders. */
  function widgetsOf(t: Template): Array<{ type: string; properties: Json }> {
    const dashboards = Object.values(t.findResources('AWS::CloudWatch::Dashboard')) as Array<{
      Properties: { DashboardBody: unknown };
    }>;
    expect(dashboards).toHaveLength(1);
    const render = (value: unknown): string => {
      if (typeof value === 'string') return value;
      const o = value as Json;
      if (o['Fn::Join']) {
        const [sep, parts] = o['Fn::Join'] as [string, unknown[]];
        return parts.map(render).join(sep);
      }
      if (o.Ref) return `<${String(o.Ref)}>`;
      if (o['Fn::GetAtt']) return `<${(o['Fn::GetAtt'] as string[]).join('.')}>`;
      return '<token>';
    };
    return (
      JSON.parse(render(dashboards[0]!.Properties.DashboardBody)) as {
        widgets: Array<{ type: string; properties: Json }>;
      }
    ).widgets;
  }
  const byTitle = (widgets: ReturnType<typeof widgetsOf>, title: string) =>
    widgets.find((w) => w.properties.title === title);
  const metricsOf = (widget: { properties: Json } | undefined) => (widget?.properties.metrics ?? []) as unknown[][];

  it('exists on dev, staging and prod with calls, errors, latency, saves, beacons, webhook events and costs', () => {
    for (const name of ['dev', 'staging', 'prod'] as const) {
      const widgets = widgetsOf(stages[name].template);
      for (const title of [
        DASHBOARD_WIDGETS.calls,
        DASHBOARD_WIDGETS.handledFailures,
        DASHBOARD_WIDGETS.apiErrors,
        DASHBOARD_WIDGETS.latency,
        DASHBOARD_WIDGETS.saves,
        DASHBOARD_WIDGETS.beacons,
        DASHBOARD_WIDGETS.webhook,
        DASHBOARD_WIDGETS.estimatedCharges,
      ])
        expect(byTitle(widgets, title), `${name}: ${title}`).toBeDefined();
      expect(
        widgets.some((w) => w.type === 'text' && String(w.properties.markdown).includes(DASHBOARD_WIDGETS.costs)),
      ).toBe(true);
      // The WAF graph where there is a web ACL of the stage's own.
      expect(Boolean(byTitle(widgets, DASHBOARD_WIDGETS.waf)), name).toBe(name !== 'dev');
    }
  });

  it('counts every call on its own line, and graphs p50 and p99 of each main call', () => {
    const t = stages.prod.template;
    const widgets = widgetsOf(t);
    const functions = functionsById(t);
    const callIds = [...functions.keys()].filter((id) => id.startsWith('calls/'));
    const calls = metricsOf(byTitle(widgets, DASHBOARD_WIDGETS.calls));
    expect(calls).toHaveLength(callIds.length);
    for (const id of callIds)
      expect(
        calls.some((m) => m.includes('Invocations') && m.includes(`<${functions.get(id)!.logicalId}>`)),
        id,
      ).toBe(true);
    const latency = metricsOf(byTitle(widgets, DASHBOARD_WIDGETS.latency));
    for (const id of DASHBOARD_LATENCY_FUNCTIONS)
      for (const p of ['p50', 'p99'])
        expect(
          latency.some((m) => m.includes(`<${functions.get(id)!.logicalId}>`) && text(m).includes(`"stat":"${p}"`)),
          `${id} ${p}`,
        ).toBe(true);
  });

  it('shows handled failures (CallFailures, StripeEventFailures, per function), saves, beacons, webhook events and charges', () => {
    const t = stages.prod.template;
    const widgets = widgetsOf(t);
    const functions = functionsById(t);
    const failures = text(metricsOf(byTitle(widgets, DASHBOARD_WIDGETS.handledFailures)));
    for (const metric of ['CallFailures', 'StripeEventFailures', 'CallFailures-calls-save-map'])
      expect(failures).toContain(`"${metric}"`);
    for (const [title, id] of [
      [DASHBOARD_WIDGETS.saves, 'calls/save-map'],
      [DASHBOARD_WIDGETS.beacons, 'http/beacon'],
      [DASHBOARD_WIDGETS.webhook, 'http/stripe-webhook'],
    ] as const) {
      const metrics = text(metricsOf(byTitle(widgets, title)));
      expect(metrics, title).toContain(`"Invocations"`);
      expect(metrics, title).toContain(`<${functions.get(id)!.logicalId}>`);
    }
    expect(text(metricsOf(byTitle(widgets, DASHBOARD_WIDGETS.webhook)))).toContain('"StripeEventsRefused"');
    expect(text(metricsOf(byTitle(widgets, DASHBOARD_WIDGETS.estimatedCharges)))).toContain('"EstimatedCharges"');
    expect(text(metricsOf(byTitle(widgets, DASHBOARD_WIDGETS.waf)))).toContain('"mapnest-prod-api"');
  });
});
