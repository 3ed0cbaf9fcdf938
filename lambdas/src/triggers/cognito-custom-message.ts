import type {
  CreateAuthChallengeTriggerEvent,
  CustomMessageTriggerEvent,
  DefineAuthChallengeTriggerEvent,
  PostConfirmationTriggerEvent,
  VerifyAuthChallengeResponseTriggerEvent,
} from 'aws-lambda';
import { BRAND } from '@mapnest/shared/constants';
import { accountStatus, markSessionsEnded } from '../adapters/account-status';
import { signInLinks } from '../adapters/sign-in-links';
import { logger } from '../lib/logger';
import { createAuthChallenge, defineAuthChallenge, verifyAuthChallengeResponse } from '../domain/sign-in-link';

/**
 * The user pool's trigger function (one function for all of them, ADR 036).
 *
 * CustomMessage: every email Cognito sends carries a link into the app's /auth page instead of a bare code.
 * Cognito replaces the code placeholder once, so it appears exactly once. The sign-up verification email also
 * carries a one-time sign-in token, so following its link verifies the address and signs the user in, in any
 * browser.
 *
 * DefineAuthChallenge, CreateAuthChallenge, VerifyAuthChallengeResponse: the sign-in with that token
 * (domain/sign-in-link.ts).
 *
 * PostConfirmation, after a password reset: every session of the account ends (ADR 079).
 */
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Template {
  mode: 'verifyEmail' | 'resetPassword' | 'verifyAndChangeEmail';
  subject: string;
  intro: string;
  action: string;
  outro: string;
}

const templates: Partial<Record<CustomMessageTriggerEvent['triggerSource'], Template>> = {
  CustomMessage_SignUp: {
    mode: 'verifyEmail',
    subject: `Verify your email for ${BRAND}`,
    intro: `Welcome to ${BRAND}! Please confirm that this is your email address.`,
    action: 'Verify email address',
    outro: 'If you did not create an account, you can ignore this email.',
  },
  CustomMessage_ResendCode: {
    mode: 'verifyEmail',
    subject: `Verify your email for ${BRAND}`,
    intro: 'Here is a new link to confirm your email address.',
    action: 'Verify email address',
    outro: 'If you did not create an account, you can ignore this email.',
  },
  CustomMessage_ForgotPassword: {
    mode: 'resetPassword',
    subject: `Reset your ${BRAND} password`,
    intro: 'Someone asked to reset the password of your account.',
    action: 'Choose a new password',
    outro: 'If it was not you, you can ignore this email: your password stays as it is.',
  },
  CustomMessage_UpdateUserAttribute: {
    mode: 'verifyAndChangeEmail',
    subject: `Confirm your new email for ${BRAND}`,
    intro: 'Please confirm this new email address for your account. Your current address stays active until you do.',
    action: 'Confirm new email address',
    outro: 'If you did not ask for this change, you can ignore this email.',
  },
  CustomMessage_VerifyUserAttribute: {
    mode: 'verifyAndChangeEmail',
    subject: `Confirm your email for ${BRAND}`,
    intro: 'Please confirm this email address for your account.',
    action: 'Confirm email address',
    outro: 'If you did not ask for this, you can ignore this email.',
  },
};

/** The emails whose link also signs in: a new account's verification, first sent or sent again. */
const SIGN_IN_LINK_SOURCES: ReadonlySet<CustomMessageTriggerEvent['triggerSource']> = new Set([
  'CustomMessage_SignUp',
  'CustomMessage_ResendCode',
]);

/** The one-time sign-in token for the email, or null (another kind of email, or the table could not be written). */
async function signInTokenFor(event: CustomMessageTriggerEvent): Promise<string | null> {
  const uid = event.request.userAttributes.sub;
  if (!SIGN_IN_LINK_SOURCES.has(event.triggerSource) || !uid) return null;
  try {
    return await signInLinks.issue(uid);
  } catch (err) {
    // The email still verifies; the page then asks the user to log in, as before sign-in links.
    logger.error('sign-in link token not stored', { err });
    return null;
  }
}

export function buildMessage(
  event: CustomMessageTriggerEvent,
  origin: string,
  signInToken: string | null = null,
): { subject: string; html: string } | null {
  const t = templates[event.triggerSource];
  if (!t) return null;
  const email = event.request.userAttributes.email ?? '';
  const params = new URLSearchParams({ mode: t.mode, email });
  if (signInToken) params.set('token', signInToken);
  // The placeholder must stay literal: Cognito substitutes it after this handler returns.
  const link = `${origin}/auth?${params.toString()}&code=${event.request.codeParameter}`;
  const html = [
    `<p>${escapeHtml(t.intro)}</p>`,
    `<p><a href="${link}">${escapeHtml(t.action)}</a></p>`,
    `<p>${escapeHtml(t.outro)}</p>`,
    `<p>${escapeHtml(BRAND)}</p>`,
  ].join('\n');
  return { subject: t.subject, html };
}

async function customMessage(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  if (!templates[event.triggerSource]) return event;
  const message = buildMessage(event, process.env.APP_ORIGIN ?? 'http://localhost:8080', await signInTokenFor(event));
  if (message) {
    event.response.emailSubject = message.subject;
    event.response.emailMessage = message.html;
  }
  return event;
}

/**
 * A completed password reset ends every session the account had: the API refuses their ID tokens from now on and
 * their refresh tokens are revoked (Cognito itself keeps both alive). Both are tried; if either fails the reset answers
 * an error (the password is changed all the same), so nobody is told their other sessions ended when one did not.
 */
async function passwordChanged(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  const uid = event.request.userAttributes.sub;
  if (!uid) throw new Error('the confirmed user has no sub');
  const results = await Promise.allSettled([
    markSessionsEnded(uid, 'passwordChanged'),
    accountStatus.signOutEverywhere(event.userName, event.userPoolId),
  ]);
  const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed.length) {
    logger.error('password reset: the other sessions were not all ended', { uid, errors: failed.map((f) => f.reason) });
    throw new Error('The other sessions of this account could not all be ended.');
  }
  logger.info('password reset: every session ended', { uid });
  return event;
}

export type UserPoolTriggerEvent =
  | CustomMessageTriggerEvent
  | PostConfirmationTriggerEvent
  | DefineAuthChallengeTriggerEvent
  | CreateAuthChallengeTriggerEvent
  | VerifyAuthChallengeResponseTriggerEvent;

export async function handler(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent>;
export async function handler(event: DefineAuthChallengeTriggerEvent): Promise<DefineAuthChallengeTriggerEvent>;
export async function handler(event: CreateAuthChallengeTriggerEvent): Promise<CreateAuthChallengeTriggerEvent>;
export async function handler(
  event: VerifyAuthChallengeResponseTriggerEvent,
): Promise<VerifyAuthChallengeResponseTriggerEvent>;
export async function handler(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent>;
export async function handler(event: UserPoolTriggerEvent): Promise<UserPoolTriggerEvent> {
  switch (event.triggerSource) {
    case 'DefineAuthChallenge_Authentication':
      return defineAuthChallenge(event);
    case 'CreateAuthChallenge_Authentication':
      return createAuthChallenge(event);
    case 'VerifyAuthChallengeResponse_Authentication':
      return verifyAuthChallengeResponse(event);
    case 'PostConfirmation_ConfirmForgotPassword':
      return passwordChanged(event);
    case 'PostConfirmation_ConfirmSignUp':
      return event;
    default:
      return customMessage(event);
  }
}
