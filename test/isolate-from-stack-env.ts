/**
 * Setup of the unit and web projects: their tests run as if no local stack were running. When the whole suite runs,
 * the stack project's global setup starts the local stack in vitest's own process and puts its configuration into
 * that process's environment (the in-process handlers read it, as Lambda does), and every test worker inherits it.
 * A unit test must not see it: with ORIGIN_SECRETS set, for one, a handler called directly answers 403, and a bundle
 * finds the emulators "reachable". The keys are the stack's (an exhaustive record: a new key fails the typecheck).
 */
import type { StackEnv } from '../scripts/local/stack';

const STACK_KEYS: Record<keyof StackEnv, true> = {
  AWS_REGION: true,
  AWS_ACCESS_KEY_ID: true,
  AWS_SECRET_ACCESS_KEY: true,
  AWS_ENDPOINT_URL_DYNAMODB: true,
  AWS_ENDPOINT_URL_S3: true,
  AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: true,
  AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: true,
  TABLE_NAME: true,
  DOCUMENTS_BUCKET: true,
  PUBLIC_BUCKET: true,
  UPLOADS_BUCKET: true,
  USER_POOL_ID: true,
  USER_POOL_CLIENT_ID: true,
  ORIGIN_SECRETS: true,
  APP_ORIGIN: true,
  S3_PUBLIC_ENDPOINT: true,
  DEV_MAILBOX_URL: true,
  STRIPE_SECRET_KEY: true,
  STRIPE_WEBHOOK_SECRET: true,
  STRIPE_PRICES: true,
  STRIPE_API_BASE: true,
  MARKETPLACE_TOKEN: true,
  MARKETPLACE_API_BASE: true,
  STRIPE_SECRET_KEY_PARAMETER: true,
  STRIPE_WEBHOOK_SECRET_PARAMETER: true,
  STRIPE_PRICES_PARAMETER: true,
  MARKETPLACE_TOKEN_PARAMETER: true,
  PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: true,
  SSM_PARAMETER_STORE_TTL: true,
};

for (const key of Object.keys(STACK_KEYS)) delete process.env[key];
