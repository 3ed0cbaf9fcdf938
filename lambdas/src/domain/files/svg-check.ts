/**
 * The server's check of an uploaded SVG (ADR 026): the complexity budget first, counted by streaming over the
 * text without building anything (`svgBudgetProblem`), then the sanitiser (ADR 008), which builds a tree and so
 * only ever sees files within the budget. `runSvgCheck` is where it runs: in this process in Lambda, whose memory
 * size bounds it; the local stack, which runs every handler in one process, hands it to a worker thread with a heap
 * limit (scripts/local/svg-worker.ts), so one file can neither take that process's memory nor hold its calls.
 */
import { svgBudgetProblem, type SvgRefusal } from '@mapnest/shared/svg-budget';
import { sanitizeSvgText } from './svg-sanitize';

/** A refusal of the budget, or of the bounds the check ran within (memory, time). */
export type SvgCheckRefusal = Omit<SvgRefusal, 'limit'> & { limit: SvgRefusal['limit'] | 'memory' | 'time' };

export type SvgVerdict =
  /** Within the budget; `rewrite` is the sanitised text when sanitising changed anything. */
  | { kind: 'ok'; rewrite: string | null }
  /** Within the budget, but no drawing is left once sanitised. */
  | { kind: 'empty' }
  | { kind: 'refused'; refusal: SvgCheckRefusal };

/** Checks and sanitises the bytes of an SVG upload. */
export function checkSvg(bytes: Uint8Array): SvgVerdict {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const refusal = svgBudgetProblem(text);
  if (refusal) return { kind: 'refused', refusal };
  const clean = sanitizeSvgText(text);
  if (clean === null) return { kind: 'empty' };
  return { kind: 'ok', rewrite: clean === text ? null : clean };
}

export type SvgChecker = (bytes: Uint8Array) => Promise<SvgVerdict>;
const inProcess: SvgChecker = async (bytes) => checkSvg(bytes);
let checker: SvgChecker = inProcess;

/** Runs `checkSvg` where the process has chosen (in this process unless `runSvgChecksWith` said otherwise). */
export const runSvgCheck = (bytes: Uint8Array): Promise<SvgVerdict> => checker(bytes);

/** Makes `runSvgCheck` use `next` (null: this process again); returns the checker it replaces. */
export function runSvgChecksWith(next: SvgChecker | null): SvgChecker | null {
  const previous = checker === inProcess ? null : checker;
  checker = next ?? inProcess;
  return previous;
}
