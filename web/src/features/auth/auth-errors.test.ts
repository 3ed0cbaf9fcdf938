import { describe, expect, it, vi } from 'vitest';
import { CallError } from '@mapnest/shared/errors';
import {
  actionCodeMessage,
  classifyAuthError,
  emailChangeMessage,
  reauthMessage,
  resendMessage,
  signInMessage,
} from './auth-errors';

const cognito = (name: string, message = name) => Object.assign(new Error(message), { name });

describe('classifyAuthError', () => {
  it('sorts Cognito errors into the auth error categories', () => {
    const log = vi.fn();
    expect(classifyAuthError(cognito('NotAuthorizedException', 'Incorrect username or password.'), log)).toBe(
      'invalid-credentials',
    );
    expect(classifyAuthError(cognito('InvalidPasswordException', 'Invalid password'), log)).toBe('invalid-credentials');
    expect(classifyAuthError(cognito('NotAuthorizedException', 'User is disabled.'), log)).toBe('user-disabled');
    // The lockout after failed sign-ins: the password may well be right, so never "wrong password".
    const locked = classifyAuthError(cognito('NotAuthorizedException', 'Password attempts exceeded'), log);
    expect(locked).toBe('try-later');
    expect(signInMessage(locked)).toBe('Too many attempts. Try again later.');
    expect(reauthMessage(locked)).toBe('Too many attempts. Try again later.');
    expect(classifyAuthError(cognito('NotAuthorizedException', 'Access Token has been revoked'), log)).toBe(
      'reauthenticate',
    );
    expect(classifyAuthError(cognito('UserNotFoundException'), log)).toBe('user-not-found');
    expect(classifyAuthError(cognito('UsernameExistsException'), log)).toBe('email-already-in-use');
    expect(classifyAuthError(cognito('AliasExistsException'), log)).toBe('email-already-in-use');
    expect(classifyAuthError(cognito('InvalidParameterException', 'Invalid email address format.'), log)).toBe(
      'invalid-emai',
    );
    expect(classifyAuthError(cognito('CodeMismatchException'), log)).toBe('invalid_action_code');
    expect(classifyAuthError(cognito('ExpiredCodeException'), log)).toBe('expired_action_code');
    for (const name of ['LimitExceededException', 'TooManyRequestsException', 'TooManyFailedAttemptsException']) {
      expect(classifyAuthError(cognito(name), log)).toBe('try-later');
    }
    expect(classifyAuthError(cognito('UserUnAuthenticatedException'), log)).toBe('not-logged-in');
    expect(log).not.toHaveBeenCalled();
  });

  it('reads our call errors: permission-denied asks to re-authenticate', () => {
    expect(classifyAuthError(new CallError('permission-denied', 'Please enter your password again to continue.'))).toBe(
      'reauthenticate',
    );
    expect(classifyAuthError(new CallError('unauthenticated', 'Unauthenticated'))).toBe('not-logged-in');
  });

  it('logs what it does not know and calls it unknown', () => {
    const log = vi.fn();
    const odd = new TypeError('Failed to fetch');
    expect(classifyAuthError(odd, log)).toBe('unknown');
    expect(log).toHaveBeenCalledWith('Unknown auth error', odd);
    expect(
      classifyAuthError(cognito('InvalidParameterException', 'Attribute value for picture must not be null'), log),
    ).toBe('unknown');
  });
});

describe('messages by screen', () => {
  it('words the email change failures', () => {
    expect(emailChangeMessage('email-already-in-use')).toBe('Email already in use');
    expect(emailChangeMessage('invalid-emai')).toBe('Invalid email address');
    expect(emailChangeMessage('unknown')).toBe('Unknown error.');
  });
  it('words the password re-authentication failures', () => {
    expect(reauthMessage('invalid-credentials')).toBe('Invalid password');
    expect(reauthMessage('try-later')).toBe('Too many attempts. Try again later.');
    expect(reauthMessage('unknown')).toBe('Unknown error.');
  });
  it('words the resend failures', () => {
    expect(resendMessage('try-later')).toBe('Too many attempts. Try again later.');
    expect(resendMessage('unknown')).toBe('Unknown error. Please contact us.');
  });
  it('words sign-in and email link failures', () => {
    expect(signInMessage('invalid-credentials')).toBe('Invalid email or password.');
    expect(signInMessage('user-not-found')).toBe('Invalid email or password.');
    expect(signInMessage('user-disabled')).toBe('This account has been disabled. Please contact us.');
    expect(actionCodeMessage('expired_action_code')).toBe('This link has expired. Please ask for a new one.');
    expect(actionCodeMessage('invalid_action_code')).toBe('This link is not valid, or it has already been used.');
  });
});
