/**
 * The team's inbox (administrators, settings → Messages): every contact and custom-work request kept, newest first,
 * with whether the team was emailed about it, so a request held back by the per-address limit or whose email
 * failed is still read (domain/contact.ts keeps them); each marked read or answered, with who marked it and when
 * (ADR 062).
 */
import {
  CONTACT_PAGE_SIZE,
  CONTACT_REQUEST_GONE,
  type ContactInboxEntry,
  type ContactInboxPage,
} from '@mapnest/shared/contact';
import { CallError } from '@mapnest/shared/errors';
import { contactInbox } from '../../adapters/contact-inbox';
import type { Identity } from '../../lib/identity';

/**
 * One page of the inbox, older than `before` (the `more` of the previous page) when given, only the requests not
 * marked answered when `needsAnswer`; with the count of the whole inbox's unread requests.
 */
export async function listContactRequests(
  input: { before?: string | undefined; needsAnswer?: boolean | undefined },
  now = new Date(),
): Promise<ContactInboxPage> {
  const [page, unread] = await Promise.all([
    contactInbox.list(CONTACT_PAGE_SIZE, input, now),
    contactInbox.unreadCount(now),
  ]);
  return { ...page, unread };
}

/**
 * Marks a request read or unread, answered or not, as the administrator `by`, and answers it as now stored. Marking it
 * answered marks it read as well, unless `read` says otherwise: whoever answered it has read it. A request the inbox
 * no longer holds is refused (not-found), and nothing is written.
 */
export async function markContactRequest(
  by: Identity,
  input: { id: string; read?: boolean | undefined; answered?: boolean | undefined },
  now = new Date(),
): Promise<ContactInboxEntry> {
  const read = input.read ?? (input.answered === true ? true : undefined);
  const marked = await contactInbox.mark(
    input.id,
    { read, answered: input.answered },
    { by: by.email, uid: by.uid, at: now.toISOString() },
    now,
  );
  if (!marked) throw new CallError('not-found', CONTACT_REQUEST_GONE);
  return marked;
}
