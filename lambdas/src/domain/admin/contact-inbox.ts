/**
 * The team's inbox (administrators, settings → Messages): every contact and custom-work request kept, newest first,
 * with whether the team was emailed about it, so a request held back by the per-address limit or whose email
 * failed is still read (domain/contact.ts keeps them).
 */
import { CONTACT_PAGE_SIZE, type ContactInboxPage } from '@mapnest/shared/contact';
import { contactRequests } from '../../adapters/contact-requests';

/** One page of the inbox, older than `before` (the `more` of the previous page) when given. */
export function listContactRequests(
  input: { before?: string | undefined },
  now = new Date(),
): Promise<ContactInboxPage> {
  return contactRequests.list(CONTACT_PAGE_SIZE, input.before, now);
}
