import { useEffect, useRef, useState, type RefObject } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useLocation, useNavigate } from 'react-router';
import { DUPLICATE_TITLE_PREFIX, MAP_TITLE_MAX, type MapStateValue } from '@mapnest/shared/constants';
import { isTestState, type MapSummary } from '@mapnest/shared/maps';
import { sessionAtom } from '../../state/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SearchInput } from '../../components/SearchInput';
import { describeError, OutcomeUnconfirmed } from './map-errors';
import { matchesSearch } from './map-format';
import { MapCard } from './MapCard';
import { MapsEmpty, MapsLoadFailed, MapsSkeleton, NoMatchingMaps } from './MapsListStates';
import { PlusIcon } from './MapIcons';
import {
  deleteMapAtom,
  duplicateMapAtom,
  loadMapsAtom,
  loadSlotsAtom,
  mapsListAtom,
  renameMapAtom,
  setMapStateAtom,
  slotsAtom,
  slotsToCheckAtom,
} from './maps-state';
import { HistoryDialog } from './history/HistoryDialog';
import { errorNotice, Notice, type NoticeValue } from './Notice';
import { SlotSummary } from './SlotSummary';
import { CheckoutReturn } from '../billing/CheckoutReturn';
import { LapsedNotice } from '../billing/LapsedNotice';
import { PastDueBanner } from '../billing/PastDueBanner';
import { LicenseDialog } from '../billing/LicenseDialog';
import { SubscribeHost } from '../billing/SubscribeHost';
import { arrivedVerified, VERIFIED_MESSAGE } from '../auth/pending-signup';
import './maps.css';

/** Re-renders every minute so relative times and days left stay true on a page left open. */
function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** Errors thrown into dialogs and inline fields carry the sentence to show. */
const inWords = (error: unknown) => new Error(describeError(error));

/** Duplicating a map: the card says so while it runs, and the notice says how it went. */
function useDuplicateMap(setNotice: (notice: NoticeValue | null) => void) {
  const duplicateMap = useSetAtom(duplicateMapAtom);
  const [busy, setBusy] = useState<Readonly<Record<string, string>>>({});

  const duplicate = async (map: MapSummary) => {
    setNotice(null);
    setBusy((b) => ({ ...b, [map.id]: 'Duplicating…' }));
    try {
      await duplicateMap(map.id);
      setNotice({
        tone: 'success',
        message: `Duplicated “${map.title}” as “${`${DUPLICATE_TITLE_PREFIX}${map.title}`.slice(0, MAP_TITLE_MAX)}”.`,
      });
    } catch (error) {
      setNotice(
        error instanceof OutcomeUnconfirmed
          ? { tone: 'error', message: `Could not confirm that “${map.title}” was duplicated. ${error.message}` }
          : errorNotice(`Could not duplicate “${map.title}”.`, error),
      );
    } finally {
      setBusy(({ [map.id]: _done, ...rest }) => rest);
    }
  };
  return { busy, duplicate };
}

/** The maps list and the slots, loaded for the signed-in user (again when another user signs in). */
function useMapsAndSlots(userId: string | null) {
  const list = useAtomValue(mapsListAtom);
  const slots = useAtomValue(slotsAtom);
  const loadMaps = useSetAtom(loadMapsAtom);
  const loadSlots = useSetAtom(loadSlotsAtom);

  useEffect(() => {
    void loadMaps();
    void loadSlots();
  }, [userId, loadMaps, loadSlots]);

  const reload = () => {
    void loadMaps();
    void loadSlots();
  };
  return { list, slots, loadMaps, reload };
}

/** Deleting a map: the one waiting for confirmation, and the deletion once confirmed (its error goes to the dialog). */
function useDeleteMap(setNotice: (notice: NoticeValue | null) => void, heading: RefObject<HTMLHeadingElement | null>) {
  const deleteMap = useSetAtom(deleteMapAtom);
  const [toDelete, setToDelete] = useState<MapSummary | null>(null);

  const confirmDelete = async () => {
    if (!toDelete) return;
    const map = toDelete;
    try {
      await deleteMap(map.id);
    } catch (error) {
      throw inWords(error);
    }
    setToDelete(null);
    setNotice({ tone: 'success', message: `Deleted “${map.title}”.` });
    // The card that held focus is gone.
    heading.current?.focus();
  };
  return { toDelete, setToDelete, confirmDelete };
}

/** The maps list (signed-in only): cards, search, slots and every per-map action. */
/** A card's state move: the card's badge changes in silence, so the page says what happened, as for a duplicate. */
function useSetMapState(setNotice: (notice: NoticeValue | null) => void) {
  const setMapState = useSetAtom(setMapStateAtom);
  return async (id: string, state: MapStateValue, done: string) => {
    const moved = await setMapState({ id, state });
    setNotice({ tone: 'success', message: done });
    return moved;
  };
}

/**
 * The page's notice, which starts as the welcome of a new account arriving from its verification; that arrival is
 * said once (its state leaves the history entry, so a reload or Back does not say it again).
 */
function useNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const arrived = arrivedVerified(location.state);
  const [notice, setNotice] = useState<NoticeValue | null>(() =>
    arrived ? { tone: 'success', message: VERIFIED_MESSAGE } : null,
  );
  const { pathname, search, hash } = location;
  useEffect(() => {
    if (arrived) void navigate({ pathname, search, hash }, { replace: true, state: null });
  }, [arrived, navigate, pathname, search, hash]);
  return [notice, setNotice] as const;
}

