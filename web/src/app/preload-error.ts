/**
 * Recovery for failed lazy-chunk loads. Vite's preload helper fires `vite:preloadError`
 * (with 'Unable to preload CSS for {path}' for stylesheets) and re-throws unless a listener calls
 * preventDefault. The usual cause is a deploy that replaced the hashed chunks under an open tab, so
 * the first failure loads the page the user was going to afresh; a second failure soon after is left
 * unhandled, reaches the route error screen and is reported there.
 */

export const PRELOAD_ERROR_EVENT = 'vite:preloadError';
/** A failure within this long of the last recovery is not retried, so a broken deploy cannot loop. */
export const PRELOAD_RETRY_WINDOW_MS = 10_000;
const STORAGE_KEY = 'mapnest:preload-recovery';

export interface PreloadRecoveryOptions {
  /** Usually window. */
  target: EventTarget;
  /** Remembers the last recovery across the reload (sessionStorage). */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** The URL of a navigation in progress, or null; recovery then goes there instead of reloading. */
  pendingUrl: () => string | null;
  /** Loads a URL afresh (location.assign), or reloads the current page when given null. */
  load: (url: string | null) => void;
  now?: () => number;
}

/** Installs the listener; returns a function that removes it. */
export function installPreloadRecovery(options: PreloadRecoveryOptions): () => void {
  const now = options.now ?? Date.now;
  const listener = (event: Event) => {
    const last = Number(safeGet(options.storage) ?? 0);
    const at = now();
    if (Number.isFinite(last) && at - last < PRELOAD_RETRY_WINDOW_MS) return;
    if (!safeSet(options.storage, String(at))) return; // Without memory a reload could loop.
    event.preventDefault();
    options.load(options.pendingUrl());
  };
  options.target.addEventListener(PRELOAD_ERROR_EVENT, listener);
  return () => options.target.removeEventListener(PRELOAD_ERROR_EVENT, listener);
}

function safeGet(storage: PreloadRecoveryOptions['storage']): string | null {
  try {
    return storage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

function safeSet(storage: PreloadRecoveryOptions['storage'], value: string): boolean {
  if (!storage) return false;
  try {
    storage.setItem(STORAGE_KEY, value);
    return true;
  } catch {
    return false;
  }
}
