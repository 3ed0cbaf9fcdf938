/**
 * The auth error catalogue: every failure from Cognito (through Amplify), from our calls or from the
 * browser is sorted into one category, and each screen turns a category into its own words.
 */
import { CallError, MESSAGES } from '@mapnest/shared/errors';

/**
 * The auth error categories. 'invalid-emai' is spelled so on purpose: it is an identifier other parts of
 * the product may match on, so it stays exactly as given.
 */
export type AuthErrorCategory =
  | 'not-logged-in'
  | 'reauthenticate'
  | 'invalid-emai'
  | 'email-already-in-use'
  | 'invalid-credentials'
  | 'try-later'
  | 'unknown'
  | 'expired_action_code'
  | 'invalid_action_code'
  | 'user-disabled'
  | 'user-not-found';

const nameOf = (err: unknown): string =>
  err && typeof err === 'object' && 'name' in err ? String((err as { name: unknown }).name) : '';
const messageOf = (err: unknown): string => (err instanceof Error ? err.message : typeof err === 'string' ? err : '');

/** Sorts any failure into a category; what it does not recognise is logged and called 'unknown'. */
export function classifyAuthError(
  err: unknown,
  log: (message: string, error: unknown) => void = console.error,
): AuthErrorCategory {
  if (err instanceof CallError) {
    if (err.code === 'permission-denied') return 'reauthenticate';
    if (err.code === 'unauthenticated') return 'not-logged-in';
    if (err.code === 'resource-exhausted') return 'try-later';
    // checkEmailFree and updateEmail: another account uses the address.
    if (err.code === 'already-exists') return 'email-already-in-use';
    log('Unknown auth error', err);
    return 'unknown';
  }
  const name = nameOf(err);
  const message = messageOf(err);
  switch (name) {
    case 'NotAuthorizedException':
      if (/disabled/i.test(message)) return 'user-disabled';
      // Cognito's lockout after failed password sign-ins answers even the right password so ("Password attempts
      // exceeded", scripts/local/cognito-shims/lockout.ts): calling it a wrong password would send the author to reset
      // a password that is right.
      if (/attempts exceeded/i.test(message)) return 'try-later';
      if (/(token|session).*(revoked|expired)|(revoked|expired).*(token|session)/i.test(message))
        return 'reauthenticate';
      return 'invalid-credentials';
    // A wrong password is NotAuthorizedException, in AWS and locally (scripts/local/cognito.ts, hidingUnknownUsers);
    // InvalidPasswordException at a sign-in is kept as the same, should an emulator or a flow answer with it.
    case 'InvalidPasswordException':
      return 'invalid-credentials';
    case 'UserNotFoundException':
      return 'user-not-found';
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return 'email-already-in-use';
    case 'InvalidParameterException':
      if (/email|username/i.test(message)) return 'invalid-emai';
      break;
    case 'CodeMismatchException':
      return 'invalid_action_code';
    case 'ExpiredCodeException':
      return 'expired_action_code';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return 'try-later';
    case 'UserUnAuthenticatedException':
    case 'UserNotLoggedInException':
      return 'not-logged-in';
    case 'PasswordResetRequiredException':
      return 'reauthenticate';
  }
  log('Unknown auth error', err);
  return 'unknown';
}

/**
 * Whether a password reset was answered with the failure of the user pool's PostConfirmation trigger (ADR 079: it ends
 * every session of the account). Cognito runs that trigger once the password is changed, so the answer is an error
 * although the new password may well be in place, and the other sessions may not all have ended.
 */
export function isResetTriggerFailure(err: unknown): boolean {
  return nameOf(err) === 'UserLambdaValidationException' && /PostConfirmation failed/i.test(messageOf(err));
}

/**
 * Whether a verification code was refused because the account is confirmed already (the link opened a second time):
 * Cognito answers NotAuthorizedException "User cannot be confirmed. Current status is CONFIRMED".
 */
export function isAlreadyConfirmed(err: unknown): boolean {
  return (
    nameOf(err) === 'NotAuthorizedException' &&
    /current status is confirmed|status is not unconfirmed/i.test(messageOf(err))
  );
}

/** Words for the email-change dialog; 'reauthenticate' opens the re-authentication step instead. */
export function emailChangeMessage(category: AuthErrorCategory): string {
  if (category === 'email-already-in-use') return MESSAGES.emailInUse;
  if (category === 'invalid-emai') return MESSAGES.invalidEmailAddress;
  if (category === 'try-later') return MESSAGES.tooManyAttempts;
  return MESSAGES.unknownError;
}

/** Words for a failed password re-authentication. */
export function reauthMessage(category: AuthErrorCategory): string {
  if (category === 'invalid-credentials' || category === 'user-not-found') return MESSAGES.invalidPassword;
  if (category === 'try-later') return MESSAGES.tooManyAttempts;
  return MESSAGES.unknownError;
}

/** Words for a failed sign-in. */
export function signInMessage(category: AuthErrorCategory): string {
  if (category === 'invalid-credentials' || category === 'user-not-found') return MESSAGES.loginInvalid;
  if (category === 'try-later') return MESSAGES.tooManyAttempts;
  if (category === 'user-disabled') return MESSAGES.userDisabled;
  return MESSAGES.unknownError;
}

/** Words for a failed resend of the verification email. */
export function resendMessage(category: AuthErrorCategory): string {
  return category === 'try-later' ? MESSAGES.tooManyAttempts : MESSAGES.resendUnknown;
}

/** Words for a link from an email that could not be applied. */
export function actionCodeMessage(category: AuthErrorCategory): string {
  if (category === 'expired_action_code') return MESSAGES.expiredActionCode;
  if (category === 'try-later') return MESSAGES.tooManyAttempts;
  if (category === 'invalid_action_code' || category === 'user-not-found' || category === 'invalid-credentials')
    return MESSAGES.invalidActionCode;
  return MESSAGES.unknownError;
}
