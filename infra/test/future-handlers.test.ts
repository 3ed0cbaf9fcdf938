/**
 * The constructs for handlers that other issues will add, exercised today with fixture handlers and a
 * stage that turns every optional feature on: the S3 thumbnail trigger (sharp), the public Stripe
 * webhook, a custom domain with DNS, Google sign-in, SES email, a web ACL and an alarm email.
 */
import { Annotations, Match, type Template } from 'aws-cdk-lib/assertions';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GRANTS } from '../src/grants';
import { readManifest, type Manifest } from '../src/manifest';
import {
  FIXTURE_LAMBDAS,
  FULL_STAGE,
  actionsOf,
  bundle,
  expectNagClean,
  functionsById,
  isFailureQueueStatement,
  isXrayStatement,
  logicalIdByPath,
  resourcesOf,
  routes,
  statementsOf,
  synth,
  type Bundled,
  type Synthesised,
} from './support';

let manifest: Manifest;
let bundled: Bundled;
let full: Synthesised;
let t: Template;

beforeAll(async () => {
  manifest = readManifest({
    srcDir: FIXTURE_LAMBDAS,
    publicCalls: [],
    httpRoutes: [
      { module: 'stripe-webhook', method: 'POST', path: '/api/stripe/webhook' },
      // Named in the manifest before its file exists: skipped with a warning, not a broken synth.
      { module: 'beacon', method: 'POST', path: '/api/beacon' },
    ],
    triggers: [
      { module: 'cognito-custom-message', source: 'cognito-custom-message' },
      { module: 'thumbnail', source: 's3-upload' },
    ],
  });
  bundled = await bundle(manifest);
  // The fixture call stands in for a mail-sending call such as submitContact.
  full = synth(FULL_STAGE, manifest, bundled.bundles, {
    grants: { ...GRANTS, 'calls/echo-name': { table: ['write'], mail: true } },
  });
  t = full.template;
}, 120_000);

const json = (value: unknown) => JSON.stringify(value);

describe('thumbnail trigger', () => {
  it('runs on Linux x86_64 with room for image work', () => {
    const fn = functionsById(t).get('triggers/thumbnail')!;
    expect(fn.properties).toMatchObject({
      Architectures: ['x86_64'],
      MemorySize: 1536,
      Timeout: 60,
      Runtime: 'nodejs24.x',
    });
  });

  it('ships sharp with its Linux x64 binary and libvips next to the bundle', () => {
    const dir = bundled.bundles.get('triggers/thumbnail')!.dir;
    for (const pkg of [
      'sharp',
      '@img/sharp-linux-x64',
      '@img/sharp-libvips-linux-x64',
      'detect-libc',
      'semver',
      '@img/colour',
    ]) {
      expect(existsSync(join(dir, 'node_modules', pkg, 'package.json')), pkg).toBe(true);
    }
    expect(existsSync(join(dir, 'node_modules', '@img', 'sharp-linux-arm64')), 'other platforms stay out').toBe(false);
    expect(bundled.bundles.get('triggers/thumbnail')!.nativePackages).toEqual(['sharp']);
  });

  it('fires on every object created in the uploads bucket', () => {
    const fn = functionsById(t).get('triggers/thumbnail')!;
    interface LambdaNotification {
      Events: string[];
      LambdaFunctionArn: unknown;
      Filter?: unknown;
    }
    const [notifications] = Object.values(t.findResources('Custom::S3BucketNotifications')) as Array<{
      Properties: {
        BucketName: unknown;
        NotificationConfiguration: { LambdaFunctionConfigurations: LambdaNotification[] };
      };
    }>;
    expect(notifications!.Properties.BucketName).toEqual({
      Ref: logicalIdByPath(t, 'AWS::S3::Bucket', 'Storage/Uploads'),
    });
    const configs = notifications!.Properties.NotificationConfiguration.LambdaFunctionConfigurations;
    // Unfiltered: library files of every type are verified, and the handler skips its own thumbnails.
    expect(configs).toEqual([
      { Events: ['s3:ObjectCreated:*'], LambdaFunctionArn: { 'Fn::GetAtt': [fn.logicalId, 'Arn'] } },
    ]);
  });

  it('reads uploads, writes only thumbnail keys and library files (a sanitised SVG), deletes only thumbnails and library files', () => {
    const fn = functionsById(t).get('triggers/thumbnail')!;
    const uploads = logicalIdByPath(t, 'AWS::S3::Bucket', 'Storage/Uploads');
    const dataTable = logicalIdByPath(t, 'AWS::DynamoDB::Table', 'Data/Table');
    const objects = (pattern: string) => [{ 'Fn::Join': ['', [{ 'Fn::GetAtt': [uploads, 'Arn'] }, `/${pattern}`]] }];
    const data = statementsOf(t, fn).filter(
      (s) => !actionsOf(s)[0]!.startsWith('logs:') && !isXrayStatement(s) && !isFailureQueueStatement(s),
    );
    expect(data.map((s) => [actionsOf(s), resourcesOf(s)])).toEqual([
      // Each library file is counted in its owner's storage: a marker item and the counter (ADR 027).
      [
        [
          'dynamodb:BatchGetItem',
          'dynamodb:ConditionCheckItem',
          'dynamodb:GetItem',
          'dynamodb:PutItem',
          'dynamodb:Query',
          'dynamodb:UpdateItem',
        ],
        [
          { 'Fn::Join': ['', [{ 'Fn::GetAtt': [dataTable, 'Arn'] }, '/index/*']] },
          { 'Fn::GetAtt': [dataTable, 'Arn'] },
        ],
      ],
      [['s3:GetObject'], objects('*')],
      [['s3:ListBucket'], [{ 'Fn::GetAtt': [uploads, 'Arn'] }]],
      // @aws-cdk/aws-iam:minimizePolicies merges statements with the same actions into one.
      [
        ['s3:DeleteObject', 's3:PutObject'],
        [...objects('*/.thumb-*.jpg'), ...objects('*/files/*')],
      ],
    ]);
  });
});

