/** What the editor canvas needs from a browser, for its tests under jsdom. */
import { vi } from 'vitest';

/** jsdom has no 2D canvas, ResizeObserver or matchMedia: inert stand-ins are enough to build the stage. */
export function stubBrowser(): void {
  const inert: unknown = new Proxy(() => inert, {
    get: (_t, key) => (key === Symbol.toPrimitive ? () => 0 : inert),
    apply: () => inert,
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => inert as RenderingContext);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
}
