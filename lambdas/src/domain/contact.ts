/**
 * Contact and custom-work requests: kept in the table (so nothing is lost if email fails) and sent to the
 * team's inbox. The sender gets no automatic email, so the form cannot be used to send mail to strangers.
 * Sent signed in (`submitSupportRequest`), a request names the account, and a Professional customer's is priority
 * support, as the plans promise: marked so in the team's email and inbox.
 */
import { randomUUID } from 'node:crypto';
import { BRAND } from '@mapnest/shared/constants';
import {
  BUDGETS,
  CONTACT_LIMITS,
  contactRateLimited,
  CONTACT_TOPICS,
  DEADLINES,
  PROJECT_TYPES,
  type ContactDelivery,
  type SubmitContactInput,
} from '@mapnest/shared/contact';
import { CallError } from '@mapnest/shared/errors';
import { contactRequests } from '../adapters/contact-requests';
import { readSlots } from '../adapters/maps/slot-table';
import { escapeHtml, sendMail } from '../adapters/mailer';
import { logger } from '../lib/logger';

function lines(input: SubmitContactInput): Array<[string, string]> {
  const common: Array<[string, string]> = [
    ['Name', input.name],
    ['Email', input.email],
  ];
  if (input.kind === 'contact') return [...common, ['Topic', CONTACT_TOPICS[input.topic]], ['Message', input.message]];
  return [
    ...common,
    ['Company', input.company || '-'],
    ['Project', PROJECT_TYPES[input.projectType]],
    ['Maps', String(input.mapCount)],
    ['Deadline', DEADLINES[input.deadline]],
    ['Budget', BUDGETS[input.budget]],
    ['Message', input.message],
  ];
}

const HOUR_MS = 3_600_000;

export async function submitContact(
  input: SubmitContactInput,
  sender: { uid: string | null; sourceIp: string },
): Promise<{ id: string }> {
  const id = randomUUID();
  const received = new Date();
  // A filled honeypot is a bot: answered like a person, but nothing is stored or sent.
  if (input.website) {
    logger.info('contact request dropped: honeypot filled', { id });
    return { id };
  }
  // Signed in, the account is the sender's throttle: a network others share (an office, a venue, a phone carrier)
  // never stops a customer, however many visitors on it used the open form. Signed out, the client's address is. The
  // address typed in the form is neither: anyone can type anyone's address, and refusing it would let a stranger lock
  // its owner out of the form.
  const within = sender.uid
    ? await contactRequests.count('account', sender.uid, CONTACT_LIMITS.perAccountPerHour, received)
    : !sender.sourceIp ||
      (await contactRequests.count('ip', sender.sourceIp, CONTACT_LIMITS.perClientPerHour, received));
  if (!within) {
    // The count is per clock hour (contactRequests.count), so the sender may send again when the next one starts.
    const retryAfterMs = HOUR_MS - (received.getTime() % HOUR_MS);
    const by = sender.uid ? 'account' : 'client';
    logger.warn('contact request refused: rate limit', { id, by, retryAfterSeconds: retryAfterMs / 1000 });
    const message = contactRateLimited(retryAfterMs, {
      byAccount: !!sender.uid,
      supportEmail: process.env.SUPPORT_EMAIL || undefined,
    });
    throw new CallError('resource-exhausted', message, undefined, { retryAfterMs });
  }
  const { website: _honeypot, ...request } = input;
  // A Professional plan (subscribed or granted) is what the plans call priority support.
  const priority = sender.uid ? (await readSlots(sender.uid)).proCapacity > 0 : false;
  // The client's address only counts against its limit above: it is not kept with the request.
  await contactRequests.store(id, received, { uid: sender.uid, priority, request });
  // Each request emails the team with the address as its reply-to; past a few an hour for one address (from
  // however many clients) the team's inbox gets no more of them, but the requests are kept like any other and read
  // in the team's inbox in settings. The sender is answered as for any request: saying otherwise would tell whoever
  // types an address that its owner has written to us lately.
  const withinAddress = await contactRequests.count(
    'email',
    input.email.trim().toLowerCase(),
    CONTACT_LIMITS.perEmailPerHour,
    received,
  );
  if (!withinAddress) {
    logger.warn('contact request stored without email: several this hour for the address', { id });
    await recordDelivery(id, 'held');
    return { id };
  }
  const rows = lines(input);
  if (sender.uid) rows.push(['Account', `${sender.uid}${priority ? ' (Professional plan: priority support)' : ''}`]);
  const subject = `${priority ? 'Priority support · ' : ''}${input.kind === 'contact' ? 'Contact' : 'Custom work'}: ${input.name} <${input.email}>`;
  try {
    await sendMail({
      to: [process.env.SUPPORT_EMAIL ?? 'support@mapnest.local'],
      replyTo: input.email,
      subject: `[${BRAND}] ${subject}`,
      text: rows.map(([k, v]) => `${k}: ${v}`).join('\n'),
      html: `<table>${rows.map(([k, v]) => `<tr><th align="left" valign="top">${escapeHtml(k)}</th><td style="white-space:pre-wrap">${escapeHtml(v)}</td></tr>`).join('')}</table>`,
    });
  } catch (error) {
    // The request is stored; the team sees it in its inbox (settings, Messages) even when the notification fails.
    logger.error('contact notification email failed', { id, error });
    await recordDelivery(id, 'failed');
    return { id };
  }
  await recordDelivery(id, 'sent');
  return { id };
}

/**
 * Notes in the stored request whether the team was emailed. The sender's request is kept either way: a failure here
 * leaves it 'pending' in the team's inbox, which says the outcome is unknown, and is only logged.
 */
async function recordDelivery(id: string, delivery: ContactDelivery): Promise<void> {
  try {
    await contactRequests.setDelivery(id, delivery);
  } catch (error) {
    logger.error('contact request delivery not recorded', { id, delivery, error });
  }
}
