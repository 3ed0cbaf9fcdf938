/**
 * Follow-ups of a committed change (ADR 045, 047): what a change owes the world besides its own write (a map's
 * public copy written, a billing email sent). Three ways to owe it:
 * - in the change's own transaction (state changes: a licence, a lapse, Go live, a subscription's change, a licence's
 *   reminder; `followUpPut` in the adapters), or held before a change of several transactions and made due when it
 *   ends (`followUps.hold` / `release`: the summary of lapsed maps). Either way the table's stream runs it within
 *   about a second (triggers/follow-ups.ts), so the call carries neither S3, SES nor Cognito, and a failure is never
 *   the caller's.
 * - `followUp` / `followUpOrThrow` (the other map calls): the work is done at once, and kept only when it fails.
 * A follow-up whose try fails is done again by the hourly sweep until it succeeds, never undone and never reported
 * as the change's failure (the change happened); one done is deleted.
 */
import { keys } from '@mapnest/shared/keys';
import type { FollowUpItem, FollowUps, FollowUpWork } from '../adapters/follow-ups';
import { logger } from '../lib/logger';

/** What an operation whose change can owe a follow-up needs: the place to keep it. */
export type Owing = { followUps: Pick<FollowUps, 'keep'> };

/** What an operation that holds a follow-up for later needs (a document whose version's write has an unknown outcome). */
export type Holding = { followUps: Pick<FollowUps, 'hold'> };

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

/**
 * What the sweep needs to do a follow-up again: write a public copy, deliver an email, deliver the summary of an
 * owner's maps that went back to test at `at`, delete a version's document unless the version was written with it,
 * finish a map's deletion (all throw on failure).
 */
export interface FollowUpWorkers {
  publishLatest: (mapId: string, at: Date) => Promise<void>;
  deliverNotice: (uid: string, notice: { to?: string; subject: string; paragraphs: string[] }) => Promise<void>;
  deliverLapseSummary: (uid: string, why: string, at: string) => Promise<void>;
  dropUnmadeDocument: (mapId: string, version: number, key: string) => Promise<void>;
  finishDeletion: (mapId: string) => Promise<void>;
}

/** One run's outcome: follow-ups done, tried and failed again (still kept), left to a run that took them first. */
export interface FollowUpRun {
  done: number;
  failed: number;
  skipped: number;
}

/** Whether a kept follow-up is due at `at`, by the rule the sweep's query reads the due index with. */
export const isDue = (item: Pick<FollowUpItem, 'dueKey'>, at: Date) =>
  item.dueKey < keys.dueBy('follow-up', at.toISOString()).skBelow;

/**
 * One try of a due follow-up, by the stream or the sweep: taken first (so two runners never do it at once, and a
 * runner that dies leaves it due an hour later), done, and marked done, or left due an hour later with the reason.
 * A failed try is logged as an error and answered, never thrown: one bad follow-up must not stop the others. Only
 * the table failing while taking it throws (the stream then tries the record again).
 */
export async function runFollowUp(
  a: { followUps: FollowUps } & FollowUpWorkers,
  item: FollowUpItem,
  at: Date,
): Promise<'done' | 'failed' | 'skipped'> {
  const taken = await a.followUps.take(item, new Date(at.getTime() + RETRY_AFTER_MS));
  if (taken === null) return 'skipped';
  try {
    const w = item.work;
    if (w.kind === 'publish') await a.publishLatest(w.mapId, at);
    else if (w.kind === 'lapse-summary') await a.deliverLapseSummary(w.uid, w.why, w.at);
    else if (w.kind === 'unmade-document') await a.dropUnmadeDocument(w.mapId, w.version, w.key);
    else if (w.kind === 'delete-map') await a.finishDeletion(w.mapId);
    else await a.deliverNotice(w.uid, { to: w.to, subject: w.subject, paragraphs: w.paragraphs });
    await a.followUps.done(item.id, taken);
    logger.info('follow-up done', { id: item.id, attempts: item.attempts + 1, since: item.created });
    return 'done';
  } catch (error) {
    logger.error('follow-up failed: kept for the next sweep', {
      id: item.id,
      attempts: item.attempts + 1,
      since: item.created,
      error,
    });
    await a.followUps.failed(item.id, message(error)).catch((e: unknown) => {
      logger.error('follow-up failure not noted', { id: item.id, error: e });
    });
    return 'failed';
  }
}

/**
 * The sweep's part: every follow-up due at `at` (one the stream could not do, or did not see) is tried once
 * (`runFollowUp`). Failures are counted, never thrown, and do not stop the rest of the sweep.
 */
export async function retryFollowUps(
  a: { followUps: FollowUps } & FollowUpWorkers,
  at: Date = new Date(),
): Promise<FollowUpRun> {
  const run: FollowUpRun = { done: 0, failed: 0, skipped: 0 };
  for (const item of await a.followUps.due(at)) run[await runFollowUp(a, item, at)]++;
  return run;
}

/** Best-effort follow-up work after a committed change: failures are logged, never reported as a failed call. */
export async function afterCommit(what: string, mapId: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    logger.error(`${what} failed after a committed change`, { mapId, error });
  }
}

/**
 * What `read` answers after a committed change, or undefined when it failed: the change stands, so a read that fails
 * after it is logged and never answered "Nothing was changed" (the caller says what it could not read).
 */
export async function readAfterCommit<T>(what: string, mapId: string, read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    logger.error(`${what} could not be read after a committed change`, { mapId, error });
    return undefined;
  }
}
