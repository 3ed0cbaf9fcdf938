import { describe, expect, it } from 'vitest';
import { CallError, MESSAGES } from '@mapnest/shared/errors';
import { callErrorMessage, fieldErrorsFromCallError, fieldErrorsFromIssues } from './form-errors';

describe('form errors', () => {
  it('keeps the first message per field', () => {
    expect(
      fieldErrorsFromIssues([
        { path: ['email'], message: 'first' },
        { path: ['email'], message: 'second' },
        { path: [], message: 'form-level' },
        { path: ['name'], message: 'name' },
      ]),
    ).toEqual({ email: 'first', name: 'name' });
  });

  it('reads field issues from an invalid-argument call error only', () => {
    expect(
      fieldErrorsFromCallError(
        new CallError('invalid-argument', 'Invalid', [{ path: 'message', message: 'Too short' }]),
      ),
    ).toEqual({ message: 'Too short' });
    expect(
      fieldErrorsFromCallError(new CallError('internal', 'x', [{ path: 'message', message: 'Too short' }])),
    ).toBeNull();
    expect(fieldErrorsFromCallError(new CallError('invalid-argument', 'Invalid', 'nope'))).toBeNull();
    expect(fieldErrorsFromCallError(new Error('x'))).toBeNull();
  });

  it("shows the call's message, or a sentence when it only carries its code", () => {
    expect(callErrorMessage(new CallError('permission-denied', 'Contact form is closed.'))).toBe(
      'Contact form is closed.',
    );
    expect(callErrorMessage(new CallError('internal', 'internal'))).toBe(MESSAGES.internal);
    expect(callErrorMessage(new CallError('resource-exhausted', 'resource-exhausted'))).toBe(MESSAGES.tooManyAttempts);
    expect(callErrorMessage(new TypeError('Failed to fetch'))).toBe(MESSAGES.internal);
  });
});
