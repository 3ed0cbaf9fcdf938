import { Spinner } from '../../../components/Spinner';
import { SettingsRow } from '../SettingsRow';
import { InboxEntry } from './InboxEntry';
import type { TeamInbox } from './use-team-inbox';
import './team-inbox.css';

/** The inbox's unread count in words; nothing until it is known. */
export function unreadText(unread: number | null): string {
  if (unread === null) return '';
  return unread === 0 ? 'No unread messages.' : `${unread} unread in the inbox.`;
}

/**
 * The settings tab of the team's inbox (administrators only): every contact and custom-work request kept, all of them
 * or only those that need an answer, each marked read or answered from here. The inbox's state is the dialog's
 * (`useTeamInbox`), so the tab's unread count is known before the tab is opened.
 */
export function MessagesTab({ inbox }: { inbox: TeamInbox }) {
  const { list, error, loading, needsAnswer } = inbox;
  return (
    <div className="settings-section team-inbox">
      <SettingsRow
        label="Messages"
        admin
        description="What visitors sent with the contact and custom-work forms, newest first, including those the team was not emailed about."
      />
      <div className="team-inbox__bar">
        <div className="team-inbox__filter" role="group" aria-label="Show">
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            aria-pressed={!needsAnswer}
            onClick={() => inbox.showNeedsAnswer(false)}
          >
            All messages
          </button>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            aria-pressed={needsAnswer}
            onClick={() => inbox.showNeedsAnswer(true)}
          >
            Needs an answer
          </button>
        </div>
        <p className="team-inbox__unread" aria-live="polite">
          {unreadText(inbox.unread)}
        </p>
      </div>
      {list && list.requests.length === 0 && (
        <p className="team-inbox__empty">{needsAnswer ? 'Every message has been answered.' : 'No messages yet.'}</p>
      )}
      {list && list.requests.length > 0 && (
        <ol
          className="team-inbox__list"
          aria-label={needsAnswer ? 'Messages that need an answer, newest first' : 'Messages, newest first'}
        >
          {list.requests.map((entry) => (
            <InboxEntry
              key={entry.id}
              entry={entry}
              marking={inbox.marking.has(entry.id)}
              markError={inbox.markError?.id === entry.id ? inbox.markError.message : null}
              onMark={(change) => inbox.mark(entry, change)}
            />
          ))}
        </ol>
      )}
      {error && (
        <div className="alert alert--error" role="alert">
          <p className="alert__text">
            {list ? 'Could not load older messages.' : 'Could not load the messages.'} {error}
          </p>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => inbox.load(list?.more ?? undefined)}
          >
            Try again
          </button>
        </div>
      )}
      {loading && <Spinner size="sm" label="Loading messages" />}
      {!loading && !error && list?.more && (
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => inbox.load(list.more!)}>
          Show older messages
        </button>
      )}
    </div>
  );
}
