import { RetentionDays } from 'aws-cdk-lib/aws-logs';

/**
 * Everything that differs between environments, in one typed place. A stage is deployed with
 * `npx cdk deploy -c stage=<name>`; secrets are never here, only the names under which they are stored.
 */
export interface StageConfig {
  /** Short name used in the stack name, tags and parameter paths. */
  name: string;
  /** Region of the stack; CloudFront, its certificate and its functions are global regardless. */
  region: string;
  /** Account to pin the stage to; undefined deploys to the account of the current credentials. */
  account?: string;
  /**
   * Production data rules: the table, user pool and data buckets are retained when the stack is
   * deleted and the table and pool have deletion protection. Off on dev, where stacks come and go.
   */
  production: boolean;
  /** Custom domain; without one the app is served at the distribution's *.cloudfront.net name. */
  domain?: {
    name: string;
    /** ACM certificate for `name`, which CloudFront requires to be in us-east-1. */
    certificateArn: string;
    /** Route 53 zone to create the alias records in; omit when DNS is managed elsewhere. */
    hostedZone?: { id: string; name: string };
  };
  /** Google sign-in through Cognito's hosted OAuth endpoints; omitted means email and password only. */
  google?: {
    clientId: string;
    /** Secrets Manager secret holding the OAuth client secret (resolved by CloudFormation at deploy time). */
    clientSecretName: string;
    /** Prefix of the Cognito domain <prefix>.auth.<region>.amazoncognito.com that Google redirects to. */
    cognitoDomainPrefix: string;
  };
  /**
   * SSM Parameter Store names the payment functions read at run time: the API key and webhook signing secret
   * (SecureString), and the price ids as JSON {"basic":{"monthly","yearly"},"pro":{…}} (docs/deploy.md).
   */
  stripe: { secretKeyParameter: string; webhookSecretParameter: string; pricesParameter: string };
  /** SSM SecureString holding the marketplace author's personal token, for checking purchase codes. */
  marketplace: { tokenParameter: string };
  /**
   * SES sender (a verified identity) for Cognito's email and the product's own (contact requests).
   * Omitted: Cognito sends with its own sender (50 a day) and the product's own email is not sent.
   */
  email?: {
    from: string;
    fromName?: string;
    replyTo?: string;
    /** The verified SES domain identity `from` belongs to, when the domain rather than the address is verified. */
    sesVerifiedDomain?: string;
    /** Where contact and custom-work requests are mailed. */
    supportEmail?: string;
  };
  /**
   * The business that runs the stage, as the legal pages name it (the Service Agreement's party, the privacy policy's
   * controller, the terms' governing law), served to the SPA in /config.json. A production stage must name it; a
   * stage without one says "the company that runs this Mapnest service" instead.
   */
  operator?: { name: string; address: string; jurisdiction: string };
  /** Retention of Lambda and API access logs. */
  logRetention: RetentionDays;
  /** Days to keep S3 and CloudFront access logs. */
  accessLogDays: number;
  /** Application log level handed to Lambda's JSON logging and to the handlers' LOG_LEVEL. */
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /**
   * Monthly AWS Budgets limit in USD for this stage's resources (filtered on the `stage` cost allocation tag, which
   * must be activated once in the Billing console): the alarm topic hears at 80% actual and 100% forecast.
   */
  monthlyBudgetUsd: number;
  /** Subscribed to the alarm topic when set (the subscription needs a one-time confirmation). */
  alarmEmail?: string;
  /** Stage-wide API Gateway throttling (requests per second and burst). */
  throttle: { rateLimit: number; burstLimit: number };
  /** Origins besides the app's own that may call the API and upload from a browser (e.g. a local Vite server on dev). */
  extraOrigins: string[];
  /**
   * The stage's own AWS WAF web ACL (ADR 028): managed common rules and known bad inputs, and a per-viewer rate limit on
   * `/api/*`, on a distribution of the API alone, so embeds (`/m`, `/data`, `/assets`) are never inspected (WAF
   * bills per inspected request). CLOUDFRONT-scoped ACLs exist only in us-east-1, so the stage must be there.
   */
  waf?: { apiRequestsPer5Minutes: number };
  /**
   * A web ACL made outside the stack (us-east-1, CLOUDFRONT scope), attached to the API's distribution in place of
   * the stage's own: for a stage outside us-east-1, or an operator who runs one ACL for several distributions.
   */
  webAclArn?: string;
}

