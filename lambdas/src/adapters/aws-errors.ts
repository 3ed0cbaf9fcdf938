/** Classifiers for AWS SDK errors, so adapters translate only what they understand and rethrow the rest. */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';

/** The cancellation reason codes of a failed transaction, by item position; null when it is not one. */
export function cancellationReasons(err: unknown): string[] | null {
  if (
    err instanceof TransactionCanceledException ||
    (err as { name?: string })?.name === 'TransactionCanceledException'
  ) {
    return ((err as TransactionCanceledException).CancellationReasons ?? []).map((r) => r.Code ?? 'None');
  }
  return null;
}

export function isConditionalCheckFailed(err: unknown): boolean {
  return (err as { name?: string })?.name === 'ConditionalCheckFailedException';
}

/** A transaction that lost a race with another one on the same items: safe to retry. */
export function isTransactionConflict(err: unknown): boolean {
  const reasons = cancellationReasons(err);
  if (reasons) return reasons.includes('TransactionConflict') && !reasons.includes('ConditionalCheckFailed');
  return (err as { name?: string })?.name === 'TransactionConflictException';
}

/** Runs `fn`, retrying with jittered backoff while it fails with a transaction conflict. */
export async function retryOnConflict<T>(fn: () => Promise<T>, attempts = 8): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (!isTransactionConflict(err) || i >= attempts - 1) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 40 * 2 ** Math.min(i, 5)));
    }
  }
}
