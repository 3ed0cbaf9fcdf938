import { useEffect, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link } from 'react-router';
import { DUPLICATE_TITLE_PREFIX, MAP_TITLE_MAX, TEST_MAP_ACTIVE_DAYS } from '@mapnest/shared/constants';
import { isTestState, type MapSummary } from '@mapnest/shared/maps';
import { LICENSE_BASIC_MONTHS } from '@mapnest/shared/constants';
import { sessionAtom } from '../../state/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SearchInput } from '../../components/SearchInput';
import { Spinner } from '../../components/Spinner';
import { describeError } from './map-errors';
import { matchesSearch } from './map-format';
import { MapCard } from './MapCard';
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
} from './maps-state';
import { HistoryDialog } from './HistoryDialog';
import { errorNotice, Notice, type NoticeValue } from './Notice';
import { SlotSummary } from './SlotSummary';
import { CheckoutReturn } from '../billing/CheckoutReturn';
import { LapsedNotice } from '../billing/LapsedNotice';
import { LicenseDialog } from '../billing/LicenseDialog';
import { SubscribeHost } from '../billing/SubscribeHost';
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

/** The maps list of spec §2 (signed-in only): cards, search, slots and every per-map action. */
export default function MapsPage() {
  const session = useAtomValue(sessionAtom);
  const list = useAtomValue(mapsListAtom);
  const slots = useAtomValue(slotsAtom);
  const loadMaps = useSetAtom(loadMapsAtom);
  const loadSlots = useSetAtom(loadSlotsAtom);
  const renameMap = useSetAtom(renameMapAtom);
  const duplicateMap = useSetAtom(duplicateMapAtom);
  const deleteMap = useSetAtom(deleteMapAtom);
  const setMapState = useSetAtom(setMapStateAtom);

  const [query, setQuery] = useState('');
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const [busy, setBusy] = useState<Readonly<Record<string, string>>>({});
  const [toDelete, setToDelete] = useState<MapSummary | null>(null);
  // The dialog keeps its text while its closing animation plays.
  const [deleteShown, setDeleteShown] = useState<MapSummary | null>(null);
  if (toDelete && toDelete !== deleteShown) setDeleteShown(toDelete);
  const [historyOf, setHistoryOf] = useState<MapSummary | null>(null);
  const [licenseFor, setLicenseFor] = useState<MapSummary | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const now = useNow();

  useEffect(() => {
    void loadMaps();
    void loadSlots();
  }, [session.userId, loadMaps, loadSlots]);

  const maps = list.maps;
  const shown = maps.filter((m) => matchesSearch(m, query));
  const loaded = list.status === 'ready';

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
      setNotice(errorNotice(`Could not duplicate “${map.title}”.`, error));
    } finally {
      setBusy(({ [map.id]: _done, ...rest }) => rest);
    }
  };

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

  return (
    <div className="container maps-page">
      <SubscribeHost />
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

      {loaded && (
        <SlotSummary
          slots={slots}
          testMapsInList={maps.filter((m) => isTestState(m.state)).length}
          admin={session.admin && !session.isUserSimulated}
        />
      )}

      <CheckoutReturn />
      <LapsedNotice
        count={maps.filter((m) => m.lapsedFrom !== null && isTestState(m.state)).length}
        onRestored={() => {
          void loadMaps();
          void loadSlots();
        }}
      />

      <Notice notice={notice} onDismiss={() => setNotice(null)} />

      {maps.length > 0 && (
        <div className="maps-toolbar">
          <SearchInput
            value={query}
            onChange={setQuery}
            label="Search maps"
            placeholder="Search maps"
            shortcutKey="/"
            className="maps-toolbar__search"
          />
          <p className="maps-toolbar__count" aria-live="polite">
            {query.trim()
              ? `${shown.length} of ${maps.length} maps`
              : `${maps.length} ${maps.length === 1 ? 'map' : 'maps'}`}
          </p>
        </div>
      )}

      {list.status === 'error' && maps.length === 0 ? (
        <div className="alert alert--error maps-page__failed" role="alert">
          <p className="alert__text">Could not load your maps. {list.error}</p>
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => void loadMaps()}>
            Try again
          </button>
        </div>
      ) : !loaded && maps.length === 0 ? (
        <div className="maps-grid maps-grid--loading">
          <Spinner label="Loading your maps" className="visually-hidden" />
          {[0, 1, 2].map((i) => (
            <div key={i} className="map-card map-card--skeleton" aria-hidden="true">
              <div className="map-card__media" />
              <div className="map-card__body">
                <span className="skeleton skeleton--title" />
                <span className="skeleton" />
              </div>
            </div>
          ))}
        </div>
      ) : maps.length === 0 ? (
        <section className="maps-empty" aria-labelledby="maps-empty-title">
          <div className="maps-empty__art" aria-hidden="true">
            <svg viewBox="0 0 120 90">
              <rect x="6" y="10" width="108" height="72" rx="10" fill="currentColor" opacity="0.08" />
              <path
                d="m22 64 22-16 18 10 22-20 16 12"
                fill="none"
                stroke="currentColor"
                strokeWidth="3"
                strokeLinecap="round"
                strokeLinejoin="round"
                opacity="0.5"
              />
              <path d="M60 22c-7 0-12 5-12 11 0 9 12 19 12 19s12-10 12-19c0-6-5-11-12-11Z" fill="currentColor" />
              <circle cx="60" cy="33" r="4" fill="#fff" />
            </svg>
          </div>
          <h2 id="maps-empty-title" className="maps-empty__title">
            Create your first map
          </h2>
          <p className="maps-empty__text">
            Start from a blank canvas, add layers and locations, then embed the map on any website. Test maps are free
            and stay public for {TEST_MAP_ACTIVE_DAYS} days.
          </p>
          <Link to="/maps/new" className="btn btn--primary btn--lg">
            <PlusIcon />
            Create a map
          </Link>
          {session.plans.length === 0 && (
            <p className="maps-empty__hint">
              Have an Envato purchase code? Create a map, then choose <strong>Register licence</strong> in its menu: the
              code gives that map {LICENSE_BASIC_MONTHS} months of Basic.
            </p>
          )}
        </section>
      ) : shown.length === 0 ? (
        <div className="maps-nomatch">
          <p>No maps match “{query.trim()}”.</p>
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => setQuery('')}>
            Show all maps
          </button>
        </div>
      ) : (
        <ul className="maps-grid" aria-label="Your maps">
          {shown.map((map) => (
            <li key={map.id} className="maps-grid__item">
              <MapCard
                map={map}
                now={now}
                busyLabel={busy[map.id] ?? null}
                onRename={(title) =>
                  renameMap({ id: map.id, title }).catch((error: unknown) => Promise.reject(inWords(error)))
                }
                onDuplicate={() => void duplicate(map)}
                onDelete={() => setToDelete(map)}
                onHistory={() => setHistoryOf(map)}
                onSetState={(state) => setMapState({ id: map.id, state })}
                onRegisterLicense={() => setLicenseFor(map)}
              />
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this map?"
        subtitle={
          deleteShown
            ? `“${deleteShown.title}” and all its versions will be deleted, and its embed stops working. This cannot be undone.`
            : undefined
        }
        positive="Delete map"
        negative="Cancel"
        danger
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
      <HistoryDialog map={historyOf} onClose={() => setHistoryOf(null)} />
      <LicenseDialog
        map={licenseFor}
        onClose={() => setLicenseFor(null)}
        onRegistered={() => {
          void loadMaps();
          void loadSlots();
        }}
      />
    </div>
  );
}
