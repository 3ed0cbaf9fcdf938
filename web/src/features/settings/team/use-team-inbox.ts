import { useCallback, useEffect, useRef, useState } from 'react';
import type { ContactInboxEntry } from '@mapnest/shared/contact';
import { call } from '../../../lib/api';
import { describeError } from '../../maps/map-errors';

/** What an administrator changes on a request: `true` marks, `false` unmarks. */
export type InboxMarkChange = { read?: boolean; answered?: boolean };

export interface TeamInbox {
  /** The requests loaded, newest first, and the `before` of the next page; null until the first page comes. */
  list: { requests: ContactInboxEntry[]; more: string | null } | null;
  /** Unread requests in the whole inbox (not only those loaded); null until known. */
  unread: number | null;
  /** Only the requests nobody has marked answered. */
  needsAnswer: boolean;
  error: string | null;
  loading: boolean;
  /** Ids of the requests whose mark is on its way. */
  marking: ReadonlySet<string>;
  /** The last mark that failed: which request, and why. */
  markError: { id: string; message: string } | null;
  /** Loads the page older than `before`, or the first page again without it. */
  load: (before?: string) => void;
  showNeedsAnswer: (needsAnswer: boolean) => void;
  mark: (entry: ContactInboxEntry, change: InboxMarkChange) => void;
}

const unreadDelta = (was: ContactInboxEntry, now: ContactInboxEntry) => (now.read ? 0 : 1) - (was.read ? 0 : 1);

/**
 * The team's inbox as settings shows it (administrators only): the first page is asked for each time `active`
 * becomes true (the dialog opening), so the Messages tab's unread count is there before the tab is opened. A page
 * asked for before the filter changed is dropped when it comes. A mark replaces its request with what the server
 * stored (other administrators' marks included) and moves the unread count by what it changed.
 */
export function useTeamInbox(active: boolean): TeamInbox {
  const [list, setList] = useState<TeamInbox['list']>(null);
  const [unread, setUnread] = useState<number | null>(null);
  const [needsAnswer, setNeedsAnswer] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  // The filter the dialog's next opening asks with (set by its handler, read by the effect).
  const filter = useRef(false);

  // Each opening shows the first page afresh: what it showed when last open may be old.
  const [opened, setOpened] = useState(false);
  if (active !== opened) {
    setOpened(active);
    if (active) {
      setList(null);
      setError(null);
      setLoading(true);
    }
  }

  const fetchPage = usePageLoader({ setList, setUnread, setError, setLoading });

  useEffect(() => (active ? fetchPage(filter.current) : undefined), [active, fetchPage]);

  const ask = (needing: boolean, before?: string) => {
    setLoading(true);
    setError(null);
    fetchPage(needing, before);
  };

  const showNeedsAnswer = (needing: boolean) => {
    filter.current = needing;
    setNeedsAnswer(needing);
    setList(null);
    ask(needing);
  };

  const { marking, markError, mark } = useMarks((was, stored) => {
    setUnread((n) => (n === null ? n : Math.max(0, n + unreadDelta(was, stored))));
    setList((shown) => shown && { ...shown, requests: shown.requests.map((r) => (r.id === stored.id ? stored : r)) });
  });

  return {
    list,
    unread,
    needsAnswer,
    error,
    loading,
    marking,
    markError,
    load: (before) => ask(needsAnswer, before),
    showNeedsAnswer,
    mark,
  };
}

/**
 * Asks for a page (`needing`: only those that need an answer; `before`: older than it, added to those shown); its
 * answer is shown unless another was asked for since. Answers a cancel, for effects.
 */
function usePageLoader(set: {
  setList: (update: (shown: TeamInbox['list']) => TeamInbox['list']) => void;
  setUnread: (unread: number) => void;
  setError: (error: string) => void;
  setLoading: (loading: boolean) => void;
}) {
  // The latest page asked for: answers to earlier ones (another filter, a closed dialog) are not shown.
  const asked = useRef(0);
  const { setList, setUnread, setError, setLoading } = set;
  return useCallback(
    (needing: boolean, before?: string) => {
      const ask = ++asked.current;
      call('listContactRequests', { ...(before ? { before } : {}), ...(needing ? { needsAnswer: true } : {}) }).then(
        (page) => {
          if (ask !== asked.current) return;
          setList((shown) => ({
            requests: before && shown ? [...shown.requests, ...page.requests] : page.requests,
            more: page.more,
          }));
          setUnread(page.unread);
          setLoading(false);
        },
        (err: unknown) => {
          if (ask !== asked.current) return;
          setError(describeError(err));
          setLoading(false);
        },
      );
      return () => {
        if (ask === asked.current) asked.current++;
      };
    },
    [setList, setUnread, setError, setLoading],
  );
}

/**
 * Marks requests one call each, with which are on their way and the last that failed; `onStored` gets the request as
 * it was shown (its buttons wait while a mark is on its way, so it is still what was shown) and as the server stored it.
 */
function useMarks(onStored: (was: ContactInboxEntry, stored: ContactInboxEntry) => void) {
  const [marking, setMarking] = useState<ReadonlySet<string>>(new Set());
  const [markError, setMarkError] = useState<TeamInbox['markError']>(null);
  const mark = (entry: ContactInboxEntry, change: InboxMarkChange) => {
    setMarking((ids) => new Set(ids).add(entry.id));
    setMarkError(null);
    const done = () =>
      setMarking((ids) => {
        const left = new Set(ids);
        left.delete(entry.id);
        return left;
      });
    call('markContactRequest', { id: entry.id, ...change }).then(
      (stored) => {
        done();
        onStored(entry, stored);
      },
      (err: unknown) => {
        done();
        setMarkError({ id: entry.id, message: describeError(err) });
      },
    );
  };
  return { marking, markError, mark };
}
