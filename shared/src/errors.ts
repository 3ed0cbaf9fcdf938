/**
 * The call protocol's error vocabulary (product rules: Errors and messages): one table links the client-facing
 * code, the wire status string and the HTTP status, so the server and the browser can never disagree.
 */
export const ERROR_CODES = {
  'invalid-argument': { status: 'INVALID_ARGUMENT', http: 400 },
  unauthenticated: { status: 'UNAUTHENTICATED', http: 401 },
  'permission-denied': { status: 'PERMISSION_DENIED', http: 403 },
  'not-found': { status: 'NOT_FOUND', http: 404 },
  aborted: { status: 'ABORTED', http: 409 },
  'already-exists': { status: 'ALREADY_EXISTS', http: 409 },
  'failed-precondition': { status: 'FAILED_PRECONDITION', http: 400 },
  'out-of-range': { status: 'OUT_OF_RANGE', http: 400 },
  'resource-exhausted': { status: 'RESOURCE_EXHAUSTED', http: 429 },
  cancelled: { status: 'CANCELLED', http: 499 },
  'data-loss': { status: 'DATA_LOSS', http: 500 },
  unknown: { status: 'UNKNOWN', http: 500 },
  internal: { status: 'INTERNAL', http: 500 },
  unimplemented: { status: 'NOT_IMPLEMENTED', http: 501 },
  unavailable: { status: 'UNAVAILABLE', http: 503 },
  'deadline-exceeded': { status: 'DEADLINE_EXCEEDED', http: 504 },
} as const;

/** A client-facing error code, as the browser sees it. */
export type ErrorCode = keyof typeof ERROR_CODES;
/** The upper-case status string carried on the wire in `{"error":{"status"}}`. */
export type WireStatus = (typeof ERROR_CODES)[ErrorCode]['status'];

const byStatus = /* @__PURE__ */ new Map<string, ErrorCode>(
  /* @__PURE__ */ /* @__PURE__ */ (Object.keys(ERROR_CODES) as ErrorCode[]).map((code) => [
    ERROR_CODES[code].status,
    code,
  ]),
);

/** The code for a wire status string, or undefined when the string is not one of ours. */
export function codeForWireStatus(status: string): ErrorCode | undefined {
  return byStatus.get(status);
}

/** The code for an HTTP status when the body names none (2xx is 'ok'; anything unlisted is 'unknown'). */
export function codeForHttpStatus(http: number): ErrorCode | 'ok' {
  if (http >= 200 && http < 300) return 'ok';
  switch (http) {
    case 400:
      return 'invalid-argument';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'permission-denied';
    case 404:
      return 'not-found';
    case 409:
      return 'aborted';
    case 429:
      return 'resource-exhausted';
    case 499:
      return 'cancelled';
    case 500:
      return 'internal';
    case 501:
      return 'unimplemented';
    case 503:
      return 'unavailable';
    case 504:
      return 'deadline-exceeded';
    default:
      return 'unknown';
  }
}

/** One field problem in an INVALID_ARGUMENT answer's details. */
export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * An error that crosses the call protocol: thrown by handlers (its message reaches the caller) and
 * raised by the browser client for every failed call.
 */
export class CallError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;
  /** How long the answer asked the caller to wait before trying again (its Retry-After header, in ms), if it did. */
  readonly retryAfterMs: number | undefined;
  /**
   * The HTTP status of the answer this error was read from, in the browser's call client; undefined when no answer
   * came (the request never reached a server, or was cut off), which is how "offline" is told from a server's 500.
   */
  readonly answeredWith: number | undefined;
  constructor(
    code: ErrorCode,
    message: string,
    details?: unknown,
    options: { retryAfterMs?: number; answeredWith?: number } = {},
  ) {
    super(message);
    this.name = 'CallError';
    this.code = code;
    this.details = details;
    this.retryAfterMs = options.retryAfterMs;
    this.answeredWith = options.answeredWith;
  }
  /** The HTTP status this error is sent with. */
  get httpStatus(): number {
    return ERROR_CODES[this.code].http;
  }
}

/** Messages the product shows word for word (tests match them exactly), kept in one place. */
export const MESSAGES = {
  responseNotJson: 'Response is not valid JSON object.',
  responseMissingData: 'Response is missing data field.',
  unauthenticated: 'Unauthenticated',
  routeError: 'Oups. Something happened.',
  subscriptionError: 'Error: something happened.',
  loadUserData: 'Error loading user data',
  invalidEmail: 'Not a valid email address',
  noEmails: 'No emails are available',
  emailInUse: 'Email already in use',
  invalidEmailAddress: 'Invalid email address',
  unknownError: 'Unknown error.',
  invalidPassword: 'Invalid password',
  tooManyAttempts: 'Too many attempts. Try again later.',
  deleteNotLoggedIn: 'You must be logged in order to delete your account.',
  deleteNoEmail: 'Something went wrong. Cannot delete account.',
  deleteOther: 'Something went wrong while deleting account. Please contact us.',
  deleteEmailMismatch: 'Entered email does not match your email address.',
  resetFailed: 'Something went wrong.',
  resendSent: 'Verification email sent, please check your inbox and spam folder.',
  resendUnknown: 'Unknown error. Please contact us.',
  avatarTooLarge: 'File too large (max 0.1MB)',
  avatarType: 'Only JPG, PNG, or WEBP images are allowed',
  avatarNoUser: 'No authenticated user',
  expiredActionCode: 'This link has expired. Please ask for a new one.',
  invalidActionCode: 'This link is not valid, or it has already been used.',
  loginInvalid: 'Invalid email or password.',
  userDisabled: 'This account has been disabled. Please contact us.',
  emailNotVerifiedYet: 'Your new email address is not confirmed yet: follow the link in the email we sent to it.',
  recentSignInRequired: 'Please enter your password again to continue.',
  internal: 'Something went wrong on our side. Please try again.',
  noSuchUser: 'No user has this email address or id.',
  saveOutcomeUnknown:
    'We could not confirm whether your save was stored. Please try again: a retry of the same save is never saved twice.',
  unavailable: 'The service is briefly unavailable. Nothing was changed; please try again.',
  releaseOutcomeUnknown:
    'Mapnest did not answer, so whether this was done is not confirmed yet. Closing this dialog is safe: Publish says what visitors see when opened again.',
  publishCopyOwed:
    'Published, but visitors do not see this version yet: its public copy could not be written just now. Mapnest writes it by itself, within seconds or, while the storage service is down, every hour until it is written; nothing more is needed from you.',
  unpublishCopyOwed:
    'Unpublished, but visitors may still see the map for a while: its public copy could not be removed just now. Mapnest removes it by itself, within seconds or, while the storage service is down, every hour until it is removed; nothing more is needed from you.',
} as const;

/** Why every session of an account that began before an instant was ended (ADR 079). */
export type SessionEndedReason = 'passwordChanged' | 'signedOutEverywhere';

/** What a session ended this way is told, by the API's 401 and on the login page it is taken to. */
export const SESSION_ENDED_MESSAGES: Readonly<Record<SessionEndedReason, string>> = {
  passwordChanged: 'You were signed out because your password was changed. Log in again.',
  signedOutEverywhere: 'You were signed out of all devices. Log in again.',
};

/** The reason in a 401 answer's details (`{ sessionEnded }`), or null when the answer names none. */
export function sessionEndedReason(details: unknown): SessionEndedReason | null {
  const reason = (details as { sessionEnded?: unknown } | null | undefined)?.sessionEnded;
  return reason === 'passwordChanged' || reason === 'signedOutEverywhere' ? reason : null;
}
