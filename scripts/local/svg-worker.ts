/**
 * The local stack's SVG checker (ADR 026): the upload trigger's check and sanitising of SVG files runs in a worker
 * thread with a heap limit, as the Lambda runs within its memory size in AWS. The local stack runs every handler in
 * one process; a file that took the sanitiser gigabytes, or seconds of CPU, would otherwise take them from every call
 * the stack answers. A file the worker cannot check within its heap or its time is refused (and removed by the
 * trigger); the worker is then replaced.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SvgChecker, SvgVerdict } from '../../lambdas/src/domain/files/svg-check';

export interface SvgWorkerLimits {
  /** The worker's old-generation heap (V8 ends the worker, not the process, past it). */
  maxOldGenerationSizeMb: number;
  maxYoungGenerationSizeMb: number;
  /** Longest check before the worker is ended. */
  timeoutMs: number;
}

/**
 * Files at the edge of the budget (19,000 paths, 7.8 MB) check within a 32 MB heap (24 MB for 19,000 plain
 * rectangles) and 2 s on a busy 2-core machine; the limits leave eight times that and more.
 */
export const SVG_WORKER_LIMITS: SvgWorkerLimits = {
  maxOldGenerationSizeMb: 256,
  maxYoungGenerationSizeMb: 32,
  timeoutMs: 30_000,
};

const ENTRY = new URL('./svg-worker-entry.ts', import.meta.url);
/** The worker runs the TypeScript sources as the stack does, through tsx's loader (its "." export, loader.mjs). */
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

const refused = (limit: 'memory' | 'time', allowed: number, message: string): SvgVerdict => ({
  kind: 'refused',
  refusal: { limit, found: allowed + 1, allowed, message },
});

/** One worker at a time, checks queued in order; `check` is an `SvgChecker` for `runSvgChecksWith`. */
export class SvgWorker {
  #worker: Worker | null = null;
  #queue: Promise<unknown> = Promise.resolve();
  constructor(private readonly limits: SvgWorkerLimits = SVG_WORKER_LIMITS) {}

  readonly check: SvgChecker = (bytes) => {
    const run = this.#queue.then(() => this.#run(bytes));
    this.#queue = run.catch(() => undefined);
    return run;
  };

  async stop(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    await worker?.terminate();
  }

  #spawn(): Worker {
    const { maxOldGenerationSizeMb, maxYoungGenerationSizeMb } = this.limits;
    const worker = new Worker(ENTRY, {
      execArgv: ['--import', TSX],
      resourceLimits: { maxOldGenerationSizeMb, maxYoungGenerationSizeMb },
    });
    worker.unref();
    return worker;
  }

  #run(bytes: Uint8Array): Promise<SvgVerdict> {
    const worker = (this.#worker ??= this.#spawn());
    const { maxOldGenerationSizeMb, timeoutMs } = this.limits;
    return new Promise<SvgVerdict>((resolve, reject) => {
      const settle = (end: () => void, discard: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (discard) {
          if (this.#worker === worker) this.#worker = null;
          void worker.terminate();
        }
        end();
      };
      const onMessage = (verdict: SvgVerdict) => settle(() => resolve(verdict), false);
      const onError = (error: Error & { code?: string }) =>
        settle(
          () =>
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? resolve(
                  refused(
                    'memory',
                    maxOldGenerationSizeMb,
                    `This SVG needs more than ${maxOldGenerationSizeMb} MB of memory to check, far more than a floor plan. Simplify it and upload it again.`,
                  ),
                )
              : reject(error),
          true,
        );
      const onExit = (code: number) =>
        settle(() => reject(new Error(`the SVG worker stopped (exit code ${code})`)), true);
      const timer = setTimeout(
        () =>
          settle(
            () =>
              resolve(
                refused(
                  'time',
                  timeoutMs / 1000,
                  `This SVG takes more than ${timeoutMs / 1000} s to check, far more than a floor plan. Simplify it and upload it again.`,
                ),
              ),
            true,
          ),
        timeoutMs,
      );
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      // The worker gets its own copy of the bytes, moved rather than copied again.
      const copy = new Uint8Array(bytes);
      worker.postMessage(copy, [copy.buffer]);
    });
  }
}
