/**
 * The save controller's saves (save-controller.ts): one at a time, a save asked for meanwhile following the one
 * running; a failed save retried later (offline, a busy server) or reported; a 409 brought to a merge with the
 * version saved elsewhere (save-merge.ts) or to the conflict dialog. A save whose outcome is unknown (its answer
 * was lost) is sent again with its save id before anything else, so a version it made is known as ours.
 */
import type { MapDocument } from '@mapnest/shared/map-document';
import { CallError } from '@mapnest/shared/errors';
import { browserOffline, reachedNothing } from '../../../lib/call';
import type { BackupWriter } from './save-backup';
import { reconcile } from './save-merge';
import type { SaveEvent } from './save-machine';
import type { SaveSession } from './save-session';
import type { SaveStatus } from './save-types';

export const AUTOSAVE_DELAY_MS = 3000;
const RETRY_MS = [2000, 5000, 15000, 30000, 60000] as const;

/** Codes after which trying the same save again later may succeed. */
const RETRYABLE = new Set([
  'unavailable',
  'deadline-exceeded',
  'internal',
  'unknown',
  'resource-exhausted',
  'cancelled',
]);

function asCallError(err: unknown): CallError {
  return err instanceof CallError ? err : new CallError('internal', err instanceof Error ? err.message : String(err));
}

/** Server errors in a row after which autosave slows down to one attempt every SERVER_SLOW_RETRY_MS. */
export const SERVER_RETRY_LIMIT = 5;

/**
 * Past SERVER_RETRY_LIMIT, the wait between attempts: a server that keeps failing is not pressed, and an author who
 * stepped away during an outage still comes back to "Saved" (Save tries at once).
 */
export const SERVER_SLOW_RETRY_MS = 5 * 60_000;

/** The longest a retry waits for an answer's Retry-After. */
export const MAX_RETRY_AFTER_MS = 5 * 60_000;

/**
 * A failure to reach the server at all (the browser is offline, or the request was rejected before any answer), as
 * opposed to an answer with an error, a gateway's timeout (504) or a request that took too long, where the server
 * may be at fault: the call client reports a rejected fetch as 'internal' with the bare message 'internal' and no
 * answer (`answeredWith`), where any answer, ours or a gateway's, carries its HTTP status.
 */
function isNetworkFailure(e: CallError, online: boolean): boolean {
  // A gateway's or CDN's own 500 has no message of ours either: it was an answer (`answeredWith`), so not offline.
  return !online || reachedNothing(e);
}

/**
 * How a failed save is retried: 'refused' not at all (the answer names what to change); 'throttled' (429: too many
 * requests) and 'server' (5xx, timeouts) after a wait; 'network' when the server was not reached. A 429 that names a
 * limit (the storage quota, ADR 027) is a refusal, not throttling: waiting does not lift it.
 */
function failureKind(e: CallError, online: boolean): 'refused' | 'throttled' | 'server' | 'network' {
  if (!RETRYABLE.has(e.code)) return 'refused';
  if (isNetworkFailure(e, online)) return 'network';
  if (e.code !== 'resource-exhausted') return 'server';
  const limited = e.details && typeof e.details === 'object' && 'limit' in e.details;
  return limited ? 'refused' : 'throttled';
}

/**
 * A save known not to be stored: the server (or its gateway) refused it with a 4xx answer, and a refusal stands
 * only when the save id shows no earlier commit (lambdas' save-outcomes.ts). Anything else may have been stored.
 */
function knownNotStored(err: unknown): boolean {
  return err instanceof CallError && err.httpStatus < 500 && err.code !== 'cancelled';
}

/**
 * What a failed save tells the author: when it is retried (saveMessage counts down to it), or (null) not until they
 * save again. A request that got no answer is "Offline" only when the browser says it is; online, the service did
 * not answer (a blocked request, a proxy, a server that is down, or an answer lost on the way back after the save
 * was stored), and their own connection is not blamed. Such a save may be stored: it is "not confirmed", as after a
 * server's error, not "could not be reached" (which a save stored without its answer arriving is not).
 */
