/**
 * Sends the product's own emails (not Cognito's): through Amazon SES in AWS, and into the dev mailbox of
 * the local stack when DEV_MAILBOX_URL is set.
 */
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

let ses: SESv2Client | undefined;

export async function sendMail(mail: Mail): Promise<void> {
  const devMailbox = process.env.DEV_MAILBOX_URL;
  if (devMailbox) {
    for (const to of mail.to) {
      const res = await fetch(devMailbox, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to, subject: mail.subject, html: mail.html, text: mail.text }),
      });
      if (!res.ok) throw new Error(`dev mailbox answered ${res.status}`);
    }
    return;
  }
  const from = process.env.MAIL_FROM;
  if (!from) throw new Error('MAIL_FROM is not set');
  ses ??= new SESv2Client({});
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: mail.to },
      ReplyToAddresses: mail.replyTo ? [mail.replyTo] : undefined,
      Content: {
        Simple: { Subject: { Data: mail.subject }, Body: { Text: { Data: mail.text }, Html: { Data: mail.html } } },
      },
    }),
  );
}

/** Escapes text for an HTML email body. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
