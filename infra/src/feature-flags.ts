import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The repository's `cdk.json`, which the CDK CLI reads for `cdk synth` and `cdk deploy`. */
export const CDK_JSON = resolve(import.meta.dirname, '../../cdk.json');

/**
 * The context `cdk.json` gives the app (the feature flags), so tests synthesise with the same flags as a deploy:
 * a flag that changes a resource must change it in the tests too.
 */
export function cdkJsonContext(): Record<string, unknown> {
  return (JSON.parse(readFileSync(CDK_JSON, 'utf8')) as { context?: Record<string, unknown> }).context ?? {};
}
