import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cdkJsonContext } from '../src/feature-flags';
import { constructIdFor } from '../src/mapnest-stack';
import { readManifest } from '../src/manifest';
import { STAGES, stageConfig, validateStage, type StageConfig } from '../src/stages';
import { resolveWebAssets } from '../src/web-assets';
import { FIXTURE_LAMBDAS, FULL_STAGE } from './support';

describe('stage configuration', () => {
  it('knows dev and prod, and only prod keeps data', () => {
    expect(stageConfig('dev').production).toBe(false);
    expect(STAGES.prod!.production).toBe(true);
  });

  it('asks for a stage when none is given and names the known ones for a wrong one', () => {
    expect(() => stageConfig(undefined)).toThrow('Pass a stage: npx cdk synth -c stage=<dev|staging|prod>');
    expect(() => stageConfig('qa')).toThrow("Unknown stage 'qa'. Known stages: dev, staging, prod.");
  });

  it('configures staging like prod under its own names, and refuses it until configured like prod', () => {
    const { name, stripe, marketplace, monthlyBudgetUsd, ...staging } = STAGES.staging!;
    const { name: _n, stripe: _s, marketplace: _m, monthlyBudgetUsd: _b, ...prod } = STAGES.prod!;
    expect(staging).toEqual(prod);
    expect(name).toBe('staging');
    expect(JSON.stringify([stripe, marketplace])).not.toContain('/prod/');
    expect(monthlyBudgetUsd).toBeGreaterThan(0);
    expect(() => stageConfig('staging')).toThrow(
      "Stage 'staging' is misconfigured: a production stage needs account, alarmEmail, email (the SES sender), domain, operator (the business the legal pages name)",
    );
  });

  it('accepts dev and a fully configured production stage', () => {
    for (const stage of [STAGES.dev!, FULL_STAGE]) expect(() => validateStage(stage)).not.toThrow();
    // Production stages run their own web ACL; dev has none.
    expect(STAGES.prod!.waf).toEqual({ apiRequestsPer5Minutes: 3000 });
    expect(STAGES.staging!.waf).toEqual(STAGES.prod!.waf);
    expect(STAGES.dev!.waf).toBeUndefined();
    expect(() => validateStage({ ...FULL_STAGE, webAclArn: undefined, waf: STAGES.prod!.waf })).not.toThrow();
  });

  it('refuses to synthesise prod until its account, alarm email, sender and domain are configured', () => {
    expect(() => stageConfig('prod')).toThrow(
      "Stage 'prod' is misconfigured: a production stage needs account, alarmEmail, email (the SES sender), domain, operator (the business the legal pages name) in infra/src/stages.ts",
    );
    const { alarmEmail: _alarmEmail, ...withoutAlarmEmail } = FULL_STAGE;
    expect(() => validateStage(withoutAlarmEmail)).toThrow('a production stage needs alarmEmail in');
    const { operator: _operator, ...withoutOperator } = FULL_STAGE;
    expect(() => validateStage(withoutOperator)).toThrow(
      'a production stage needs operator (the business the legal pages name) in',
    );
    expect(() => validateStage({ ...FULL_STAGE, operator: { ...FULL_STAGE.operator!, jurisdiction: ' ' } })).toThrow(
      'operator.jurisdiction must not be empty',
    );
    expect(() => validateStage({ ...FULL_STAGE, account: '1234' })).toThrow(
      'account must be a 12-digit AWS account id',
    );
    // Dev stages may leave all five out.
    expect(() =>
      validateStage({
        ...FULL_STAGE,
        production: false,
        account: undefined,
        alarmEmail: undefined,
        email: undefined,
        domain: undefined,
        operator: undefined,
      }),
    ).not.toThrow();
  });

  it.each<[string, Partial<StageConfig>, string]>([
    [
      'a certificate outside us-east-1',
      { domain: { name: 'maps.example.com', certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc' } },
      'must be an ACM certificate in us-east-1',
    ],
    [
      'a domain outside its zone',
      { domain: { ...FULL_STAGE.domain!, name: 'maps.example.org' } },
      'domain.name must be inside domain.hostedZone.name',
    ],
    [
      'a relative Stripe parameter name',
      { stripe: { secretKeyParameter: 'mapnest/prod/stripe', webhookSecretParameter: '/x', pricesParameter: '/y' } },
      "Stripe parameter 'mapnest/prod/stripe' must be a full path",
    ],
    [
      'a relative Stripe prices parameter name',
      { stripe: { secretKeyParameter: '/x', webhookSecretParameter: '/y', pricesParameter: 'prices' } },
      "Stripe parameter 'prices' must be a full path",
    ],
    [
      'a relative marketplace parameter name',
      { marketplace: { tokenParameter: 'token' } },
      "Marketplace parameter 'token' must be a full path",
    ],
    [
      'an origin with a path',
      { extraOrigins: ['https://example.com/app'] },
      "extra origin 'https://example.com/app' must be scheme://host[:port]",
    ],
    ['plain http on production', { extraOrigins: ['http://localhost:5173'] }, 'must not allow plain-http origins'],
    [
      'an invalid Cognito domain prefix',
      { google: { ...FULL_STAGE.google!, cognitoDomainPrefix: 'Mapnest_Prod' } },
      'cognitoDomainPrefix',
    ],
    [
      "the stage's own web ACL outside us-east-1 (CLOUDFRONT-scoped ACLs exist only there)",
      {
        region: 'eu-west-1',
        webAclArn: undefined,
        waf: { apiRequestsPer5Minutes: 3000 },
      },
      "waf: CloudFront's web ACLs live in us-east-1 only",
    ],
    [
      'both an own web ACL and one made outside the stack',
      { waf: { apiRequestsPer5Minutes: 3000 } },
      'waf and webAclArn are alternatives',
    ],
    [
      'a rate limit WAF refuses',
      { webAclArn: undefined, waf: { apiRequestsPer5Minutes: 5 } },
      'waf.apiRequestsPer5Minutes must be a whole number of at least 10',
    ],
    [
      'a regional web ACL for CloudFront',
      { webAclArn: 'arn:aws:wafv2:eu-west-1:123456789012:regional/webacl/x/0123' },
      'webAclArn must be a CLOUDFRONT-scoped (global) web ACL in us-east-1',
    ],
  ])('rejects %s', (_, change, message) => {
    expect(() => validateStage({ ...FULL_STAGE, ...change })).toThrow(message);
  });
});

describe('manifest', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  const tree = (files: Record<string, string>) => {
    dir = mkdtempSync(join(tmpdir(), 'mapnest-manifest-'));
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), content);
    }
    return dir;
  };

  it('derives one POST /api/fn/<camelName> JWT route per call file, ignoring tests', () => {
    const srcDir = tree({
      'calls/save-map.ts': '',
      'calls/save-map.test.ts': '',
      'calls/get-profile2.ts': '',
      'calls/types.d.ts': '',
    });
    const m = readManifest({ srcDir, httpRoutes: [], triggers: [], publicCalls: [] });
    expect(m.functions.map((f) => [f.id, f.routes])).toEqual([
      ['calls/get-profile2', [{ method: 'POST', path: '/api/fn/getProfile2', auth: 'jwt' }]],
      ['calls/save-map', [{ method: 'POST', path: '/api/fn/saveMap', auth: 'jwt' }]],
    ]);
  });

  it('rejects a call module whose call name does not map back to it', () => {
    const srcDir = tree({ 'calls/get-2d-view.ts': '' });
    expect(() => readManifest({ srcDir, httpRoutes: [], triggers: [], publicCalls: [] })).toThrow(
      "'get2dView' does not map back to 'get-2d-view'",
    );
  });

  it('rejects a call module whose name is not kebab-case', () => {
    const srcDir = tree({ 'calls/saveMap.ts': '' });
    expect(() => readManifest({ srcDir, httpRoutes: [], triggers: [], publicCalls: [] })).toThrow(
      'lambdas/src/calls/saveMap.ts: a callable module name must be kebab-case',
    );
  });

  it('rejects public routes inside the callable namespace or outside /api', () => {
    const srcDir = tree({ 'http/x.ts': '' });
    expect(() =>
      readManifest({
        srcDir,
        publicCalls: [],
        httpRoutes: [{ module: 'x', method: 'POST', path: '/api/fn/x' }],
        triggers: [],
      }),
    ).toThrow('public routes live under /api/ and outside /api/fn/');
    expect(() =>
      readManifest({
        srcDir,
        publicCalls: [],
        httpRoutes: [{ module: 'x', method: 'GET', path: '/health' }],
        triggers: [],
      }),
    ).toThrow('public routes live under /api/');
  });

  it('rejects the same route declared twice', () => {
    const srcDir = tree({ 'http/a.ts': '', 'http/b.ts': '' });
    const httpRoutes = [
      { module: 'a', method: 'GET' as const, path: '/api/x' },
      { module: 'b', method: 'GET' as const, path: '/api/x' },
    ];
    expect(() => readManifest({ srcDir, httpRoutes, triggers: [], publicCalls: [] })).toThrow(
      'Route GET /api/x is declared twice.',
    );
  });

  it('gives one function to a module serving several routes', () => {
    const srcDir = tree({ 'http/beacon.ts': '' });
    const m = readManifest({
      srcDir,
      publicCalls: [],
      httpRoutes: [
        { module: 'beacon', method: 'GET', path: '/api/b' },
        { module: 'beacon', method: 'POST', path: '/api/b' },
      ],
      triggers: [],
    });
    expect(m.functions).toHaveLength(1);
    expect(m.functions[0]!.routes.map((r) => r.method)).toEqual(['GET', 'POST']);
  });

  it('lists manifest entries without a file as missing instead of provisioning them', () => {
    const m = readManifest({
      srcDir: FIXTURE_LAMBDAS,
      publicCalls: [],
      httpRoutes: [{ module: 'nope', method: 'GET', path: '/api/nope' }],
      triggers: [{ module: 'thumbnail-v2', source: 's3-upload' }],
    });
    expect(m.missing).toEqual(['http/nope', 'triggers/thumbnail-v2']);
    expect(m.functions.some((f) => f.id === 'http/nope')).toBe(false);
  });

  it('opens the calls named in PUBLIC_CALLS to signed-out callers', () => {
    const srcDir = tree({ 'calls/submit-contact.ts': '', 'calls/save-map.ts': '' });
    const m = readManifest({ srcDir, httpRoutes: [], triggers: [], publicCalls: ['submitContact', 'gone'] });
    expect(m.functions.map((f) => [f.callName, f.routes[0]!.auth])).toEqual([
      ['saveMap', 'jwt'],
      ['submitContact', 'none'],
    ]);
    expect(m.missing).toEqual(['calls/gone (PUBLIC_CALLS)']);
  });

  it('reports handler files that no manifest entry names', () => {
    const srcDir = tree({
      'http/health.ts': '',
      'http/beacon.ts': '',
      'http/beacon.test.ts': '',
      'triggers/thumbnail.ts': '',
    });
    const m = readManifest({
      srcDir,
      publicCalls: [],
      httpRoutes: [{ module: 'health', method: 'GET', path: '/api/health' }],
      triggers: [],
    });
    expect(m.unlisted).toEqual(['http/beacon', 'triggers/thumbnail']);
  });

  it('requires a schedule expression for scheduled triggers', () => {
    const srcDir = tree({ 'triggers/sweep.ts': '' });
    expect(() =>
      readManifest({ srcDir, publicCalls: [], httpRoutes: [], triggers: [{ module: 'sweep', source: 'schedule' }] }),
    ).toThrow("a scheduled trigger needs schedule: 'rate(...)' or 'cron(...)'");
    const m = readManifest({
      srcDir,
      publicCalls: [],
      httpRoutes: [],
      triggers: [{ module: 'sweep', source: 'schedule', schedule: 'cron(0 3 * * ? *)' }],
    });
    expect(m.functions[0]).toMatchObject({ id: 'triggers/sweep', trigger: 'schedule', schedule: 'cron(0 3 * * ? *)' });
  });

  it('derives stable construct ids from function ids', () => {
    const m = readManifest({
      srcDir: FIXTURE_LAMBDAS,
      publicCalls: [],
      httpRoutes: [{ module: 'stripe-webhook', method: 'POST', path: '/api/stripe/webhook' }],
      triggers: [{ module: 'thumbnail', source: 's3-upload' }],
    });
    expect(m.functions.map(constructIdFor)).toEqual(['CallEchoName', 'HttpStripeWebhook', 'TriggerThumbnail']);
  });
});

describe('web assets', () => {
  it('uses web/dist when it holds a build and a placeholder otherwise', () => {
    const built = mkdtempSync(join(tmpdir(), 'mapnest-dist-'));
    try {
      writeFileSync(join(built, 'index.html'), '<!doctype html>');
      expect(resolveWebAssets(built)).toEqual({ kind: 'build', dir: built });
      const missing = resolveWebAssets(join(built, 'nope'));
      expect(missing.kind).toBe('placeholder');
      expect(missing.kind === 'placeholder' && missing.placeholderHtml).toContain('npm run build');
    } finally {
      rmSync(built, { recursive: true, force: true });
    }
  });
});

describe('feature flags', () => {
  it('sets every flag aws-cdk-lib recommends for new projects, with its recommended value', () => {
    const require = createRequire(import.meta.url);
    const recommended = require('aws-cdk-lib/recommended-feature-flags.json') as Record<string, unknown>;
    const context = cdkJsonContext();
    expect(Object.keys(recommended).length).toBeGreaterThan(80);
    for (const [flag, value] of Object.entries(recommended)) expect(context[flag], flag).toEqual(value);
    expect(context['@aws-cdk/aws-iam:minimizePolicies']).toBe(true);
    expect(context['@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy']).toBe(true);
  });
});
