/**
 * Why a map or its report could not be read, in words: the server's own message when it gave one; otherwise what
 * happened, told apart by whether any answer came (`answeredWith`), so a server's or gateway's failure is never called
 * a lost connection and a lost connection never shows a bare code such as "internal".
 */
import { CallError } from '@mapnest/shared/errors';
import { describeError, hasOwnMessage } from '../maps/map-errors';

export function loadErrorText(err: unknown): string {
  if (!(err instanceof CallError)) return err instanceof Error && err.message ? err.message : 'Something went wrong.';
  if (err.code === 'deadline-exceeded') return describeError(err);
  if (hasOwnMessage(err)) return err.message;
  if (err.answeredWith === undefined) return 'The server could not be reached. Check your connection, then try again.';
  return `The server answered with an error (HTTP ${err.answeredWith}). Try again in a moment.`;
}
