/**
 * The DynamoDB client's endpoint discovery as Mapnest's bundles have it: off (infra/src/bundle.ts aliases
 * `@aws-sdk/middleware-endpoint-discovery` to this module, ADR 095). The client's configuration step builds a
 * 1,000-entry LRU cache of discovered endpoints (the `mnemonist` and `obliterator` packages, about 9 kB of every
 * bundle with the DynamoDB client, and a cache made at each cold start), but only the endpoint discovery middleware
 * reads that cache, and no DynamoDB command this SDK version ships adds the middleware: DynamoDB answers at its
 * regional endpoint, which is what every request goes to either way. Tests and the local stack run the sources with
 * the SDK's own module.
 */

interface DiscoveryInput {
  endpointCacheSize?: number;
  endpointDiscoveryEnabled?: boolean;
  endpointDiscoveryEnabledProvider: () => Promise<boolean | undefined>;
}

/** The SDK's configuration step without the cache: the same fields, so the client reads its settings as before. */
export const resolveEndpointDiscoveryConfig = <T extends DiscoveryInput>(
  input: T,
  { endpointDiscoveryCommandCtor }: { endpointDiscoveryCommandCtor: unknown },
) => {
  const { endpointDiscoveryEnabled, endpointDiscoveryEnabledProvider } = input;
  return Object.assign(input, {
    endpointDiscoveryCommandCtor,
    endpointDiscoveryEnabled:
      endpointDiscoveryEnabled !== undefined
        ? () => Promise.resolve(endpointDiscoveryEnabled)
        : endpointDiscoveryEnabledProvider,
    isClientEndpointDiscoveryEnabled: endpointDiscoveryEnabled !== undefined,
  });
};

const ENV_ENDPOINT_DISCOVERY = ['AWS_ENABLE_ENDPOINT_DISCOVERY', 'AWS_ENDPOINT_DISCOVERY_ENABLED'];
const isFalsy = (value: string | undefined) => value === 'false' || value === '0';

/** The setting as the SDK reads it (environment, then shared config file), for the client's runtime configuration. */
export const NODE_ENDPOINT_DISCOVERY_CONFIG_OPTIONS = {
  environmentVariableSelector: (env: Record<string, string | undefined>): boolean | undefined => {
    for (const key of ENV_ENDPOINT_DISCOVERY) {
      if (!(key in env)) continue;
      if (env[key] === '') throw Error(`Environment variable ${key} can't be empty of undefined, got ""`);
      return !isFalsy(env[key]);
    }
    return undefined;
  },
  configFileSelector: (profile: Record<string, string | undefined>): boolean | undefined => {
    if (!('endpoint_discovery_enabled' in profile)) return undefined;
    if (profile.endpoint_discovery_enabled === undefined)
      throw Error(`Shared config entry endpoint_discovery_enabled can't be undefined, got "undefined"`);
    return !isFalsy(profile.endpoint_discovery_enabled);
  },
  default: undefined,
};
