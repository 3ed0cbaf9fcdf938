/**
 * The AWS SDK's credential chain as it resolves inside Lambda, for the bundles only (infra/src/bundle.ts aliases
 * `@aws-sdk/credential-provider-node` to this module, ADR 034). Lambda hands every function its role's credentials in
 * the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN) and sets no AWS_PROFILE, so the
 * default chain's first link, `fromEnv`, is the one that answers there; its other links (SSO, ini files, process,
 * web identity, container and instance metadata) never run in Lambda but carried about 90 kB into every bundle (the
 * STS, SSO and sign-in clients among them). Tests and the local stack run the sources with the SDK's full chain.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

type EnvInit = Parameters<typeof fromEnv>[0];

/** The default chain's `fromEnv` link, alone; without the variables it fails as the whole chain would. */
export const defaultProvider = (init: EnvInit = {}) => fromEnv(init);

/** The same helpers as `@aws-sdk/credential-provider-node` exports, for anything that imports them. */
export const credentialsWillNeedRefresh = (credentials?: { expiration?: Date }) =>
  credentials?.expiration !== undefined;
export const credentialsTreatedAsExpired = (credentials?: { expiration?: Date }) =>
  credentials?.expiration !== undefined && credentials.expiration.getTime() - Date.now() < 300_000;
