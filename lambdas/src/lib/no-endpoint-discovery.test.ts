import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as sdk from '@aws-sdk/middleware-endpoint-discovery';
import { NODE_ENDPOINT_DISCOVERY_CONFIG_OPTIONS, resolveEndpointDiscoveryConfig } from './no-endpoint-discovery';

const provider = async () => undefined;
type DiscoveryInput = Parameters<typeof resolveEndpointDiscoveryConfig>[0];

describe('endpoint discovery as the bundles have it (no cache, ADR 095)', () => {
  it('resolves the same settings as the SDK, without the cache', async () => {
    for (const endpointDiscoveryEnabled of [undefined, true, false]) {
      const ctor = class DescribeEndpoints {};
      const ours = resolveEndpointDiscoveryConfig(
        { endpointDiscoveryEnabled, endpointDiscoveryEnabledProvider: provider },
        { endpointDiscoveryCommandCtor: ctor },
      );
      // The SDK's type also asks for the credentials its middleware signs discovery requests with; not read here.
      const theirs = sdk.resolveEndpointDiscoveryConfig(
        { endpointDiscoveryEnabled, endpointDiscoveryEnabledProvider: provider } as never,
        { endpointDiscoveryCommandCtor: ctor as never },
      ) as ReturnType<typeof resolveEndpointDiscoveryConfig<DiscoveryInput>> & { endpointCache?: unknown };
      const { endpointCache, ...rest } = theirs;
      expect(endpointCache).toBeDefined();
      expect(Object.keys(ours).sort()).toEqual(Object.keys(rest).sort());
      expect(ours.endpointDiscoveryCommandCtor).toBe(ctor);
      expect(ours.isClientEndpointDiscoveryEnabled).toBe(rest.isClientEndpointDiscoveryEnabled);
      expect(await ours.endpointDiscoveryEnabled()).toBe(await rest.endpointDiscoveryEnabled());
    }
  });

  it('reads the setting from the environment and the config file as the SDK does', () => {
    const real = sdk.NODE_ENDPOINT_DISCOVERY_CONFIG_OPTIONS;
    for (const env of [{}, { AWS_ENABLE_ENDPOINT_DISCOVERY: 'true' }, { AWS_ENDPOINT_DISCOVERY_ENABLED: '0' }])
      expect(NODE_ENDPOINT_DISCOVERY_CONFIG_OPTIONS.environmentVariableSelector(env)).toBe(
        real.environmentVariableSelector(env, undefined),
      );
    expect(() =>
      NODE_ENDPOINT_DISCOVERY_CONFIG_OPTIONS.environmentVariableSelector({ AWS_ENABLE_ENDPOINT_DISCOVERY: '' }),
    ).toThrow();
    for (const profile of [{}, { endpoint_discovery_enabled: 'false' }, { endpoint_discovery_enabled: 'yes' }])
      expect(NODE_ENDPOINT_DISCOVERY_CONFIG_OPTIONS.configFileSelector(profile)).toBe(
        real.configFileSelector(profile, undefined),
      );
    expect(NODE_ENDPOINT_DISCOVERY_CONFIG_OPTIONS.default).toBe(real.default);
  });

  it('holds because no DynamoDB command adds the middleware that reads the cache', () => {
    // The premise of leaving the cache out: if an SDK update makes a command discover endpoints, this fails.
    const require = createRequire(import.meta.url);
    const commands = join(dirname(require.resolve('@aws-sdk/client-dynamodb/package.json')), 'dist-es', 'commands');
    const files = readdirSync(commands).filter((f) => f.endsWith('Command.js'));
    expect(files.length).toBeGreaterThan(40);
    for (const file of files)
      expect(readFileSync(join(commands, file), 'utf8'), file).not.toMatch(/EndpointDiscovery|endpointDiscovery/);
  });
});