function retryState(
  kind: 'network' | 'throttled' | 'server',
  retry: { at: number; after: number } | null,
  { unconfirmed = false, online = true, slowed = false } = {},
): SaveEvent & { type: 'saveFailed' } {
  if (kind === 'network') {
    if (online && unconfirmed)
      return {
        type: 'saveFailed',
        offline: true,
        retry,
        unconfirmed,
        message:
          'Mapnest did not answer, so this save is not confirmed; your changes are kept in this browser, and trying again never saves them twice.',
      };
    const what = online ? 'Mapnest could not be reached' : 'Offline';
    return { type: 'saveFailed', offline: true, retry, message: `${what}: your changes are kept in this browser.` };
  }
  if (kind === 'throttled')
    return {
      type: 'saveFailed',
      offline: false,
      retry,
      message: 'Too many requests to the server; your changes are kept in this browser.',
    };
  // A server that failed may have stored the save first: then it is not "not saved", only not confirmed, and its
  // retry (the same save id) is answered with the version it made rather than saving twice.
  const what = unconfirmed
    ? 'The server had a problem, so this save is not confirmed; your changes are kept in this browser, and trying again never saves them twice.'
    : 'The server had a problem; your changes are kept in this browser.';
  return {
    type: 'saveFailed',
    offline: false,
    retry,
    unconfirmed,
    message: slowed
      ? `${what} ${SERVER_RETRY_LIMIT} attempts in a row failed, so the next ones are ${SERVER_SLOW_RETRY_MS / 60_000} minutes apart; press Save (Ctrl+S) to try now.`
      : what,
  };
}

/** A new id for one save; every retry of that same save (same document, same base version) sends it again. */
const newSaveId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** Saves one at a time: a save asked for while one runs follows it. */
export class SaveQueue {
  private readonly delay: number;
  private readonly retries: readonly number[];
  private readonly online: () => boolean;
  private inFlight: Promise<void> | null = null;
  private again = false;
  private attempt = 0;
  private serverFailures = 0;
  private force = false;
  /** The save last sent and not yet known to be done: a retry of it carries the same save id. */
  private pending: { doc: MapDocument; baseVersion: number; saveId: string } | null = null;

  constructor(
    private readonly session: SaveSession,
    private readonly backup: BackupWriter,
  ) {
    const { o } = session;
    this.delay = o.delayMs ?? AUTOSAVE_DELAY_MS;
    this.retries = o.retryMs ?? RETRY_MS;
    this.online = o.isOnline ?? (() => !browserOffline());
  }

