import { describe, expect, it } from 'vitest';
import type { Context } from 'aws-lambda';
import { CALL_TIMEOUT } from '../../../infra/src/constructs/mapnest-function';
import { LAMBDA_LIMITS, invokeLambda } from './lambda-runtime';

const ok = async () => ({ statusCode: 200, headers: { 'content-type': 'application/json' }, body: '{"data":1}' });
const limits = { timeoutMs: 100, payloadBytes: 1000 };

describe("the local gateway's Lambda limits", () => {
  it("are the deployed ones: 29 s (the functions' timeout) and 6 MB", () => {
    expect(LAMBDA_LIMITS.timeoutMs).toBe(CALL_TIMEOUT.toMilliseconds());
    expect(LAMBDA_LIMITS.payloadBytes).toBe(6 * 1024 * 1024);
  });

  it('passes an answer within the limits through', async () => {
    const answer = await invokeLambda(ok, { body: 'x' }, 'fn', limits);
    expect(answer.statusCode).toBe(200);
    expect(answer.body.toString()).toBe('{"data":1}');
  });

  it('refuses an event over the payload limit with 413 before the handler runs', async () => {
    let ran = false;
    const answer = await invokeLambda(
      async () => {
        ran = true;
        return ok();
      },
      { body: 'x'.repeat(1000) },
      'fn',
      limits,
    );
    expect(answer.statusCode).toBe(413);
    expect(ran).toBe(false);
  });

  it('answers 500 as API Gateway does when the handler runs past the timeout', async () => {
    const started = Date.now();
    const answer = await invokeLambda(() => new Promise((r) => setTimeout(() => r(ok()), 2000)), {}, 'fn', limits);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(answer.statusCode).toBe(500);
    expect(JSON.parse(answer.body.toString())).toEqual({ message: 'Internal Server Error' });
  });

  it('gives the handler a context whose remaining time counts down from the timeout', async () => {
    let remaining = 0;
    await invokeLambda(
      async (_e: unknown, c: Context) => {
        remaining = c.getRemainingTimeInMillis();
        return ok();
      },
      {},
      'fn',
      limits,
    );
    expect(remaining).toBeGreaterThan(0);
    expect(remaining).toBeLessThanOrEqual(100);
  });

  it('answers 500 when the handler answers more than the payload limit', async () => {
    const answer = await invokeLambda(async () => ({ statusCode: 200, body: 'y'.repeat(2000) }), {}, 'fn', limits);
    expect(answer.statusCode).toBe(500);
  });
});