/**
 * The Parameter Store names (String parameters, made once per stage before its first deploy: docs/deploy.md step 4)
 * of the secret CloudFront sends to the API (`secret`) and of a second value the API also accepts (`standby`), so a
 * rotation never refuses a request in flight. CloudFormation reads both at every deploy; the template holds only
 * these names.
 */
export const originSecretParameters = (stage: Pick<StageConfig, 'name'>) => ({
  secret: `/mapnest/${stage.name}/origin/secret`,
  standby: `/mapnest/${stage.name}/origin/standby-secret`,
});

/** Requests per viewer address and 5 minutes that production stages allow on /api/* (ADR 028). */
export const API_REQUESTS_PER_5_MINUTES = 3000;

/** The Parameter Store names of a stage's Stripe values (the local stack serves the same names, as stage "local"). */
export const stripeParameters = (stage: string) => ({
  secretKeyParameter: `/mapnest/${stage}/stripe/secret-key`,
  webhookSecretParameter: `/mapnest/${stage}/stripe/webhook-secret`,
  pricesParameter: `/mapnest/${stage}/stripe/prices`,
});
/** The Parameter Store name of a stage's marketplace author token. */
export const marketplaceParameters = (stage: string) => ({ tokenParameter: `/mapnest/${stage}/marketplace/token` });

/** The stages this repository deploys. Add one by adding an entry. */
export const STAGES: Readonly<Record<string, StageConfig>> = {
  dev: {
    name: 'dev',
    region: 'us-east-1',
    production: false,
    stripe: stripeParameters('dev'),
    marketplace: marketplaceParameters('dev'),
    logRetention: RetentionDays.TWO_WEEKS,
    accessLogDays: 14,
    logLevel: 'debug',
    monthlyBudgetUsd: 50,
    throttle: { rateLimit: 50, burstLimit: 100 },
    extraOrigins: ['http://localhost:5173', 'http://localhost:8080'],
  },
  // Configured like prod (same production rules, retention, throttles and alarms) under its own names, in its own
  // account preferably: where a release and a restore are rehearsed (docs/deploy.md). It refuses to synthesise
  // until it names its account, alarm email, SES sender and domain, exactly like prod.
  staging: {
    name: 'staging',
    region: 'us-east-1',
    production: true,
    stripe: stripeParameters('staging'),
    marketplace: marketplaceParameters('staging'),
    logRetention: RetentionDays.THREE_MONTHS,
    accessLogDays: 90,
    logLevel: 'info',
    monthlyBudgetUsd: 100,
    throttle: { rateLimit: 500, burstLimit: 1000 },
    extraOrigins: [],
    waf: { apiRequestsPer5Minutes: API_REQUESTS_PER_5_MINUTES },
  },
  prod: {
    name: 'prod',
    region: 'us-east-1',
    production: true,
    stripe: stripeParameters('prod'),
    marketplace: marketplaceParameters('prod'),
    logRetention: RetentionDays.THREE_MONTHS,
    accessLogDays: 90,
    logLevel: 'info',
    monthlyBudgetUsd: 500,
    throttle: { rateLimit: 500, burstLimit: 1000 },
    extraOrigins: [],
    waf: { apiRequestsPer5Minutes: API_REQUESTS_PER_5_MINUTES },
  },
};

/** The stage named by `-c stage=<name>`, with a clear error for anything else. */
export function stageConfig(name: unknown): StageConfig {
  if (typeof name !== 'string' || name === '') {
    throw new Error(`Pass a stage: npx cdk synth -c stage=<${Object.keys(STAGES).join('|')}>`);
  }
  const stage = STAGES[name];
  if (!stage) throw new Error(`Unknown stage '${name}'. Known stages: ${Object.keys(STAGES).join(', ')}.`);
  validateStage(stage);
  return stage;
}

