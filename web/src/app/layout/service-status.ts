/**
 * The service's state as the extended footer states it, read from GET /api/health?shared (each dependency: the table, the
 * buckets, the user pool; 503 when one is down), once per page load and only for a footer that shows it. Nothing is
 * claimed before it is known: 'unknown' (not read yet, the browser offline, any other answer) shows no line at all,
 * so the footer never says "All systems operational." while they are not.
 */
import { useEffect, useState } from 'react';

export type ServiceStatus = 'unknown' | 'ok' | 'degraded';

let read: Promise<ServiceStatus> | null = null;

/** The status, read once per page load (every footer after the first shares the answer). */
export function serviceStatus(): Promise<ServiceStatus> {
  // `shared`: the service answers every page from one read of a few seconds (lambdas/src/http/health.ts).
  // Its body is read to the end, as the answer says it: a response left unread stays open in the browser.
  read ??= fetch('/api/health?shared', { headers: { accept: 'application/json' } })
    .then(async (r): Promise<ServiceStatus> => {
      const { status } = (await r.json()) as { status?: unknown };
      if (r.ok && status === 'ok') return 'ok';
      return r.status === 503 && status === 'unavailable' ? 'degraded' : 'unknown';
    })
    .catch((): ServiceStatus => 'unknown');
  return read;
}

/** Forgets the status read, so that the next footer reads it again (tests). */
export function forgetServiceStatus(): void {
  read = null;
}

/** The status for a component: 'unknown' until read. */
export function useServiceStatus(): ServiceStatus {
  const [status, setStatus] = useState<ServiceStatus>('unknown');
  useEffect(() => {
    let shown = true;
    void serviceStatus().then((s) => shown && setStatus(s));
    return () => {
      shown = false;
    };
  }, []);
  return status;
}
