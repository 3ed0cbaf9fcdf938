import { describe, expect, it, vi } from 'vitest';
import { installPreloadRecovery, PRELOAD_ERROR_EVENT, PRELOAD_RETRY_WINDOW_MS } from './preload-error';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

/** Dispatches the event the way Vite's preload helper does and says whether it would re-throw. */
function firePreloadError(target: EventTarget): { rethrown: boolean } {
  const event = new Event(PRELOAD_ERROR_EVENT, { cancelable: true });
  (event as Event & { payload: Error }).payload = new Error('Unable to preload CSS for /assets/x.css');
  target.dispatchEvent(event);
  return { rethrown: !event.defaultPrevented };
}

describe('installPreloadRecovery', () => {
  it('handles the first failure by loading the pending navigation afresh', () => {
    const target = new EventTarget();
    const load = vi.fn();
    installPreloadRecovery({
      target,
      storage: memoryStorage(),
      pendingUrl: () => '/pricing',
      load,
      now: () => 1_000_000,
    });
    expect(firePreloadError(target)).toEqual({ rethrown: false });
    expect(load).toHaveBeenCalledWith('/pricing');
  });

  it('reloads the current page when no navigation is pending', () => {
    const target = new EventTarget();
    const load = vi.fn();
    installPreloadRecovery({ target, storage: memoryStorage(), pendingUrl: () => null, load, now: () => 1_000_000 });
    firePreloadError(target);
    expect(load).toHaveBeenCalledWith(null);
  });

  it('leaves a second failure within the retry window unhandled so it is re-thrown', () => {
    const target = new EventTarget();
    const storage = memoryStorage();
    const load = vi.fn();
    let now = 1_000_000;
    installPreloadRecovery({ target, storage, pendingUrl: () => null, load, now: () => now });
    firePreloadError(target);
    now += PRELOAD_RETRY_WINDOW_MS - 1;
    expect(firePreloadError(target)).toEqual({ rethrown: true });
    expect(load).toHaveBeenCalledTimes(1);
    now += 1;
    expect(firePreloadError(target)).toEqual({ rethrown: false });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not handle the error when it cannot remember the attempt', () => {
    const target = new EventTarget();
    const load = vi.fn();
    installPreloadRecovery({ target, storage: null, pendingUrl: () => null, load });
    expect(firePreloadError(target)).toEqual({ rethrown: true });
    expect(load).not.toHaveBeenCalled();
  });

  it('stops listening once removed', () => {
    const target = new EventTarget();
    const load = vi.fn();
    const remove = installPreloadRecovery({ target, storage: memoryStorage(), pendingUrl: () => null, load });
    remove();
    expect(firePreloadError(target)).toEqual({ rethrown: true });
    expect(load).not.toHaveBeenCalled();
  });
});
