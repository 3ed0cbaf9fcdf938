import { spawn } from 'node:child_process';

/** What a command did: its exit code (1 when it could not start or was killed), its output and how long it took. */
export interface Buffered {
  code: number;
  /** Its standard output and standard error, in the order they came. */
  output: string;
  ms: number;
}

/**
 * Runs a command with its output held back, so that several at once can each print theirs in one piece when done
 * (scripts/typecheck.ts, scripts/checks.ts).
 */
export function runBuffered(command: string, args: readonly string[], cwd: string): Promise<Buffered> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    let failed = false;
    child.on('error', (err) => {
      failed = true;
      output += `${err.message}\n`;
    });
    child.on('close', (code) => resolve({ code: failed ? 1 : (code ?? 1), output, ms: Date.now() - started }));
  });
}
