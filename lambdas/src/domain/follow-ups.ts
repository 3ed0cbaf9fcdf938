/**
 * Follow-ups of a committed change (ADR 045): after a change is committed, what it still owes the world is done at
 * once (a map's public copy written, a billing email sent), and when that fails, the change is not undone and not
 * reported as failed (it happened), but the work is kept in the table and done again by the hourly sweep, until it
 * succeeds. So a map a licence made live never keeps serving its test copy because S3 failed once, and a receipt is
 * never lost because SES did.
 */
import type { FollowUps, FollowUpWork } from '../adapters/follow-ups';
import { logger } from '../lib/logger';

/** What an operation whose change can owe a follow-up needs: the place to keep it. */
export type Owing = { followUps: Pick<FollowUps, 'keep'> };

/** How long after a failed try the sweep tries again: its next hourly run. */
export const RETRY_AFTER_MS = 60 * 60 * 1000;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Keeps `owed` after `error`; when even that fails, says in the log exactly what was lost. */
async function keep(a: Owing, owed: FollowUpWork, error: unknown, at: Date): Promise<void> {
  logger.warn('follow-up failed after a committed change: kept for the sweep', { owed, error });
  try {
    await a.followUps.keep(owed, at, message(error));
  } catch (keepError) {
    logger.error('follow-up failed after a committed change and could not be kept', { owed, error, keepError });
  }
}

/**
 * Runs `work`, the follow-up of a committed change, for a caller that must still report its failure (publishing:
 * visitors do not see a publication until its copy is written, so "try again" is the truth): when it fails, keeps
 * `owed` for the sweep, then throws the work's error. A retry by the user and the sweep write the same copy.
 */
export async function followUpOrThrow(
  a: Owing,
  owed: FollowUpWork,
  work: () => Promise<unknown>,
  at: () => Date = () => new Date(),
): Promise<void> {
  try {
    await work();
  } catch (error) {
    await keep(a, owed, error, at());
    throw error;
  }
}

/**
 * The same for a caller that answers success whatever happens: its change is committed, so a failed follow-up is
 * kept and never thrown. Only if it cannot even be kept (the table failing too) is it lost, and then the log says
 * exactly what was lost.
 */
export async function followUp(
  a: Owing,
  owed: FollowUpWork,
  work: () => Promise<unknown>,
  at: () => Date = () => new Date(),
): Promise<void> {
  await followUpOrThrow(a, owed, work, at).catch(() => undefined);
}

/** What the sweep needs to do a follow-up again: write a public copy, deliver an email (both throw on failure). */
export interface FollowUpWorkers {
  publishLatest: (mapId: string, at: Date) => Promise<void>;
  deliverNotice: (uid: string, notice: { subject: string; paragraphs: string[] }) => Promise<void>;
}

/** One run's outcome: follow-ups done, tried and failed again (still kept), left to a run that took them first. */
export interface FollowUpRun {
  done: number;
  failed: number;
  skipped: number;
}

/**
 * The sweep's part: every follow-up due at `at` is taken (so two runs never do one at once), tried, and marked done,
 * or left due again an hour later with the reason. Failures are logged as errors and counted, never thrown: one
 * bad follow-up must not stop the others, nor the rest of the sweep.
 */
export async function retryFollowUps(
  a: { followUps: FollowUps } & FollowUpWorkers,
  at: Date = new Date(),
): Promise<FollowUpRun> {
  const run: FollowUpRun = { done: 0, failed: 0, skipped: 0 };
  for (const item of await a.followUps.due(at)) {
    const retryAt = new Date(at.getTime() + RETRY_AFTER_MS);
    const taken = await a.followUps.take(item, retryAt);
    if (taken === null) {
      run.skipped++;
      continue;
    }
    try {
      const w = item.work;
      if (w.kind === 'publish') await a.publishLatest(w.mapId, at);
      else await a.deliverNotice(w.uid, { subject: w.subject, paragraphs: w.paragraphs });
      await a.followUps.done(item.id, taken, at);
      run.done++;
      logger.info('follow-up done', { id: item.id, attempts: item.attempts + 1, since: item.created });
    } catch (error) {
      run.failed++;
      logger.error('follow-up failed again: kept for the next sweep', {
        id: item.id,
        attempts: item.attempts + 1,
        since: item.created,
        error,
      });
      await a.followUps.failed(item.id, message(error)).catch((e: unknown) => {
        logger.error('follow-up failure not noted', { id: item.id, error: e });
      });
    }
  }
  return run;
}