export default function MapsPage() {
  const session = useAtomValue(sessionAtom);
  const { list, slots, loadMaps, reload } = useMapsAndSlots(session.userId);
  const slotsToCheck = useAtomValue(slotsToCheckAtom);
  const renameMap = useSetAtom(renameMapAtom);

  const [query, setQuery] = useState('');
  const [notice, setNotice] = useNotice();
  const { busy, duplicate } = useDuplicateMap(setNotice);
  const setMapState = useSetMapState(setNotice);
  const heading = useRef<HTMLHeadingElement>(null);
  const { toDelete, setToDelete, confirmDelete } = useDeleteMap(setNotice, heading);
  const [historyOf, setHistoryOf] = useState<MapSummary | null>(null);
  const [licenseFor, setLicenseFor] = useState<MapSummary | null>(null);
  const now = useNow();

  const maps = list.maps;
  const shown = maps.filter((m) => matchesSearch(m, query));
  const loaded = list.status === 'ready';
  const failed = list.status === 'error' && maps.length === 0;

  return (
    <div className="container maps-page">
      <SubscribeHost />
      <MapsPageHeader heading={heading} />
      {loaded && (
        <SlotSummary
          slots={slots}
          testMapsInList={maps.filter((m) => isTestState(m.state)).length}
          admin={session.admin && !session.isUserSimulated}
        />
      )}
      <CheckoutReturn mapsFailed={failed} />
      <PastDueBanner />
      <LapsedNotice lapsed={maps.filter((m) => m.lapsedFrom !== null && isTestState(m.state))} onRestored={reload} />
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      {maps.length > 0 && (
        <MapsToolbar query={query} onQuery={setQuery} shownCount={shown.length} total={maps.length} />
      )}
      {failed ? (
        <MapsLoadFailed error={list.error} onRetry={() => void loadMaps()} />
      ) : !loaded && maps.length === 0 ? (
        <MapsSkeleton />
      ) : maps.length === 0 ? (
        <MapsEmpty licenseHint={session.plans.length === 0} />
      ) : shown.length === 0 ? (
        <NoMatchingMaps query={query} onShowAll={() => setQuery('')} />
      ) : (
        <ul className="maps-grid" aria-label="Your maps">
          {shown.map((map) => (
            <li key={map.id} className="maps-grid__item">
              <MapCard
                map={map}
                now={now}
                busyLabel={busy[map.id] ?? null}
                onRename={(title) =>
                  renameMap({ id: map.id, title, replaces: map.title }).catch((error: unknown) =>
                    Promise.reject(
                      error instanceof OutcomeUnconfirmed
                        ? new Error(`Could not confirm that “${map.title}” was renamed. ${error.message}`)
                        : inWords(error),
                    ),
                  )
                }
                onDuplicate={() => void duplicate(map)}
                onDelete={() => setToDelete(map)}
                onHistory={() => setHistoryOf(map)}
                onSetState={(state, done) => setMapState(map.id, state, done)}
                onRegisterLicense={() => setLicenseFor(map)}
                slots={slotsToCheck}
              />
            </li>
          ))}
        </ul>
      )}
      <DeleteMapDialog map={toDelete} onConfirm={confirmDelete} onCancel={() => setToDelete(null)} />
      <HistoryDialog map={historyOf} onClose={() => setHistoryOf(null)} />
      <LicenseDialog map={licenseFor} onClose={() => setLicenseFor(null)} onRegistered={reload} />
    </div>
  );
}

/** The page's title (focused when a deleted card took the focus with it) and 'New map'. */
function MapsPageHeader({ heading }: { heading: RefObject<HTMLHeadingElement | null> }) {
  return (
    <header className="maps-page__header">
      <div>
        <h1 ref={heading} tabIndex={-1} className="maps-page__title">
          Maps
        </h1>
        <p className="maps-page__lead">Build, publish and manage your interactive maps.</p>
      </div>
      <Link to="/maps/new" className="btn btn--primary">
        <PlusIcon />
        New map
      </Link>
    </header>
  );
}

interface MapsToolbarProps {
  query: string;
  onQuery: (query: string) => void;
  shownCount: number;
  total: number;
}

/** The search ('/' focuses it) and how many maps it shows. */
function MapsToolbar({ query, onQuery, shownCount, total }: MapsToolbarProps) {
  return (
    <div className="maps-toolbar">
      <SearchInput
        value={query}
        onChange={onQuery}
        label="Search maps"
        placeholder="Search maps"
        shortcutKey="/"
        className="maps-toolbar__search"
      />
      <p className="maps-toolbar__count" aria-live="polite">
        {query.trim() ? `${shownCount} of ${total} maps` : `${total} ${total === 1 ? 'map' : 'maps'}`}
      </p>
    </div>
  );
}

/** 'Delete this map?'; it keeps the map's title while its closing animation plays. */
function DeleteMapDialog({
  map,
  onConfirm,
  onCancel,
}: {
  map: MapSummary | null;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}) {
  const [shown, setShown] = useState<MapSummary | null>(null);
  if (map && map !== shown) setShown(map);
  return (
    <ConfirmDialog
      open={map !== null}
      title="Delete this map?"
      subtitle={
        shown
          ? `“${shown.title}” and all its versions will be deleted, and its embed stops working. This cannot be undone.`
          : undefined
      }
      positive="Delete map"
      negative="Cancel"
      danger
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