  /** Saves the store's document now; a save already running is followed by another. */
  start(): Promise<void> {
    if (this.session.disposed || this.session.state.status === 'conflict') return this.inFlight ?? Promise.resolve();
    if (this.inFlight) {
      this.again = true;
      return this.inFlight;
    }
    const run = async () => {
      do {
        this.again = false;
        await this.runSave();
      } while (this.again && (this.session.state.status as SaveStatus) !== 'conflict');
    };
    this.inFlight = run().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  /** Saves even when the store has the saved document (a new version on top of the current one). */
  startForced(): Promise<void> {
    this.force = true;
    return this.start();
  }

  /** Saves after the autosave delay. */
  scheduleAutosave(): void {
    this.schedule(this.delay);
  }

  /** Saves at once when the last save failed for want of a connection or a server. */
  retryNow(): void {
    if (this.session.state.status === 'offline' || this.session.state.status === 'error') this.schedule(0);
  }

  /** Resolves when the save running now, and any queued behind it, is done (at once when none runs). */
  idle(): Promise<void> {
    return this.inFlight ?? Promise.resolve();
  }

  /** True while a save runs. */
  busy(): boolean {
    return this.inFlight !== null;
  }

  /** True while a save sent earlier may have been stored without its answer arriving (it is sent again first). */
  unconfirmed(): boolean {
    return this.pending !== null;
  }

  private schedule(ms: number): void {
    this.session.scheduleSave(ms, () => void this.start());
  }

  /**
   * Saves the store's document; but first, a save sent before whose outcome is unknown is sent again as it was
   * (same document, base and save id): the server answers a committed one with the version it made (remembered a
   * day), which is then ours, not a version saved elsewhere; a 409 shows it was not stored. The store's document,
   * edited since, follows at once.
   */
  private async runSave(): Promise<void> {
    const { session } = this;
    const doc = session.doc();
    if (this.pending && this.pending.baseVersion !== session.state.version) this.pending = null;
    if (!this.pending && doc === session.savedDoc && !this.force) {
      session.send({ type: 'upToDate' });
      return;
    }
    const replay = this.pending;
    if (!replay) this.force = false;
    session.cancelSave();
    session.send({ type: 'saveStarted' });
    const save = replay ?? { doc, baseVersion: session.state.version, saveId: newSaveId() };
    this.pending = save;
    try {
      const { baseVersion, saveId } = save;
      const result = await session.o.save({ id: session.o.mapId, baseVersion, mapData: save.doc, saveId });
      this.pending = null;
      await this.saved(save.doc, result.version);
      if (replay && (replay.doc !== doc || this.force)) this.again = true;
    } catch (err) {
      if (knownNotStored(err)) this.pending = null;
      await this.failed(err, save.baseVersion);
    }
  }

  private async saved(doc: MapDocument, version: number): Promise<void> {
    const { session } = this;
    this.attempt = 0;
    this.serverFailures = 0;
    session.send({ type: 'saveSucceeded', doc, version, at: session.now(), current: session.doc() });
    if (session.dirty()) {
      await this.backup.write();
      this.schedule(this.delay);
    } else await this.backup.forget();
  }

  private async failed(err: unknown, baseVersion: number): Promise<void> {
    await this.backup.write();
    const e = asCallError(err);
    if (e.code === 'aborted') return this.outdated(e, baseVersion);
    if (e.code === 'unauthenticated') {
      this.session.send({
        type: 'saveFailed',
        offline: false,
        message: 'You are signed out. Your changes are kept in this browser; sign in again to save them.',
      });
      return;
    }
    const kind = failureKind(e, this.online());
    if (kind === 'refused') {
      this.session.send({ type: 'saveFailed', offline: false, message: `The map could not be saved: ${e.message}` });
      return;
    }
    // Being told to wait (429, or any answer with Retry-After) is not the server failing: it never stops the retries.
    if (kind === 'network') this.serverFailures = 0;
    else if (kind === 'server' && e.retryAfterMs === undefined) this.serverFailures++;
    const slowed = this.serverFailures >= SERVER_RETRY_LIMIT;
    const backoff = slowed ? SERVER_SLOW_RETRY_MS : this.retries[Math.min(this.attempt, this.retries.length - 1)]!;
    const wait = Math.max(backoff, Math.min(e.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
    this.attempt++;
    const retry = { at: this.session.now() + wait, after: wait };
    this.session.send(retryState(kind, retry, { unconfirmed: this.unconfirmed(), online: this.online(), slowed }));
    this.schedule(wait);
  }

  /** A 409 for a save built on `baseVersion`: someone else saved first. */
  private async outdated(e: CallError, baseVersion: number): Promise<void> {
    const current = (e.details as { currentVersion?: unknown } | undefined)?.currentVersion;
    // Merged without conflicts, here or by a check while the save was on its way: the loop saves the merge next (on
    // top of the version just read).
    if (await reconcile(this.session, this.backup, e.message, baseVersion)) this.again = true;
    else
      this.session.send({
        type: 'conflicted',
        message: e.message,
        currentVersion: typeof current === 'number' ? current : null,
      });
  }
}
