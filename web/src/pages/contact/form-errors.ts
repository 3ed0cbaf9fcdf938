import { CallError, MESSAGES, type FieldIssue } from '@mapnest/shared/errors';

export type FieldErrors = Record<string, string>;

/** The first message for each top-level field of a list of validation issues. */
export function fieldErrorsFromIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (field === undefined) continue;
    const key = String(field);
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Field errors carried by an INVALID_ARGUMENT answer ('details' as FieldIssue[]), or null. */
export function fieldErrorsFromCallError(error: unknown): FieldErrors | null {
  if (!(error instanceof CallError) || error.code !== 'invalid-argument' || !Array.isArray(error.details)) return null;
  const issues = (error.details as unknown[]).filter(
    (d): d is FieldIssue =>
      !!d &&
      typeof d === 'object' &&
      typeof (d as FieldIssue).path === 'string' &&
      typeof (d as FieldIssue).message === 'string',
  );
  if (!issues.length) return null;
  return fieldErrorsFromIssues(issues.map((issue) => ({ path: issue.path.split('.'), message: issue.message })));
}

/**
 * The message to show when a call fails: the call's own message when it carries one, otherwise a
 * plain sentence for its code (a bare code such as 'internal' means nothing to a visitor).
 */
export function callErrorMessage(error: unknown): string {
  if (error instanceof CallError) {
    if (error.message && error.message !== error.code) return error.message;
    if (error.code === 'resource-exhausted') return MESSAGES.tooManyAttempts;
    if (error.code === 'deadline-exceeded' || error.code === 'unavailable')
      return 'The server did not answer in time. Please try again.';
  }
  return MESSAGES.internal;
}

/** Focuses the first field, in display order, that has an error. */
export function focusFirstInvalid(form: HTMLFormElement, errors: FieldErrors, order: readonly string[]): void {
  const first = order.find((field) => errors[field]);
  if (!first) return;
  const element = form.elements.namedItem(first);
  if (element instanceof HTMLElement) element.focus();
}