describe('Stripe webhook', () => {
  it('is a public route: Stripe signs its requests, it has no user token', () => {
    const fn = functionsById(t).get('http/stripe-webhook')!;
    const webhook = routes(t).find((r) => r.routeKey === 'POST /api/stripe/webhook')!;
    expect(webhook.authorizationType).toBe('NONE');
    expect(webhook.functionLogicalId).toBe(fn.logicalId);
    expect(routes(t).find((r) => r.routeKey === 'POST /api/fn/echoName')!.authorizationType).toBe('JWT');
  });

  // The webhook reads the API key too: two events of one subscription in the same second are settled by reading the
  // subscription from Stripe (domain/stripe/stripe-events.ts).
  it('gets the names of the parameters it reads, never their values', () => {
    const env = (
      functionsById(t).get('http/stripe-webhook')!.properties.Environment as { Variables: Record<string, unknown> }
    ).Variables;
    expect(env.STRIPE_WEBHOOK_SECRET_PARAMETER).toBe(FULL_STAGE.stripe.webhookSecretParameter);
    expect(env.STRIPE_PRICES_PARAMETER).toBe(FULL_STAGE.stripe.pricesParameter);
    expect(
      Object.keys(env)
        .filter((k) => k.startsWith('STRIPE_'))
        .sort(),
    ).toEqual(['STRIPE_PRICES_PARAMETER', 'STRIPE_SECRET_KEY_PARAMETER', 'STRIPE_WEBHOOK_SECRET_PARAMETER']);
    expect(env.STRIPE_SECRET_KEY_PARAMETER).toBe(FULL_STAGE.stripe.secretKeyParameter);
    expect(Object.values(env).some((v) => typeof v === 'string' && /^(sk|whsec)_/.test(v))).toBe(false);
    const echo = (
      functionsById(t).get('calls/echo-name')!.properties.Environment as { Variables: Record<string, unknown> }
    ).Variables;
    expect(echo.STRIPE_WEBHOOK_SECRET_PARAMETER).toBeUndefined();
  });

  it('may read exactly those three parameters', () => {
    const ssm = statementsOf(t, functionsById(t).get('http/stripe-webhook')!).filter((s) =>
      actionsOf(s).some((a) => a.startsWith('ssm:')),
    );
    expect(ssm).toHaveLength(1);
    expect(actionsOf(ssm[0]!)).toEqual(['ssm:GetParameter', 'ssm:GetParameters']);
    // @aws-cdk/core:enablePartitionLiterals: the partition is written out for a stack with a known region.
    expect(resourcesOf(ssm[0]!).map(json).sort()).toEqual(
      [
        FULL_STAGE.stripe.webhookSecretParameter,
        FULL_STAGE.stripe.pricesParameter,
        FULL_STAGE.stripe.secretKeyParameter,
      ]
        .map((name) => json(`arn:aws:ssm:us-east-1:123456789012:parameter${name}`))
        .sort(),
    );
  });
});

describe('parameters', () => {
  it("reads them through AWS's Parameters and Secrets extension, attached only where parameters are read", () => {
    const layersOf = (id: string) => json(functionsById(t).get(id)!.properties.Layers ?? []);
    expect(layersOf('http/stripe-webhook')).toMatch(/AWS-Parameters-and-Secrets-Lambda-Extension-Arm64/);
    const env = (
      functionsById(t).get('http/stripe-webhook')!.properties.Environment as { Variables: Record<string, unknown> }
    ).Variables;
    expect(env).toMatchObject({ PARAMETERS_SECRETS_EXTENSION_CACHE_ENABLED: 'true', SSM_PARAMETER_STORE_TTL: '300' });
    expect(layersOf('calls/echo-name')).not.toMatch(/Parameters-and-Secrets/);
  });
});

