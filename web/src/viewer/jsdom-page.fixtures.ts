/** The page around the viewer in its jsdom tests: history traversals, and the ResizeObserver jsdom lacks. */
import { vi } from 'vitest';

/**
 * The time `vi.waitFor` may wait for a condition: a hang guard, not a speed check (its 1 s default would be a timed
 * assertion on a busy machine). Two fit in the unit project's 60 s test timeout: a route played across floors took
 * over 10 s with the machine's 2 cores shared by other test runs.
 */
export const WAIT = { timeout: 25_000 };

/** Waits for the popstate of a Back or Forward already asked for (jsdom traverses in a task of its own). */
export const popped = () =>
  new Promise<void>((resolve) => window.addEventListener('popstate', () => resolve(), { once: true }));

/** Back, once it has landed. */
export async function back(): Promise<void> {
  const p = popped();
  history.back();
  await p;
}

/** Forward, once it has landed. */
export async function forward(): Promise<void> {
  const p = popped();
  history.forward();
  await p;
}

/** A ResizeObserver that never reports (undone by `vi.unstubAllGlobals()`). */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
