import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DirectoryFill, FILL_LATEST_MS } from './fill';

/** Frames arrive only when a test says so (`frame()`), as in a page that paints. */
let frames = new Map<number, FrameRequestCallback>();
let frameId = 0;
function frame(): void {
  const due = [...frames.values()];
  frames = new Map();
  for (const cb of due) cb(performance.now());
}

beforeEach(() => {
  vi.useFakeTimers();
  frames = new Map();
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
    frames.set(++frameId, cb);
    return frameId;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the directory’s first fill', () => {
  it('comes once the frame with the markers has been painted, not before, and only once', () => {
    const fill = vi.fn();
    const f = new DirectoryFill(fill);
    f.afterPaint();
    f.afterPaint();
    expect(fill).not.toHaveBeenCalled();
    frame();
    // Still inside the frame: the fill waits for the task after it.
    expect(fill).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(fill).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(FILL_LATEST_MS * 2);
    frame();
    expect(fill).toHaveBeenCalledTimes(1);
  });

  it('comes at the latest after a second when the markers cannot be drawn', () => {
    const fill = vi.fn();
    new DirectoryFill(fill);
    vi.advanceTimersByTime(FILL_LATEST_MS - 1);
    expect(fill).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fill).toHaveBeenCalledTimes(1);
  });

  it('comes even when no frame is painted (a page in the background)', () => {
    const fill = vi.fn();
    new DirectoryFill(fill).afterPaint();
    vi.advanceTimersByTime(300);
    expect(fill).toHaveBeenCalledTimes(1);
  });

  it('does nothing once the directory was filled otherwise, or after the viewer is gone', () => {
    const filledFirst = vi.fn();
    const a = new DirectoryFill(filledFirst);
    a.afterPaint();
    a.filled();
    const destroyed = vi.fn();
    const b = new DirectoryFill(destroyed);
    b.afterPaint();
    b.cancel();
    frame();
    vi.advanceTimersByTime(FILL_LATEST_MS * 2);
    expect(filledFirst).not.toHaveBeenCalled();
    expect(destroyed).not.toHaveBeenCalled();
  });

  it('with a preparation: that once the markers’ frame is painted, the entries once the next one is', () => {
    const calls: string[] = [];
    const f = new DirectoryFill(() => calls.push('fill'), { prepare: () => calls.push('prepare') });
    f.afterPaint();
    frame();
    vi.advanceTimersByTime(0);
    expect(calls).toEqual(['prepare']);
    f.afterPaint();
    vi.advanceTimersByTime(0);
    expect(calls).toEqual(['prepare']);
    frame();
    vi.advanceTimersByTime(0);
    expect(calls).toEqual(['prepare', 'fill']);
    frame();
    vi.advanceTimersByTime(FILL_LATEST_MS * 2);
    expect(calls).toEqual(['prepare', 'fill']);
  });
});
