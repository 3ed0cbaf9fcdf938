import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { sameEmail, type UserMatch } from '@mapnest/shared/accounts';
import type { MapSummary } from '@mapnest/shared/maps';
import { call } from '../../lib/api';
import { sessionAtom, type Session } from '../../state/session';

type MapOwner = Pick<MapSummary, 'uid' | 'author'>;

/**
 * Whether the session is an administrator's in a map of someone else, not viewing the app as that person: their
 * saves change the owner's map (recorded in its history as an administrator's, ADR 064) and nothing else says so.
 * Viewing as the owner, the View-as banner says it already. `ownerEmail`, once known, also matches a view-as id
 * stored as the owner's address.
 */
export function editsAnothersMap(session: Session, map: MapOwner, ownerEmail: string | null = null): boolean {
  const { user, admin, isUserSimulated, userId } = session;
  if (!user || !admin || user.uid === map.uid) return false;
  const viewingOwner =
    isUserSimulated && (userId === map.uid || sameEmail(userId, map.author) || sameEmail(userId, ownerEmail));
  return !viewingOwner;
}

const REAL = 'as an administrator: what you change is changed for real.';

/** Whose map it is, in words: name and address when findUsers knows them, else the owner's user id. */
function Words({ uid, owner }: { uid: string; owner: UserMatch | null }) {
  if (owner?.name)
    return (
      <>
        You are editing <Owner label={owner.name} />
        ’s map{owner.email && ` (${owner.email})`} {REAL}
      </>
    );
  if (owner?.email)
    return (
      <>
        You are editing the map of <Owner label={owner.email} /> {REAL}
      </>
    );
  return (
    <>
      You are editing another user’s map (user id <strong>{uid}</strong>) {REAL}
    </>
  );
}

/** The same in a phone's two lines (whose map; that changes are real), for the eye: the sentence is read whole. */
function ShortWords({ uid, owner }: { uid: string; owner: UserMatch | null }) {
  const whose = owner?.name ? (
    <>
      Editing <Owner label={owner.name} />
      ’s map{owner.email && ` (${owner.email})`}
    </>
  ) : owner?.email ? (
    <>
      Editing the map of <Owner label={owner.email} />
    </>
  ) : (
    <>
      Editing the map of user <strong>{uid}</strong>
    </>
  );
  return (
    <>
      <span className="admin-banner__short admin-banner__who" aria-hidden="true">
        {whose}
      </span>
      <span className="admin-banner__short" aria-hidden="true">
        As an administrator: changes are real.
      </span>
    </>
  );
}

const Owner = ({ label }: { label: string }) => (
  <strong>
    <bdi>{label}</bdi>
  </strong>
);

/**
 * Over the editor, for an administrator in another user's map (`editsAnothersMap`): whose map it is and that what
 * they change is real. A polite status, not a dialog: the region is there from the start and its words arrive with
 * the owner's name (findUsers), so a screen reader says them once, without taking focus.
 */
export function AdminEditingBanner({ map }: { map: MapOwner }) {
  const session = useAtomValue(sessionAtom);
  const shown = editsAnothersMap(session, map);
  /** The owner as findUsers answered (null: not found, or the lookup failed); undefined until then. */
  const [owner, setOwner] = useState<UserMatch | null | undefined>(undefined);

  useEffect(() => {
    if (!shown) return;
    let live = true;
    call('findUsers', { query: map.uid }).then(
      (found) => live && setOwner(found.find((u) => u.uid === map.uid) ?? null),
      () => live && setOwner(null),
    );
    return () => {
      live = false;
    };
  }, [shown, map.uid]);

  // A view-as id stored as the owner's address is known for theirs only once the lookup answers.
  if (!shown || (owner && !editsAnothersMap(session, map, owner.email))) return null;
  const known = owner !== undefined;
  return (
    <div className={known ? 'admin-edit-banner' : undefined} role="status">
      {known && (
        <>
          {/* One flex item, these words being one sentence; on a phone read but not shown (the short lines are). */}
          <span className="admin-banner__full">
            <Words uid={map.uid} owner={owner} />
          </span>
          <ShortWords uid={map.uid} owner={owner} />
        </>
      )}
    </div>
  );
}
