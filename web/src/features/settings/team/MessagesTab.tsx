import { useCallback, useEffect, useRef, useState } from 'react';
import {
  BUDGETS,
  CONTACT_TOPICS,
  DEADLINES,
  PROJECT_TYPES,
  type ContactDelivery,
  type ContactInboxEntry,
} from '@mapnest/shared/contact';
import { BRAND } from '@mapnest/shared/constants';
import { Spinner } from '../../../components/Spinner';
import { call } from '../../../lib/api';
import { describeError } from '../../maps/map-errors';
import { SettingsRow } from '../SettingsRow';
import './team-inbox.css';

/** How the team heard of a request, as the inbox says it. */
export const DELIVERY_TEXT: Record<ContactDelivery, string> = {
  sent: 'Emailed to the team',
  held: 'Not emailed: several messages from this address within the hour',
  failed: 'Not emailed: the email to the team failed',
  pending: 'Not known whether the team was emailed',
};

type Inbox = { requests: ContactInboxEntry[]; more: string | null };

/**
 * The inbox's pages as loaded: the first on opening, older ones on "Show older messages". A failed load says so with
 * Try again and keeps what was shown.
 */
function useInbox() {
  const [inbox, setInbox] = useState<Inbox | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const live = useRef(true);

  /** Asks for the page older than `before` (the newest without) and shows its outcome while the tab is open. */
  const fetchPage = useCallback((before?: string) => {
    call('listContactRequests', before ? { before } : {}).then(
      (page) => {
        if (!live.current) return;
        setInbox((shown) => ({
          requests: before && shown ? [...shown.requests, ...page.requests] : page.requests,
          more: page.more,
        }));
        setLoading(false);
      },
      (err: unknown) => {
        if (!live.current) return;
        setError(describeError(err));
        setLoading(false);
      },
    );
  }, []);

  useEffect(() => {
    live.current = true;
    fetchPage();
    return () => {
      live.current = false;
    };
  }, [fetchPage]);

  const load = (before?: string) => {
    setLoading(true);
    setError(null);
    fetchPage(before);
  };
  return { inbox, error, loading, load };
}

/** The settings tab of the team's inbox (administrators only): every contact and custom-work request kept. */
export function MessagesTab() {
  const { inbox, error, loading, load } = useInbox();
  return (
    <div className="settings-section team-inbox">
      <SettingsRow
        label="Messages"
        admin
        description="What visitors sent with the contact and custom-work forms, newest first, including those the team was not emailed about."
      />
      {inbox && inbox.requests.length === 0 && <p className="team-inbox__empty">No messages yet.</p>}
      {inbox && inbox.requests.length > 0 && (
        <ol className="team-inbox__list" aria-label="Messages, newest first">
          {inbox.requests.map((entry) => (
            <InboxEntry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      {error && (
        <div className="alert alert--error" role="alert">
          <p className="alert__text">
            {inbox ? 'Could not load older messages.' : 'Could not load the messages.'} {error}
          </p>
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => load(inbox?.more ?? undefined)}>
            Try again
          </button>
        </div>
      )}
      {loading && <Spinner size="sm" label="Loading messages" />}
      {!loading && !error && inbox?.more && (
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => load(inbox.more!)}>
          Show older messages
        </button>
      )}
    </div>
  );
}

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

function InboxEntry({ entry }: { entry: ContactInboxEntry }) {
  const { request } = entry;
  const kind = request.kind === 'contact' ? 'Contact' : 'Custom work';
  const received = new Date(entry.received);
  const rows: Array<[string, string]> = [
    ['Form', kind],
    ...details(request),
    ...(entry.uid ? [['Account', entry.uid] as [string, string]] : []),
  ];
  const reply = `mailto:${encodeURIComponent(request.email)}?subject=${encodeURIComponent(`Re: your message to ${BRAND}`)}`;
  return (
    <li className={`team-inbox__entry team-inbox__entry--${entry.delivery}`}>
      <div className="team-inbox__head">
        <strong className="team-inbox__name">{request.name}</strong>{' '}
        <a className="team-inbox__email" href={reply}>
          {request.email}
        </a>
        <time className="team-inbox__time" dateTime={entry.received}>
          {received.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
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
    </li>
  );
}
