/**
 * Contact and custom-work requests: kept in the table (so nothing is lost if email fails) and sent to the
 * team's inbox. The sender gets no automatic email, so the form cannot be used to send mail to strangers.
 */
import { createHash, randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { BRAND } from '@mapnest/shared/constants';
import {
  BUDGETS, CONTACT_LIMITS, CONTACT_RATE_LIMITED, CONTACT_TOPICS, DEADLINES, PROJECT_TYPES, type SubmitContactInput,
} from '@mapnest/shared/contact';
import { CallError } from '@mapnest/shared/errors';
import { isConditionalCheckFailed } from '../adapters/aws-errors';
import { keys, TTL_ATTRIBUTE } from '@mapnest/shared/keys';
import { dynamo } from '../lib/clients';
import { config } from '../lib/config';
import { escapeHtml, sendMail } from '../adapters/mailer';
import { logger } from '../lib/logger';

const KEEP_DAYS = 365;

function lines(input: SubmitContactInput): Array<[string, string]> {
  const common: Array<[string, string]> = [['Name', input.name], ['Email', input.email]];
  if (input.kind === 'contact') return [...common, ['Topic', CONTACT_TOPICS[input.topic]], ['Message', input.message]];
  return [
    ...common, ['Company', input.company || '-'], ['Project', PROJECT_TYPES[input.projectType]], ['Maps', String(input.mapCount)],
    ['Deadline', DEADLINES[input.deadline]], ['Budget', BUDGETS[input.budget]], ['Message', input.message],
  ];
}

const HOUR_S = 3600;

/**
 * Counts one request against a limit in the current hour: an atomic ADD on a counter item that refuses to pass
 * `max` (so parallel requests cannot overshoot) and expires with its hour. The key holds a hash, not the address.
 */
async function countRequest(kind: 'email' | 'ip', value: string, max: number, now: Date): Promise<boolean> {
  const hour = Math.floor(now.getTime() / 1000 / HOUR_S) * HOUR_S;
  const digest = createHash('sha256').update(value).digest('hex').slice(0, 32);
  try {
    await dynamo.send(new UpdateCommand({
      TableName: config.tableName,
      Key: { pk: `RATE#contact-${kind}#${digest}`, sk: `HOUR#${hour}` },
      UpdateExpression: 'ADD #n :one SET #t = :t, #exp = :exp',
      ConditionExpression: 'attribute_not_exists(#n) OR #n < :max',
      ExpressionAttributeNames: { '#n': 'count', '#t': 'type', '#exp': TTL_ATTRIBUTE },
      ExpressionAttributeValues: { ':one': 1, ':max': max, ':t': 'rate-limit', ':exp': hour + 2 * HOUR_S },
    }));
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

export async function submitContact(input: SubmitContactInput, sender: { uid: string | null; sourceIp: string }): Promise<{ id: string }> {
  const id = randomUUID();
  const received = new Date();
  // A filled honeypot is a bot: answered like a person, but nothing is stored or sent.
  if (input.website) {
    logger.info('contact request dropped: honeypot filled', { id });
    return { id };
  }
  const withinClient = !sender.sourceIp || (await countRequest('ip', sender.sourceIp, CONTACT_LIMITS.perClientPerHour, received));
  const withinSender = withinClient && (await countRequest('email', input.email.trim().toLowerCase(), CONTACT_LIMITS.perEmailPerHour, received));
  if (!withinClient || !withinSender) {
    logger.warn('contact request refused: rate limit', { id, by: withinClient ? 'email' : 'client' });
    throw new CallError('resource-exhausted', CONTACT_RATE_LIMITED);
  }
  const { website: _honeypot, ...request } = input;
  await dynamo.send(new PutCommand({
    TableName: config.tableName,
    Item: {
      ...keys.contactRequest(id), type: 'contact', id, received: received.toISOString(), uid: sender.uid, sourceIp: sender.sourceIp, request,
      [TTL_ATTRIBUTE]: Math.floor(received.getTime() / 1000) + KEEP_DAYS * 86_400,
    },
  }));
  const rows = lines(input);
  const subject = `${input.kind === 'contact' ? 'Contact' : 'Custom work'}: ${input.name} <${input.email}>`;
  try {
    await sendMail({
      to: [process.env.SUPPORT_EMAIL ?? 'support@mapnest.local'],
      replyTo: input.email,
      subject: `[${BRAND}] ${subject}`,
      text: rows.map(([k, v]) => `${k}: ${v}`).join('\n'),
      html: `<table>${rows.map(([k, v]) => `<tr><th align="left" valign="top">${escapeHtml(k)}</th><td style="white-space:pre-wrap">${escapeHtml(v)}</td></tr>`).join('')}</table>`,
    });
  } catch (error) {
    // The request is stored; the team sees it in the table even when the notification fails.
    logger.error('contact notification email failed', { id, error });
  }
  return { id };
}
