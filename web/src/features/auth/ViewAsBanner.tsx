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
  return (
    <div className={`view-as-banner${unknown ? ' view-as-banner--unknown' : ''}`} role="status">
      <span>
        {unknown ? (
          <>
            There is no user <strong>{storedViewAsLabel()}</strong>: nothing can be shown as them.
          </>
        ) : (
          <>
            Viewing as <strong>{storedViewAsLabel()}</strong>: what you change in their maps is changed for real.
          </>
        )}
      </span>
      <button type="button" className="view-as-banner__exit" onClick={stopViewing}>
        Stop viewing
      </button>
    </div>
  );
}
