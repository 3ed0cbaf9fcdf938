/**
 * Versions saved elsewhere (another tab, another author), looked for when the page gets focus or is shown, and
 * every few seconds while it is visible, so their work arrives before the next save (save-controller.ts). Another
 * tab of this browser says so at once when it reaches a new version (a BroadcastChannel per map), so two windows
 * side by side do not wait for the next poll.
 */
import { CallError } from '@mapnest/shared/errors';
import { reportError } from '../../../lib/analytics';
import type { BackupWriter } from './save-backup';
import { reconcile } from './save-merge';
import type { SaveQueue } from './save-queue';
import type { SaveSession } from './save-session';
import type { SaveStatus } from './save-types';

/** While the page is visible, versions saved elsewhere are looked for this often. */
export const REMOTE_POLL_MS = 15_000;

export interface RemotePolling {
  /** Looks for a version saved elsewhere now; merges or shows it. */
  checkRemote(): Promise<void>;
  /**
   * Looks on focus, when the page is shown, when another tab of this browser tells of a new version, and every few
   * seconds; returns what stops it.
   */
  start(): () => void;
}

export function pollRemote(session: SaveSession, backup: BackupWriter, queue: SaveQueue): RemotePolling {
  const { o } = session;
  let checking = false;

  async function checkRemote(): Promise<void> {
    const { status } = session.state;
    if (session.disposed || checking || queue.busy() || !o.fetchCurrent || status === 'conflict' || status === 'saving')
      return;
    checking = true;
    try {
      const version = await o.currentVersion();
      // The server answers again (it was down, or a proxy dropped requests; the browser never went offline, so no
      // 'online' event comes): a save waiting to be tried again goes now, not at the end of its wait (up to a minute).
      if (!session.disposed && !queue.busy() && session.state.status === 'offline' && version <= session.state.version)
        queue.retryNow();
      // A save of ours may have started meanwhile; it will meet the new version itself.
      if (
        session.disposed ||
        queue.busy() ||
        version <= session.state.version ||
        (session.state.status as SaveStatus) === 'conflict'
      )
        return;
      // A save of ours whose answer was lost may have made this version: it is sent again first (save-queue.ts),
      // and only a version it did not make is brought in. After a server's error its retry waits for its time.
      if (queue.unconfirmed()) {
        if (session.state.status !== 'error') await queue.start();
        return;
      }
      if (await reconcile(session, backup, null)) {
        if (session.dirty()) await queue.start();
      }
    } catch (err) {
      // Offline, signed out or a failed call: the next save says so. Anything else is a fault in this code.
      if (!(err instanceof CallError)) reportError(err, 'editor:remote-check');
    } finally {
      checking = false;
    }
  }

  const pollMs = o.pollMs ?? REMOTE_POLL_MS;
  const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';
  const onFocus = () => {
    if (visible()) void checkRemote();
  };
  const listens = o.fetchCurrent && typeof window !== 'undefined';

  /** Tells this browser's other tabs of the map each version this one reaches, and looks when one tells of theirs. */
  function tellTabs(): () => void {
    if (!listens || typeof BroadcastChannel === 'undefined') return () => {};
    const channel = new BroadcastChannel(`mapnest-map-versions:${o.mapId}`);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (typeof event.data === 'number' && event.data > session.state.version) onFocus();
    };
    let told = session.state.version;
    const stop = session.subscribe(({ version }) => {
      if (version <= told) return;
      told = version;
      channel.postMessage(version);
    });
    return () => {
      stop();
      channel.close();
    };
  }

  return {
    checkRemote,
    start() {
      const poll = o.fetchCurrent && pollMs > 0 ? setInterval(onFocus, pollMs) : undefined;
      const stopTelling = tellTabs();
      if (listens) {
        window.addEventListener('focus', onFocus);
        document.addEventListener('visibilitychange', onFocus);
      }
      return () => {
        clearInterval(poll);
        stopTelling();
        if (listens) {
          window.removeEventListener('focus', onFocus);
          document.removeEventListener('visibilitychange', onFocus);
        }
      };
    },
  };
}
