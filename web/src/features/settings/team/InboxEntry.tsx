import { useId, useState } from 'react';
import {
  BUDGETS,
  CONTACT_TOPICS,
  DEADLINES,
  PROJECT_TYPES,
  type ContactDelivery,
  type ContactInboxEntry,
  type ContactMark,
} from '@mapnest/shared/contact';
import { BRAND } from '@mapnest/shared/constants';
import type { InboxMarkChange } from './use-team-inbox';
import { UI_LOCALE } from '../../../lib/words';

/** How the team heard of a request, as the inbox says it. */
export const DELIVERY_TEXT: Record<ContactDelivery, string> = {
  sent: 'Emailed to the team',
  held: 'Not emailed: several messages from this address within the hour',
  failed: 'Not emailed: the email to the team failed',
  pending: 'Not known whether the team was emailed',
};

const when = (iso: string) => new Date(iso).toLocaleString(UI_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });

/** The details a request's kind carries, as label and value. */
function details(request: ContactInboxEntry['request']): Array<[string, string]> {
  if (request.kind === 'contact') return [['Topic', CONTACT_TOPICS[request.topic] ?? request.topic]];
  return [
    ['Company', request.company || '-'],
    ['Project', PROJECT_TYPES[request.projectType] ?? request.projectType],
    ['Maps', String(request.mapCount)],
    ['Deadline', DEADLINES[request.deadline] ?? request.deadline],
    ['Budget', BUDGETS[request.budget] ?? request.budget],
  ];
}

/** "Answered by ann@example.com, 29 Nov 2026, 10:02": who marked it and when. */
function markText(label: string, mark: ContactMark) {
  return `${label} by ${mark.by}, ${when(mark.at)}`;
}

export interface InboxEntryProps {
  entry: ContactInboxEntry;
  marking: boolean;
  /** Why this request's last mark failed, if it did. */
  markError: string | null;
  onMark: (change: InboxMarkChange) => void;
}

/**
 * One request in the team's inbox: unread ones say "Unread" in words (and stand out in weight and border, not by
 * colour alone), marks say who made them and when, and following the reply link offers to mark it answered.
 */
export function InboxEntry({ entry, marking, markError, onMark }: InboxEntryProps) {
  const { request } = entry;
  const nameId = useId();
  const [replied, setReplied] = useState(false);
  const kind = request.kind === 'contact' ? 'Contact' : 'Custom work';
  const rows: Array<[string, string]> = [
    ['Form', kind],
    ...details(request),
    ...(entry.uid ? [['Account', entry.uid] as [string, string]] : []),
  ];
  const reply = `mailto:${encodeURIComponent(request.email)}?subject=${encodeURIComponent(`Re: your message to ${BRAND}`)}`;
  const state = entry.read ? 'read' : 'unread';
  return (
    <li className={`team-inbox__entry team-inbox__entry--${entry.delivery} team-inbox__entry--${state}`}>
      <div className="team-inbox__head">
        {entry.priority && (
          <span className="team-inbox__badge team-inbox__badge--priority">Priority: Professional customer</span>
        )}
        {!entry.read && <span className="team-inbox__badge">Unread</span>}
        {entry.answered && <span className="team-inbox__badge team-inbox__badge--answered">Answered</span>}
        <strong id={nameId} className="team-inbox__name">
          {request.name}
        </strong>{' '}
        <a className="team-inbox__email" href={reply} onClick={() => setReplied(true)}>
          {request.email}
        </a>
        <time className="team-inbox__time" dateTime={entry.received}>
          {when(entry.received)}
        </time>
      </div>
      <dl className="team-inbox__details">
        {rows.map(([label, value]) => (
          <div key={label} className="team-inbox__detail">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="team-inbox__message">{request.message}</p>
      <p className={`team-inbox__delivery team-inbox__delivery--${entry.delivery}`}>{DELIVERY_TEXT[entry.delivery]}</p>
      {(entry.read || entry.answered) && (
        <p className="team-inbox__marks">
          {[entry.read && markText('Read', entry.read), entry.answered && markText('Answered', entry.answered)]
            .filter(Boolean)
            .join('. ')}
        </p>
      )}
      <MarkActions entry={entry} replied={replied} marking={marking} labelledBy={nameId} onMark={onMark} />
      {markError && (
        <div className="alert alert--error team-inbox__mark-error" role="alert">
          <p className="alert__text">Could not mark this message. {markError}</p>
        </div>
      )}
    </li>
  );
}

/**
 * The marks an administrator can change. Once the reply link was followed and the request is not answered, "Mark
 * answered" comes with a line that says why (the reply went by email, which the inbox cannot see).
 */
function MarkActions({
  entry,
  replied,
  marking,
  labelledBy,
  onMark,
}: Omit<InboxEntryProps, 'markError'> & { replied: boolean; labelledBy: string }) {
  return (
    <>
      {replied && !entry.answered && (
        <p className="team-inbox__offer">
          Replied by email? Mark it answered so the team knows.{' '}
          <button
            type="button"
            className="btn btn--primary btn--sm"
            disabled={marking}
            onClick={() => onMark({ answered: true })}
          >
            Mark answered
          </button>
        </p>
      )}
      <div className="team-inbox__actions" role="group" aria-labelledby={labelledBy}>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          disabled={marking}
          onClick={() => onMark({ read: !entry.read })}
        >
          {entry.read ? 'Mark unread' : 'Mark read'}
        </button>
        {(entry.answered || !replied) && (
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={marking}
            onClick={() => onMark({ answered: !entry.answered })}
          >
            {entry.answered ? 'Mark not answered' : 'Mark answered'}
          </button>
        )}
      </div>
    </>
  );
}
