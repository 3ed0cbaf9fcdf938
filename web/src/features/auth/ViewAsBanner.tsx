import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { sessionAtom } from '../../state/session';
import { call } from '../../lib/api';
import { storedViewAsLabel, switchViewAs } from './view-as';

const stopViewing = () => switchViewAs('');

/**
 * While an administrator views the app as another user: who, and a way out, on every page. A stored id that
 * names no user (deleted since, or mistyped before the search existed) says so instead of showing an empty account.
 */
export function ViewAsBanner() {
  const { isUserSimulated, userId } = useAtomValue(sessionAtom);
  const [unknown, setUnknown] = useState(false);

  useEffect(() => {
    if (!isUserSimulated || !userId) return;
    let live = true;
    call('findUsers', { query: userId }).then(
      (found) =>
        live && setUnknown(!found.some((u) => u.uid === userId || u.email?.toLowerCase() === userId.toLowerCase())),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [isUserSimulated, userId]);

  if (!isUserSimulated) return null;
  const who = <strong>{storedViewAsLabel()}</strong>;
  return (
    <div className={`view-as-banner${unknown ? ' view-as-banner--unknown' : ''}`} role="status">
      {/* The sentence, whole: shown where it fits in two lines, else read (by screen readers) but not shown. */}
      <span className="admin-banner__full">
        {unknown ? (
          <>There is no user {who}: nothing can be shown as them.</>
        ) : (
          <>Viewing as {who}: what you change in their maps is changed for real.</>
        )}
      </span>
      {/* A phone's two lines: whom, across the banner; then what it means, beside the way out. */}
      <span className="admin-banner__short admin-banner__who" aria-hidden="true">
        {unknown ? 'No user ' : 'Viewing as '}
        {who}
      </span>
      <span className="admin-banner__short" aria-hidden="true">
        {unknown ? 'Nothing can be shown as them.' : 'What you change is real.'}
      </span>
      <button type="button" className="view-as-banner__exit" onClick={stopViewing}>
        Stop viewing
      </button>
    </div>
  );
}