describe('mail', () => {
  it('gives a mail-sending function the sender, the support inbox and SendEmail on the sender identities only', () => {
    const fn = functionsById(t).get('calls/echo-name')!;
    const env = (fn.properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env.MAIL_FROM).toBe('Mapnest <no-reply@example.com>');
    expect(env.SUPPORT_EMAIL).toBe('support@example.com');
    const ses = statementsOf(t, fn).filter((s) => actionsOf(s).some((a) => a.startsWith('ses:')));
    expect(ses.map((s) => actionsOf(s))).toEqual([['ses:SendEmail']]);
    expect(resourcesOf(ses[0]!).map(json).sort()).toEqual(
      ['no-reply@example.com', 'example.com']
        .map((id) => json(`arn:aws:ses:us-east-1:123456789012:identity/${id}`))
        .sort(),
    );
    expect(
      (functionsById(t).get('triggers/thumbnail')!.properties.Environment as { Variables: Record<string, unknown> })
        .Variables.MAIL_FROM,
    ).toBeUndefined();
  });
});

describe('manifest entries without a handler yet', () => {
  it('are skipped with a warning instead of a broken synth', () => {
    expect(manifest.missing).toEqual(['http/beacon']);
    expect(routes(t).some((r) => r.routeKey === 'POST /api/beacon')).toBe(false);
    Annotations.fromStack(full.stack).hasWarning(
      '*',
      Match.stringLikeRegexp('http/beacon is named in lambdas/src/routes.ts but its file does not exist'),
    );
  });
});

describe('cdk-nag AwsSolutions', () => {
  it('reports nothing unacknowledged with every optional feature on, and justifies each acknowledgement', () => {
    expectNagClean(full.stack);
  });
});

describe('optional stage features', () => {
  it("serves the custom domain with its certificate, modern TLS and DNS aliases, and puts the operator's web ACL on the API distribution", () => {
    t.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: [FULL_STAGE.domain!.name],
        ViewerCertificate: {
          AcmCertificateArn: FULL_STAGE.domain!.certificateArn,
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      }),
    });
    // The web ACL made outside the stack goes on the API's own distribution, never on the one serving embeds.
    const distributions = Object.values(t.findResources('AWS::CloudFront::Distribution')) as Array<{
      Properties: { DistributionConfig: { Aliases?: string[]; WebACLId?: unknown } };
    }>;
    expect(distributions.map((d) => d.Properties.DistributionConfig.WebACLId ?? null).sort()).toEqual([
      FULL_STAGE.webAclArn,
      null,
    ]);
    const app = distributions.find((d) => d.Properties.DistributionConfig.Aliases);
    expect(app!.Properties.DistributionConfig.WebACLId).toBeUndefined();
    expect(Object.keys(t.findResources('AWS::WAFv2::WebACL'))).toEqual([]);
    for (const type of ['A', 'AAAA']) {
      t.hasResourceProperties('AWS::Route53::RecordSet', {
        Name: `${FULL_STAGE.domain!.name}.`,
        Type: type,
        HostedZoneId: FULL_STAGE.domain!.hostedZone!.id,
      });
    }
  });

  it('uses the custom domain as the app origin in functions, CORS and uploads', () => {
    const origin = `https://${FULL_STAGE.domain!.name}`;
    for (const fn of functionsById(t).values()) {
      expect((fn.properties.Environment as { Variables: Record<string, unknown> }).Variables.APP_ORIGIN, fn.id).toBe(
        origin,
      );
    }
    t.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      CorsConfiguration: Match.objectLike({ AllowOrigins: [origin, ...FULL_STAGE.extraOrigins] }),
    });
    for (const path of ['Storage/Uploads', 'Storage/Documents']) {
      const props = (
        t.findResources('AWS::S3::Bucket')[logicalIdByPath(t, 'AWS::S3::Bucket', path)] as {
          Properties: { CorsConfiguration: { CorsRules: Array<{ AllowedOrigins: string[] }> } };
        }
      ).Properties;
      expect(props.CorsConfiguration.CorsRules[0]!.AllowedOrigins, path).toEqual([origin, ...FULL_STAGE.extraOrigins]);
    }
  });

  it('adds Google sign-in with the client secret resolved from Secrets Manager at deploy time', () => {
    t.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      ProviderDetails: Match.objectLike({
        client_id: FULL_STAGE.google!.clientId,
        client_secret: `{{resolve:secretsmanager:${FULL_STAGE.google!.clientSecretName}:SecretString:::}}`,
      }),
    });
    t.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: FULL_STAGE.google!.cognitoDomainPrefix });
    t.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      SupportedIdentityProviders: ['COGNITO', 'Google'],
      AllowedOAuthFlows: ['code'],
      CallbackURLs: [`https://${FULL_STAGE.domain!.name}/auth`],
    });
    expect(full.stack.resolve(full.stack.runtimeConfig)).toMatchObject({
      googleSignIn: true,
      oauthDomain: 'mapnest-full.auth.us-east-1.amazoncognito.com',
    });
  });

  it("sends Cognito email through SES and alarms to the operator's address", () => {
    t.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({
        EmailSendingAccount: 'DEVELOPER',
        From: 'Mapnest <no-reply@example.com>',
      }),
    });
    t.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: FULL_STAGE.alarmEmail });
  });
});
