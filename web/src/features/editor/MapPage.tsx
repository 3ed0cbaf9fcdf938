/**
 * /maps/{id}: the owner (or an administrator) gets the editor; anyone else sees the published map
 * with the viewer (the maps service answers getMap with 404 to everyone but the owner and admins).
 */
import { Fragment, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useParams } from 'react-router';
import { CallError } from '@mapnest/shared/errors';
import type { MapDocument } from '@mapnest/shared/map-document';
import type { PublishedMap } from '@mapnest/shared/maps';
import { PageLoading } from '../../components/Spinner';
import { usePageName } from '../../state/page-title';
import { sessionAtom } from '../../state/session';
import { fetchPublished, type PublishedResult } from '../../viewer/published';
import { MapViewer } from '../viewer/MapViewer';
import { readDirectionsParams, readLocationParam } from '../../viewer/deep-link';
import { AdminEditingBanner } from './AdminEditingBanner';
import { Editor } from './Editor';
import { loadMap, type LoadedMap } from './load-map';
import { describeError, outcomeUnknown } from '../maps/map-errors';
import './editor.css';

type View =
  | { kind: 'loading' }
  /** `uid`: whom the editor was opened for. */
  | { kind: 'editor'; loaded: LoadedMap; uid: string }
  | { kind: 'public'; map: PublishedMap & { document: MapDocument } }
  /** `retry`: a failure that may pass (the service unreachable or failing), offered again with Try again. */
  | { kind: 'message'; title: string; text: string; retry?: boolean };

/**
 * What /maps/{id} shows of a published map to someone who may not edit it. Signed in, a map not found is said as the
 * owner would look for it: not one of theirs (deleted, or another account's), and not published either.
 */
function publicView(result: PublishedResult, signedIn: boolean): View {
  if (result.kind === 'ready') return { kind: 'public', map: result.map };
  if (result.kind === 'expired')
    return { kind: 'message', title: 'This test map has expired', text: 'Test maps stay online for 7 days.' };
  if (result.kind === 'error')
    return { kind: 'message', title: 'The map can’t be shown', text: result.message, retry: result.failed === 'load' };
  const text = signedIn
    ? 'None of your maps has this address (it may have been deleted), and no published map has it either.'
    : 'This map doesn’t exist or is not published.';
  return { kind: 'message', title: 'Map not found', text };
}

export default function MapPage() {
  const { id = '' } = useParams();
  const { user, init } = useAtomValue(sessionAtom);
  // The view belongs to the map id it was loaded for; another id shows the spinner until it loads.
  const [loaded, setLoaded] = useState<{ id: string; view: View } | null>(null);
  const view: View = loaded && loaded.id === id ? loaded.view : { kind: 'loading' };
  const [attempt, setAttempt] = useState(0);
  // An editor shown stays, with its edits and its saves, whatever becomes of the session (a Log out in another tab,
  // the tokens cleared, another account signed in there): it says so, keeps the changes in this browser and saves
  // them once its author is signed in again. Taking it away could drop what was typed a moment ago.
  const uid = (view.kind === 'editor' ? view.uid : null) ?? user?.uid ?? null;

  useEffect(() => {
    if (!init) return;
    let cancelled = false;
    const setView = (v: View) => setLoaded({ id, view: v });
    const showPublic = async () => {
      const result = await fetchPublished(window.location.origin, id);
      if (!cancelled) setView(publicView(result, uid !== null));
    };
    (async () => {
      if (!uid) return showPublic();
      try {
        const loaded = await loadMap(id);
        if (!cancelled) setView({ kind: 'editor', loaded, uid });
      } catch (err) {
        if (cancelled) return;
        if (err instanceof CallError && (err.code === 'not-found' || err.code === 'invalid-argument'))
          return showPublic();
        // In words, never a bare code ("internal"); a failure that may pass (no answer, a server error) is offered again.
        const text = describeError(err);
        setView({ kind: 'message', title: 'The map could not be opened', text, retry: outcomeUnknown(err) });
      }
    })().catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [id, uid, init, attempt]);

  switch (view.kind) {
    case 'loading':
      return <PageLoading label="Loading the map" />;
    case 'editor':
      return (
        // Both start afresh for another map (one key for the pair: two siblings with the same key is React's error).
        <Fragment key={view.loaded.map.id}>
          {user?.uid !== view.uid && <SignedOutBanner otherAccount={user?.email ?? (user ? '' : null)} />}
          <AdminEditingBanner map={view.loaded.map} />
          <Editor initial={view.loaded} />
        </Fragment>
      );
    case 'public':
      return (
        <div className="map-public">
          <PageName name={view.map.title} />
          <h1 className="visually-hidden">{view.map.title}</h1>
          {/* The viewer fills the page under the header (its own layout height would leave a blank band below). */}
          <MapViewer
            document={view.map.document}
            mapId={view.map.id}
            title={view.map.title}
            height="fill"
            state={view.map.state}
            initialLocation={readLocationParam(window.location.href)}
            directions={readDirectionsParams(window.location.href)}
          />
        </div>
      );
    case 'message':
      return (
        <MapMessage
          view={view}
          signedIn={!!user}
          onRetry={() => {
            setLoaded(null);
            setAttempt((n) => n + 1);
          }}
        />
      );
  }
}

/** Why the map is not shown; for a failure that may pass, Try again; signed in, the way back to the list. */
function MapMessage({
  view,
  signedIn,
  onRetry,
}: {
  view: View & { kind: 'message' };
  signedIn: boolean;
  onRetry: () => void;
}) {
  return (
    <div className="map-public map-public--message" role="alert">
      <h1>{view.title}</h1>
      <p>{view.text}</p>
      {(view.retry || signedIn) && (
        <p className="map-public__actions">
          {view.retry && (
            <button type="button" className="btn btn--primary" onClick={onRetry}>
              Try again
            </button>
          )}
          {signedIn && (
            <Link className="btn btn--secondary" to="/maps">
              Back to maps
            </Link>
          )}
        </p>
      )}
    </div>
  );
}

/**
 * Over an editor whose author is no longer signed in: its changes are kept and saved once they are again, here or in
 * another tab (which this tab follows). Logging in opens a new tab, so this editor, and what it has not saved, stay
 * as they are. `otherAccount`: the address of the account signed in instead ('' when unknown), null when none is.
 */
function SignedOutBanner({ otherAccount }: { otherAccount: string | null }) {
  if (otherAccount !== null)
    return (
      <div className="signed-out-banner" role="alert">
        <span>
          This browser is now signed in to another account{otherAccount ? ` (${otherAccount})` : ''}. Your changes to
          this map are kept in this browser; sign in again as its author to save them.
        </span>
      </div>
    );
  return (
    <div className="signed-out-banner" role="alert">
      <span>You are signed out. Your changes are kept in this browser; sign in again to save them.</span>
      <a className="signed-out-banner__link" href="/login" target="_blank" rel="noopener">
        Log in (opens a new tab)
      </a>
    </div>
  );
}

/** Names the browser tab after the map shown. */
function PageName({ name }: { name: string }) {
  usePageName(name);
  return null;
}
