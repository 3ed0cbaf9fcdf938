/**
 * GET /api/health reads the dependencies afresh for monitors; `?shared` (the marketing pages' footer) answers from one
 * read for SHARED_READ_MS, so a busy page costs each instance one read of the user pool in that time, not one per
 * visitor.
 */
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

const states = vi.fn();
vi.mock('../adapters/dependencies', () => ({ dependencyStates: () => states() }));
vi.mock('../lib/origin-check', () => ({ refuseDirectAccess: () => null }));

const { handler, SHARED_READ_MS } = await import('./health');

const ask = (query?: Record<string, string>) =>
  handler({ headers: {}, queryStringParameters: query } as unknown as APIGatewayProxyEventV2);
const ok = { table: 'ok', documentsBucket: 'ok', uploadsBucket: 'ok', publicBucket: 'ok', userPool: 'ok' };

beforeEach(() => {
  vi.useFakeTimers();
  states.mockReset();
  states.mockResolvedValue(ok);
});
afterAll(() => {
  vi.useRealTimers();
  vi.resetModules();
});

describe('GET /api/health', () => {
  it('reads the dependencies for every monitor’s request', async () => {
    for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(200);
    expect(states).toHaveBeenCalledTimes(3);
  });

  it('answers ?shared from one read until it is SHARED_READ_MS old, a dependency down included', async () => {
    // Past any read an earlier request made.
    vi.advanceTimersByTime(SHARED_READ_MS);
    states.mockResolvedValueOnce({ ...ok, userPool: 'down' });
    expect((await ask({ shared: '' })).statusCode).toBe(503);
    vi.advanceTimersByTime(SHARED_READ_MS - 1);
    expect((await ask({ shared: '' })).statusCode).toBe(503);
    expect(states).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect((await ask({ shared: '' })).statusCode).toBe(200);
    expect(states).toHaveBeenCalledTimes(2);
    // A monitor's read is fresh, and is the one the next shared request reuses.
    states.mockResolvedValueOnce({ ...ok, table: 'down' });
    expect((await ask()).statusCode).toBe(503);
    expect((await ask({ shared: '' })).statusCode).toBe(503);
    expect(states).toHaveBeenCalledTimes(3);
  });
});
