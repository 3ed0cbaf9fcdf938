/**
 * What Mapnest's own AWS requests share (the user pool's, user-pool-api.ts, ADR 049; S3's, s3-api.ts, ADR 097): the
 * SHA-256 the SDK's signer takes, a fetch that got no answer reported as the SDK's Node handler reports it, and the
 * SDK's standard retry mode (its classifiers from `@smithy/core/retry` deciding, 3 attempts, backing off from 50 ms,
 * 1 s after throttling, with full jitter).
 */
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import {
  DEFAULT_MAX_ATTEMPTS,
  MAXIMUM_RETRY_DELAY,
  Retry,
  isThrottlingError,
  isTransientError,
} from '@smithy/core/retry';

/** What the signer hashes: text, or bytes in any of their forms. */
type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytes = (data: SourceData) =>
  typeof data === 'string'
    ? data
    : data instanceof ArrayBuffer
      ? new Uint8Array(data)
      : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);

/** SHA-256 and its HMAC in the shape the signer takes (what `@smithy/hash-node` does with node:crypto). */
export class Sha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytes(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

/** The wait before the next try (what the SDK's standard retry strategy waits), and the wait itself. */
export const timing = {
  backoffMs: (retry: number, throttled: boolean, random: () => number = Math.random) =>
    Math.floor(
      random() * Math.min((throttled ? Retry.throttlingDelay() : Retry.delay()) * 2 ** retry, MAXIMUM_RETRY_DELAY),
    ),
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

/**
 * A request that got no answer, as the SDK's Node handler reports one: with a socket error code its classifiers know
 * (node:http's own; fetch's `UND_ERR_…` read as the connection reset or timed out that they are).
 */
export function unanswered(error: unknown, service: string): Error {
  const e = error as Error & { code?: string; cause?: { code?: string } };
  const cause = e?.cause?.code ?? e?.code ?? '';
  const code = !cause.startsWith('UND_ERR') && cause ? cause : /TIMEOUT/.test(cause) ? 'ETIMEDOUT' : 'ECONNRESET';
  const failure = new Error(e?.message ?? `${service} did not answer.`, { cause: error });
  return Object.assign(failure, { name: 'NetworkError', code, $metadata: {} });
}

/**
 * Sends a request until it succeeds or the SDK would stop trying: `attempt` answers the result, or the error the
 * answer (or its absence) was. A caller that throws from `attempt` (an abort) ends it at once.
 */
export async function withRetries<T>(
  attempt: () => Promise<{ ok: true; value: T } | { ok: false; error: Error }>,
): Promise<T> {
  for (let tries = 1; ; tries++) {
    const result = await attempt();
    if (result.ok) return result.value;
    const { error } = result;
    const throttled = isThrottlingError(error as never);
    if (tries >= DEFAULT_MAX_ATTEMPTS || !(throttled || isTransientError(error as never))) throw error;
    await timing.sleep(timing.backoffMs(tries - 1, throttled));
  }
}

/** An answer of an AWS API that is not a success, in the SDK's error shape: its name, HTTP status and fault side. */
export class AwsApiError extends Error {
  readonly $metadata: { httpStatusCode?: number };
  readonly $fault: 'client' | 'server';
  constructor(name: string, message: string, httpStatusCode: number) {
    super(message);
    this.name = name;
    this.$metadata = { httpStatusCode };
    this.$fault = httpStatusCode >= 500 ? 'server' : 'client';
  }
}
