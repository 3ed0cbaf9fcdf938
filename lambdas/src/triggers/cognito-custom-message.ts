import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { BRAND } from '@mapnest/shared/constants';

/**
 * Cognito CustomMessage trigger: every email Cognito sends carries a link into the app's /auth page
 * instead of a bare code. Cognito replaces the code placeholder once, so it appears exactly once.
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

export function buildMessage(
  event: CustomMessageTriggerEvent,
  origin: string,
): { subject: string; html: string } | null {
  const t = templates[event.triggerSource];
  if (!t) return null;
  const email = event.request.userAttributes.email ?? '';
  const params = new URLSearchParams({ mode: t.mode, email });
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

export const handler = async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  const message = buildMessage(event, process.env.APP_ORIGIN ?? 'http://localhost:8080');
  if (message) {
    event.response.emailSubject = message.subject;
    event.response.emailMessage = message.html;
  }
  return event;
};