/** Rejects configurations that would synthesise but fail at deploy time or leak something. */
export function validateStage(stage: StageConfig): void {
  const problems: string[] = [];
  if (!/^[a-z][a-z0-9-]{1,20}$/.test(stage.name))
    problems.push('name must be 2-21 lower-case letters, digits or dashes');
  if (stage.domain) {
    if (!/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(stage.domain.certificateArn)) {
      problems.push('domain.certificateArn must be an ACM certificate in us-east-1 (CloudFront only uses those)');
    }
    if (
      stage.domain.hostedZone &&
      !(
        stage.domain.name === stage.domain.hostedZone.name ||
        stage.domain.name.endsWith(`.${stage.domain.hostedZone.name}`)
      )
    ) {
      problems.push('domain.name must be inside domain.hostedZone.name');
    }
  }
  if (stage.google && !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(stage.google.cognitoDomainPrefix)) {
    problems.push('google.cognitoDomainPrefix must be lower-case letters, digits and dashes');
  }
  for (const parameter of [
    stage.stripe.secretKeyParameter,
    stage.stripe.webhookSecretParameter,
    stage.stripe.pricesParameter,
  ]) {
    if (!parameter.startsWith('/'))
      problems.push(`Stripe parameter '${parameter}' must be a full path starting with /`);
  }
  if (!stage.marketplace.tokenParameter.startsWith('/')) {
    problems.push(`Marketplace parameter '${stage.marketplace.tokenParameter}' must be a full path starting with /`);
  }
  for (const origin of stage.extraOrigins) {
    if (!/^https?:\/\/[^/]+$/.test(origin))
      problems.push(`extra origin '${origin}' must be scheme://host[:port] with no path`);
  }
  if (stage.production && stage.extraOrigins.some((o) => o.startsWith('http://'))) {
    problems.push('a production stage must not allow plain-http origins');
  }
  if (stage.production) {
    // A production stage must not depend on whoever's credentials run the deploy, must tell someone when it
    // breaks, must reach users' inboxes (Cognito's own sender stops at 50 a day) and must have its own address
    // (email links, OAuth redirects and CORS would otherwise name a generated CloudFront host).
    const missing = [
      ...(stage.account ? [] : ['account']),
      ...(stage.alarmEmail ? [] : ['alarmEmail']),
      ...(stage.email ? [] : ['email (the SES sender)']),
      ...(stage.domain ? [] : ['domain']),
      ...(stage.operator ? [] : ['operator (the business the legal pages name)']),
    ];
    if (missing.length > 0)
      problems.push(`a production stage needs ${missing.join(', ')} in infra/src/stages.ts (docs/deploy.md, step 2)`);
  }
  if (stage.operator) {
    for (const [field, value] of Object.entries(stage.operator))
      if (!value.trim()) problems.push(`operator.${field} must not be empty`);
  }
  if (stage.waf && stage.webAclArn) problems.push('waf and webAclArn are alternatives: keep one');
  if (stage.waf && stage.region !== 'us-east-1') {
    problems.push(
      "waf: CloudFront's web ACLs live in us-east-1 only; make one there and name it in webAclArn for a stage elsewhere",
    );
  }
  if (stage.waf && !(Number.isInteger(stage.waf.apiRequestsPer5Minutes) && stage.waf.apiRequestsPer5Minutes >= 10))
    problems.push('waf.apiRequestsPer5Minutes must be a whole number of at least 10 (AWS WAF refuses less)');
  if (
    stage.webAclArn &&
    !/^arn:aws[a-z-]*:wafv2:us-east-1:\d{12}:global\/webacl\/[\w-]+\/[\w-]+$/.test(stage.webAclArn)
  )
    problems.push('webAclArn must be a CLOUDFRONT-scoped (global) web ACL in us-east-1');
  if (!(stage.monthlyBudgetUsd > 0)) problems.push('monthlyBudgetUsd must be a positive amount');
  if (stage.account !== undefined && !/^\d{12}$/.test(stage.account))
    problems.push('account must be a 12-digit AWS account id');
  if (problems.length > 0) throw new Error(`Stage '${stage.name}' is misconfigured: ${problems.join('; ')}.`);
}
