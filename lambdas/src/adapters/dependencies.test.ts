import { describe, expect, it } from 'vitest';
import { probe } from './dependencies';

/** A read that answers after `ms`, or fails as the SDK does when its abort signal fires first. */
const answerAfter = (ms: number) => (abortSignal: AbortSignal) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    abortSignal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(abortSignal.reason);
    });
  });

describe('probe', () => {
  it('calls a dependency ok when its one slow read is followed by one in time', async () => {
    const delays = [500, 0];
    let tries = 0;
    expect(await probe((signal) => answerAfter(delays[tries++]!)(signal), 50)).toBe('ok');
    expect(tries).toBe(2);
  });

  it('calls it down when two reads in a row miss the deadline, or fail', async () => {
    let tries = 0;
    expect(
      await probe((signal) => {
        tries += 1;
        return answerAfter(10_000)(signal);
      }, 50),
    ).toBe('down');
    expect(tries).toBe(2);
    tries = 0;
    expect(
      await probe(async () => {
        tries += 1;
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' });
      }),
    ).toBe('down');
    expect(tries).toBe(2);
  });

  it('reads once when the first read answers', async () => {
    let tries = 0;
    expect(
      await probe(async () => {
        tries += 1;
      }),
    ).toBe('ok');
    expect(tries).toBe(1);
  });
});
