/**
 * The save controller's saves (save-controller.ts): one at a time, a save asked for meanwhile following the one
 * running; a failed save retried later (offline, a busy server) or reported; a 409 brought to a merge with the
 * version saved elsewhere (save-merge.ts) or to the conflict dialog.
 */
import type { MapDocument } from '@mapnest/shared/map-document';
import { CallError } from '@mapnest/shared/errors';
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

/** Server errors in a row after which autosave stops retrying and leaves the next attempt to the author. */
export const SERVER_RETRY_LIMIT = 5;

/**
 * A failure to reach the server at all (the browser is offline, the request was rejected or timed out), as
 * opposed to a server that answered with an error: the call client reports a rejected fetch as 'internal' with the
 * bare message 'internal', where a server's error carries its own message.
 */
function isNetworkFailure(e: CallError, online: boolean): boolean {
  if (!online || e.code === 'deadline-exceeded' || e.code === 'cancelled') return true;
  return e.code === 'internal' && e.message === 'internal';
}

/** What a failed save tells the author: retried in `wait` ms, or (null) not retried until they save again. */
function retryState(network: boolean, wait: number | null): SaveEvent & { type: 'saveFailed' } {
  const seconds = `Retrying in ${Math.round((wait ?? 0) / 1000)} s.`;
  if (network)
    return { type: 'saveFailed', offline: true, message: `Offline: your changes are kept in this browser. ${seconds}` };
  return {
    type: 'saveFailed',
    offline: false,
    message:
      wait === null
        ? `The server had a problem; your changes are kept in this browser. Saving stopped after ${SERVER_RETRY_LIMIT} attempts: press Save (Ctrl+S) to try again.`
        : `The server had a problem; your changes are kept in this browser. ${seconds}`,
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
    this.online = o.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false));
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

  /** True while a save runs. */
  busy(): boolean {
    return this.inFlight !== null;
  }

  private schedule(ms: number): void {
    this.session.scheduleSave(ms, () => void this.start());
  }

  private async runSave(): Promise<void> {
    const { session } = this;
    const doc = session.doc();
    if (doc === session.savedDoc && !this.force) {
      session.send({ type: 'upToDate' });
      return;
    }
    this.force = false;
    session.cancelSave();
    session.send({ type: 'saveStarted' });
    const baseVersion = session.state.version;
    const same = this.pending && this.pending.doc === doc && this.pending.baseVersion === baseVersion;
    const saveId = same ? this.pending!.saveId : newSaveId();
    this.pending = { doc, baseVersion, saveId };
    try {
      const result = await session.o.save({ id: session.o.mapId, baseVersion, mapData: doc, saveId });
      this.pending = null;
      await this.saved(doc, result.version);
    } catch (err) {
      await this.failed(err);
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

  private async failed(err: unknown): Promise<void> {
    await this.backup.write();
    const e = asCallError(err);
    if (e.code === 'aborted') return this.outdated(e);
    if (e.code === 'unauthenticated') {
      this.session.send({
        type: 'saveFailed',
        offline: false,
        message: 'You are signed out. Your changes are kept in this browser; sign in again to save them.',
      });
      return;
    }
    if (!RETRYABLE.has(e.code)) {
      this.session.send({ type: 'saveFailed', offline: false, message: `The map could not be saved: ${e.message}` });
      return;
    }
    const network = isNetworkFailure(e, this.online());
    this.serverFailures = network ? 0 : this.serverFailures + 1;
    if (this.serverFailures >= SERVER_RETRY_LIMIT) {
      this.serverFailures = 0;
      this.attempt = 0;
      this.session.send(retryState(false, null));
      return;
    }
    const wait = this.retries[Math.min(this.attempt, this.retries.length - 1)]!;
    this.attempt++;
    this.session.send(retryState(network, wait));
    this.schedule(wait);
  }

  /** A 409: someone else saved first. */
  private async outdated(e: CallError): Promise<void> {
    const current = (e.details as { currentVersion?: unknown } | undefined)?.currentVersion;
    // Merged without conflicts: the loop saves the merge next (on top of the version just read).
    if (await reconcile(this.session, this.backup, e.message)) this.again = true;
    else
      this.session.send({
        type: 'conflicted',
        message: e.message,
        currentVersion: typeof current === 'number' ? current : null,
      });
  }
}
