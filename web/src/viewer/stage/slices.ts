/**
 * Runs one long job at a time in slices of a few milliseconds, each in its own task, so input and
 * animation frames get through between them. Slices are scheduled with a MessageChannel: faster than
 * a timeout and not throttled like one. Starting a job (or cancelling) drops the one under way.
 */

/** Work per slice in ms, leaving the rest of the frame to input and animation. */
export const SLICE_MS = 6;

export class Slices {
  readonly #channel = new MessageChannel();
  #step: (() => void) | null = null;

  constructor() {
    this.#channel.port1.onmessage = () => this.#step?.();
  }

  /** True while a job has slices left to run. */
  get running(): boolean {
    return this.#step !== null;
  }

  /**
   * Starts a job, dropping any under way. `slice(until)` works until the time `until`
   * (performance.now()) and returns true when more slices are needed; a job that is finished calls
   * `cancel()` (before it shows its result, so that nothing sees it as still running).
   */
  start(slice: (until: number) => boolean): void {
    const step = (): void => {
      if (this.#step !== step) return;
      if (slice(performance.now() + SLICE_MS) && this.#step === step) this.#channel.port2.postMessage(0);
    };
    this.#step = step;
    this.#channel.port2.postMessage(0);
  }

  cancel(): void {
    this.#step = null;
  }

  destroy(): void {
    this.#step = null;
    this.#channel.port1.close();
  }
}
