/** The page around the viewer in its jsdom tests: history traversals, and the ResizeObserver jsdom lacks. */
import { vi } from 'vitest';

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
