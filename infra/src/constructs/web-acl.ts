import type { Construct } from 'constructs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { ORIGIN_SECRET_HEADER } from '@mapnest/lambdas/lib/origin-check';
import { VIEWER_IP_HEADER } from '../edge/viewer-functions';
import type { StageConfig } from '../stages';

/** Names of the API distribution's WAF rules, in the order the web ACL evaluates them. */
export const WAF_RULES = {
  onlyThroughTheApp: 'OnlyThroughTheApp',
  apiRateLimit: 'ApiRateLimit',
  common: 'AWSManagedRulesCommonRuleSet',
  knownBadInputs: 'AWSManagedRulesKnownBadInputsRuleSet',
} as const;

/**
 * Rules of the common rule set that only count: SizeRestrictions_BODY blocks bodies over 8 KB, and saving a map sends
 * its whole document (up to several MB, gzipped).
 */
export const WAF_COUNTED_COMMON_RULES = ['SizeRestrictions_BODY'] as const;

export interface ApiWebAclProps {
  stage: StageConfig;
  /** The web ACL's CloudWatch metric name (the WebACL dimension of its metrics). */
  metricName: string;
  /** The values CloudFront's app distribution may send in ORIGIN_SECRET_HEADER (deploy-time parameters). */
  originSecrets: { secret: string; standby: string };
  /** Requests per viewer address and 5 minutes on /api/* before WAF answers 429. */
  apiRequestsPer5Minutes: number;
}

const NO_TRANSFORMATION = [{ priority: 0, type: 'NONE' }];

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/** Requests whose origin header is neither accepted value are blocked: nobody but the app distribution gets in. */
function onlyThroughTheApp(secrets: ApiWebAclProps['originSecrets']): wafv2.CfnWebACL.RuleProperty {
  const headerIs = (value: string): wafv2.CfnWebACL.StatementProperty => ({
    byteMatchStatement: {
      fieldToMatch: { singleHeader: { Name: ORIGIN_SECRET_HEADER } },
      positionalConstraint: 'EXACTLY',
      searchString: value,
      textTransformations: NO_TRANSFORMATION,
    },
  });
  return {
    name: WAF_RULES.onlyThroughTheApp,
    priority: 0,
    action: { block: {} },
    statement: {
      notStatement: {
        statement: { orStatement: { statements: [headerIs(secrets.secret), headerIs(secrets.standby)] } },
      },
    },
    visibilityConfig: visibility(WAF_RULES.onlyThroughTheApp),
  };
}

/**
 * At most `limit` requests to /api/* per viewer in 5 minutes, then 429. The app distribution's address is all this
 * distribution sees, so requests are counted per value of the header the edge stamps with the viewer's address.
 */
function apiRateLimit(limit: number): wafv2.CfnWebACL.RuleProperty {
  return {
    name: WAF_RULES.apiRateLimit,
    priority: 1,
    action: { block: { customResponse: { responseCode: 429 } } },
    statement: {
      rateBasedStatement: {
        limit,
        evaluationWindowSec: 300,
        aggregateKeyType: 'CUSTOM_KEYS',
        customKeys: [{ header: { name: VIEWER_IP_HEADER, textTransformations: NO_TRANSFORMATION } }],
        scopeDownStatement: {
          byteMatchStatement: {
            fieldToMatch: { uriPath: {} },
            positionalConstraint: 'STARTS_WITH',
            searchString: '/api/',
            textTransformations: NO_TRANSFORMATION,
          },
        },
      },
    },
    visibilityConfig: visibility(WAF_RULES.apiRateLimit),
  };
}

/** An AWS managed rule group, some of its rules only counting. */
function managed(name: string, priority: number, counted: readonly string[] = []): wafv2.CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        ...(counted.length > 0
          ? { ruleActionOverrides: counted.map((rule) => ({ name: rule, actionToUse: { count: {} } })) }
          : {}),
      },
    },
    visibilityConfig: visibility(name),
  };
}

/**
 * The web ACL of the API distribution (ADR 028; CLOUDFRONT scope, so the stack must be in us-east-1: stages.ts
 * refuses otherwise). In order: requests without CloudFront's origin secret are blocked, then a per-viewer rate limit
 * on /api/*, then AWS's common rules and known bad inputs.
 */
export function createApiWebAcl(scope: Construct, id: string, props: ApiWebAclProps): wafv2.CfnWebACL {
  return new wafv2.CfnWebACL(scope, id, {
    scope: 'CLOUDFRONT',
    description: `Mapnest ${props.stage.name}: the API's distribution (ADR 028)`,
    defaultAction: { allow: {} },
    visibilityConfig: visibility(props.metricName),
    rules: [
      onlyThroughTheApp(props.originSecrets),
      apiRateLimit(props.apiRequestsPer5Minutes),
      managed(WAF_RULES.common, 2, WAF_COUNTED_COMMON_RULES),
      managed(WAF_RULES.knownBadInputs, 3),
    ],
  });
}

/** Names of the user pool's WAF rules. */
export const USER_POOL_WAF_RULES = { noSelfDeletion: 'NoSelfDeletion' } as const;

/** The Cognito API operation a browser could call to delete its own user, past the app's account deletion. */
export const SELF_DELETION_TARGET = 'AWSCognitoIdentityProviderService.DeleteUser';

/**
 * The user pool's web ACL (REGIONAL, associated with the pool): it blocks Cognito's DeleteUser. Any signed-in user's
 * access token may call it, and it deletes the sign-in alone: the maps stay published, the subscription keeps
 * billing and nobody can sign in to end either. Accounts are deleted only through deleteUserData, which removes the
 * data first and then the user with AdminDeleteUser (an IAM-signed operation, which the web ACL does not see).
 */
export function createUserPoolWebAcl(scope: Construct, id: string, props: { stage: StageConfig; metricName: string }) {
  return new wafv2.CfnWebACL(scope, id, {
    scope: 'REGIONAL',
    description: `Mapnest ${props.stage.name}: the user pool (no self-deletion past the app)`,
    defaultAction: { allow: {} },
    visibilityConfig: visibility(props.metricName),
    rules: [
      {
        name: USER_POOL_WAF_RULES.noSelfDeletion,
        priority: 0,
        action: { block: {} },
        statement: {
          byteMatchStatement: {
            fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
            positionalConstraint: 'EXACTLY',
            searchString: SELF_DELETION_TARGET.toLowerCase(),
            textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
          },
        },
        visibilityConfig: visibility(USER_POOL_WAF_RULES.noSelfDeletion),
      },
    ],
  });
}
