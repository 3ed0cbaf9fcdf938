import { useCallback, useEffect, useId, useState } from 'react';
import { useSetAtom } from 'jotai';
import type { PublicationResult } from '@mapnest/shared/calls';
import type { MapSummary, MapWithDocument } from '@mapnest/shared/maps';
import { reportError } from '../../../lib/analytics';
import { CloseIcon } from '../../../components/Icons';
import { Modal } from '../../../components/Modal';
import { Spinner } from '../../../components/Spinner';
import { describeError } from '../map-errors';
import { mapsApi } from '../maps-api';
import { patchMapAtom } from '../maps-state';
import { HistoryPanel } from './HistoryPanel';
import { liveLink } from '../../print/PrintDialog';

type Loaded = { forId: string; data: MapWithDocument | null; error: string | null };

/**
 * The map shown in the history dialog (the last one while the dialog closes) and its history as getMap answers it,
 * loaded again after a restore and on retry.
 */
function useMapHistory(map: MapSummary | null) {
  // Keeps the last map on screen while the dialog's closing animation plays.
  const [shown, setShown] = useState(map);
  if (map && map !== shown) setShown(map);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [reloads, setReloads] = useState(0);
  const patchMap = useSetAtom(patchMapAtom);
  const mapId = map?.id ?? null;

  useEffect(() => {
    if (!mapId) return;
    let live = true;
    mapsApi.getMap(mapId).then(
      (data) => live && setLoaded({ forId: mapId, data, error: null }),
      (error: unknown) => {
        reportError(error, 'maps:getMap');
        if (live) setLoaded({ forId: mapId, data: null, error: describeError(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [mapId, reloads]);

  const onRestored = useCallback(
    (version: number) => {
      if (!mapId) return;
      patchMap({ id: mapId, version });
      // The restore made a new version: fetch the map again for its new metadata and history.
      void mapsApi.getMap(mapId).then(
        (data) => {
          patchMap(data.map);
          setLoaded({ forId: mapId, data, error: null });
        },
        (error: unknown) => reportError(error, 'maps:getMap'),
      );
    },
    [mapId, patchMap],
  );

  const onPublished = useCallback(
    (result: PublicationResult) => {
      if (!mapId) return;
      patchMap(result.map);
      const { history } = result;
      setLoaded((l) =>
        l?.data ? { ...l, data: { ...l.data, map: result.map, history: history ?? l.data.history } } : l,
      );
      // A history the server could not read after the change stood: read with the map again.
      if (!history) setReloads((n) => n + 1);
    },
    [mapId, patchMap],
  );

  const current = loaded && shown && loaded.forId === shown.id ? loaded : null;
  const retry = () => {
    setLoaded(null);
    setReloads((n) => n + 1);
  };
  return { shown, current, onRestored, onPublished, retry };
}

/** The version history of one map from the maps list, in a dialog. */
export function HistoryDialog({ map, onClose }: { map: MapSummary | null; onClose: () => void }) {
  const titleId = useId();
  const { shown, current, onRestored, onPublished, retry } = useMapHistory(map);

  return (
    <Modal open={map !== null} onClose={onClose} labelledBy={titleId} className="history-dialog">
      <div className="history-dialog__header">
        <div>
          <h2 id={titleId} className="history-dialog__title">
            Version history
          </h2>
          <p className="history-dialog__subtitle">{shown?.title}</p>
        </div>
        <button
          type="button"
          className="btn btn--ghost btn--sm history-dialog__close"
          onClick={onClose}
          aria-label="Close version history"
        >
          <CloseIcon size={18} />
        </button>
      </div>
      {!current ? (
        <div className="history-dialog__loading">
          <Spinner label="Loading versions" />
        </div>
      ) : current.error || !current.data ? (
        <div className="alert alert--error" role="alert">
          <p className="alert__text">Could not load the versions of this map. {current.error}</p>
          <button type="button" className="btn btn--secondary btn--sm" onClick={retry}>
            Try again
          </button>
        </div>
      ) : (
        <HistoryPanel
          mapId={current.data.map.id}
          history={current.data.history}
          currentVersion={current.data.map.version}
          publishedVersion={current.data.map.publishedVersion}
          link={liveLink(current.data.map)}
          title={current.data.map.title}
          state={current.data.map.state}
          onRestored={onRestored}
          onPublished={onPublished}
        />
      )}
    </Modal>
  );
}
