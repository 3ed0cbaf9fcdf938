import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { sameEmail, USER_MATCHES_SHOWN, type UserMatch } from '@mapnest/shared/accounts';
import { MESSAGES } from '@mapnest/shared/errors';
import { call } from '../../lib/api';
import { storedViewAs, storedViewAsLabel, switchViewAs } from '../auth/view-as';

export const NO_SUCH_USER = MESSAGES.noSuchUser;

const findUsers = (query: string) => call('findUsers', { query });

/** Views the app as this user (or stops viewing), from their maps list. */
export function viewAsUser(user: UserMatch | null): void {
  switchViewAs(user?.uid ?? '', user?.email ?? null);
}

/**
 * The search behind 'View as user': matches as the administrator types (quietly), and on submit the exact match
 * (or the only one) is viewed at once, else the matches are listed or the user is told why nothing happens.
 * Only the latest search speaks: typing or pressing View starts a new one, and an older search's answer, arriving
 * later, is dropped (a lookup as one typed used to clear the View button's "no such user" when its answer came
 * second); pressing View also cancels the lookup still waiting for the pause after typing.
 */
function useViewAsSearch() {
  const [query, setQuery] = useState('');
  const [matches, setMatches] = useState<UserMatch[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The latest search's number; an answer to an older one is dropped. */
  const latest = useRef(0);
  const pendingLookup = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) return;
    const search = latest.current;
    let live = true;
    const timer = setTimeout(() => {
      pendingLookup.current = undefined;
      findUsers(q).then(
        (found) => {
          if (!live || search !== latest.current) return;
          setMatches(found);
          setError(null);
        },
        () => undefined, // searching as one types stays quiet; submitting reports errors
      );
    }, 250);
    pendingLookup.current = timer;
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (q.length < 2) {
      setError('Type an email address or a user id.');
      return;
    }
    clearTimeout(pendingLookup.current);
    const search = ++latest.current;
    setBusy(true);
    try {
      const found = await findUsers(q);
      if (search !== latest.current) return;
      const exact =
        found.find((u) => u.uid.toLowerCase() === q.toLowerCase() || sameEmail(u.email, q)) ??
        (found.length === 1 ? found[0] : undefined);
      if (exact) {
        viewAsUser(exact);
        return;
      }
      setMatches(found);
      setError(found.length === 0 ? NO_SUCH_USER : 'Several users match: choose one.');
    } catch (err) {
      if (search !== latest.current) return;
      console.error('View as user: search failed', err);
      setError(MESSAGES.unknownError);
    } finally {
      setBusy(false);
    }
  };

  const changeQuery = (next: string) => {
    latest.current++;
    setQuery(next);
    setError(null);
  };
  return { query, changeQuery, matches, error, busy, submit };
}

/**
 * 'View as user' (administrators): an email address, the start of one, or a user id, searched on the server
 * (findUsers) as the administrator types; an exact match (or the only one) is viewed at once, an unknown user is
 * refused with a message.
 */
export function ViewAsField() {
  const id = useId();
  const current = storedViewAs();
  const { query, changeQuery, matches, error, busy, submit } = useViewAsSearch();

  const shown = query.trim().length >= 2 ? matches : null;
  return (
    <form className="view-as" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={id} className="field__label">
        View as user
      </label>
      <p id={`${id}-desc`} className="field__hint">
        Administrators only: see the app as this user sees it. An email address or a name (or their start), or a user
        id.
      </p>
      <div className="view-as__row">
        <input
          id={id}
          className="input"
          type="search"
          value={query}
          placeholder="Email address, name or user id"
          autoComplete="off"
          maxLength={254}
          aria-describedby={`${id}-desc${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(e) => changeQuery(e.target.value)}
        />
        <button type="submit" className="btn btn--primary btn--sm" disabled={busy}>
          View
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
      {shown && shown.length > 0 && <MatchingUsers users={shown} />}
      {current && (
        <p className="view-as__current">
          Viewing as <strong>{storedViewAsLabel()}</strong>.{' '}
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => viewAsUser(null)}>
            Stop viewing
          </button>
        </p>
      )}
    </form>
  );
}

/** The users matching the search (the first 10, and a word when more match); choosing one views the app as them. */
function MatchingUsers({ users }: { users: readonly UserMatch[] }) {
  return (
    <>
      <ul className="view-as__matches" aria-label="Matching users">
        {users.slice(0, USER_MATCHES_SHOWN).map((u) => (
          <li key={u.uid}>
            <button type="button" className="view-as__match" onClick={() => viewAsUser(u)}>
              <span className="view-as__email">{u.email ?? u.uid}</span>
              {u.name && <span className="view-as__name">{u.name}</span>}
            </button>
          </li>
        ))}
      </ul>
      {users.length > USER_MATCHES_SHOWN && (
        <p className="field__hint">More users match: type more of the address or name.</p>
      )}
    </>
  );
}
