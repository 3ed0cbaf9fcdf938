import { Duration, Stack, Token, Validations } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import * as synthetics from 'aws-cdk-lib/aws-synthetics';
import { Construct } from 'constructs';
import { arnsAsNagSees } from './mapnest-function';

/** What each canary loads, every CANARY_RATE, and what it must see. */
export const CANARY_CHECKS = {
  // The API through CloudFront: 200 with status ok.
  health: { path: '/api/health', expect: 'status' },
  // A published map's embed: the page loads and its viewer draws (a canvas with a size).
  demo: { path: '/m/demo', expect: 'canvas' },
} as const;
export const CANARY_RATE = Duration.minutes(5);

/** One Puppeteer script for both checks, told what to load and what to wait for by its environment. */
export const CANARY_SOURCE = `
const synthetics = require('Synthetics');
exports.handler = async () => {
  const page = await synthetics.getPage();
  const url = process.env.APP_ORIGIN + process.env.CHECK_PATH;
  const response = await page.goto(url, { waitUntil: 'networkidle0', timeout: 30000 });
  if (!response || response.status() !== 200) throw new Error(url + ' answered ' + (response && response.status()));
  if (process.env.CHECK_EXPECT === 'status') {
    const body = await response.text();
    if (!body.includes('"status":"ok"')) throw new Error(url + ' is not healthy: ' + body.slice(0, 200));
    return;
  }
  await page.waitForSelector('canvas', { timeout: 20000 });
  const drawn = await page.evaluate(() => [...document.querySelectorAll('canvas')].some((c) => c.width > 0 && c.height > 0));
  if (!drawn) throw new Error(url + ' loaded but drew nothing');
};
`;

export interface CanariesProps {
  stageName: string;
  appOrigin: string;
  /** Where the canaries keep their screenshots and logs (the stage's access-log bucket, under canaries/). */
  artifacts: IBucket;
}

/** CloudWatch Synthetics canaries on /api/health and /m/demo through the app's own origin, each with its alarm. */
export class Canaries extends Construct {
  readonly canaries: synthetics.Canary[] = [];
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: CanariesProps) {
    super(scope, id);
    for (const [name, check] of Object.entries(CANARY_CHECKS)) {
      const canary = new synthetics.Canary(this, name, {
        canaryName: `mapnest-${props.stageName}-${name}`.slice(0, 21),
        schedule: synthetics.Schedule.rate(CANARY_RATE),
        runtime: synthetics.Runtime.SYNTHETICS_NODEJS_PUPPETEER_9_1,
        test: synthetics.Test.custom({ code: synthetics.Code.fromInline(CANARY_SOURCE), handler: 'index.handler' }),
        environmentVariables: { APP_ORIGIN: props.appOrigin, CHECK_PATH: check.path, CHECK_EXPECT: check.expect },
        artifactsBucketLocation: { bucket: props.artifacts, prefix: `canaries/${name}` },
        provisionedResourceCleanup: true,
        timeout: Duration.minutes(1),
      });
      const stack = Stack.of(this);
      const account = Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account;
      Validations.of(canary.role).acknowledge(
        {
          id: 'AwsSolutions-IAM5[Resource::*]',
          reason:
            "CloudWatch Synthetics' execution policy: s3:ListAllMyBuckets, xray:PutTraceSegments and cloudwatch:PutMetricData (conditioned on the CloudWatchSynthetics namespace) accept no resource-level permissions.",
        },
        // Before synthesis cdk-nag sees the partition as a token, after it as 'aws'.
        ...['aws', '<AWS::Partition>'].map((partition) => ({
          id: `AwsSolutions-IAM5[Resource::arn:${partition}:logs:${stack.region}:${account}:log-group:/aws/lambda/cwsyn-*]`,
          reason:
            "CloudWatch Synthetics' execution policy: the canary's Lambda log group is named by Synthetics at creation (cwsyn-<name>-<id>), so only the cwsyn- prefix can be named.",
        })),
        ...arnsAsNagSees(stack, props.artifacts).map((arn) => ({
          id: `AwsSolutions-IAM5[Resource::${arn}/canaries/${name}/*]`,
          reason:
            'The canary writes its screenshots and logs under its own prefix of the access-log bucket, keys named per run.',
        })),
      );
      this.canaries.push(canary);
      this.alarms.push(
        canary
          .metricSuccessPercent({ period: CANARY_RATE, statistic: cloudwatch.Stats.AVERAGE })
          .createAlarm(this, `${name}Failing`, {
            alarmDescription: `Mapnest ${props.stageName}: the ${check.path} canary failed twice in a row.`,
            threshold: 100,
            evaluationPeriods: 2,
            comparisonOperator: cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
            // A canary that stops reporting is itself a failure.
            treatMissingData: cloudwatch.TreatMissingData.BREACHING,
          }),
      );
    }
  }
}
