import { describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig, parseRuntimeConfig, RuntimeConfigError, RUNTIME_CONFIG_PATH } from './runtime-config';

const valid = {
  stage: 'local',
  region: 'us-east-1',
  userPoolId: 'local_abc123',
  userPoolClientId: 'client123',
  cognitoEndpoint: 'http://127.0.0.1:9229',
  googleSignIn: false,
};

const respond = (body: unknown, status = 200) =>
  vi.fn(
    async () =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );

describe('parseRuntimeConfig', () => {
  it('accepts a complete config', () => {
    expect(parseRuntimeConfig(valid)).toEqual(valid);
  });

  it('treats cognitoEndpoint as optional', () => {
    const { cognitoEndpoint: _, ...rest } = valid;
    expect(parseRuntimeConfig(rest)).toEqual(rest);
  });

  it('names every bad field in one error', () => {
    let message = '';
    try {
      parseRuntimeConfig({ ...valid, userPoolId: '  ', googleSignIn: 'yes', cognitoEndpoint: 'not a url' });
    } catch (err) {
      expect(err).toBeInstanceOf(RuntimeConfigError);
      message = (err as Error).message;
    }
    expect(message).toMatch(/^Invalid \/config\.json: /);
    expect(message).toContain('userPoolId: must not be empty');
    expect(message).toContain('googleSignIn: ');
    expect(message).toContain('cognitoEndpoint: ');
  });

  it('rejects a value that is not an object', () => {
    expect(() => parseRuntimeConfig(null)).toThrow(RuntimeConfigError);
  });
});

describe('loadRuntimeConfig', () => {
  it('fetches /config.json without cache and validates it', async () => {
    const fetchImpl = respond(valid);
    await expect(loadRuntimeConfig(fetchImpl)).resolves.toEqual(valid);
    expect(fetchImpl).toHaveBeenCalledWith(RUNTIME_CONFIG_PATH, expect.objectContaining({ cache: 'no-store' }));
  });

  it('fails with the HTTP status when the file is missing', async () => {
    await expect(loadRuntimeConfig(respond('nope', 404))).rejects.toThrow('Could not load /config.json: HTTP 404');
  });

  it('fails clearly when the body is not JSON', async () => {
    await expect(loadRuntimeConfig(respond('<html>', 200))).rejects.toThrow('Invalid /config.json: not JSON');
  });

  it('fails clearly when the network fails', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(loadRuntimeConfig(fetchImpl)).rejects.toThrow('Could not load /config.json: Failed to fetch');
  });
});

describe('getRuntimeConfig', () => {
  it('fetches once and retries after a failure', async () => {
    vi.resetModules();
    const { getRuntimeConfig } = await import('./runtime-config');
    const failing = respond('nope', 503);
    await expect(getRuntimeConfig(failing)).rejects.toThrow('HTTP 503');
    const working = respond(valid);
    await expect(getRuntimeConfig(working)).resolves.toEqual(valid);
    await expect(getRuntimeConfig(working)).resolves.toEqual(valid);
    expect(working).toHaveBeenCalledTimes(1);
  });
});
