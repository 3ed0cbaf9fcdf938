/**
 * The published example map in the real viewer (loaded lazily by LiveExample, so the viewer's code stays out of
 * the page's first load). It reads the map the way the embed and /maps/{id} do, from /data/maps/{id}.json.
 */
import { useEffect, useState } from 'react';
import type { MapDocument } from '@mapnest/shared/map-document';
import type { PublishedMap } from '@mapnest/shared/maps';
import { Spinner } from '../../components/Spinner';
import { fetchPublished } from '../../viewer/published';
import { MapViewer } from '../../features/viewer/MapViewer';

type Loaded = { kind: 'ready'; map: PublishedMap & { document: MapDocument } } | { kind: 'failed'; message: string };

/**
 * The document as a page shows it among other content: the mouse wheel zooms only with Ctrl or ⌘ held (plain
 * scrolling scrolls the page); a narrow box may start with the directory closed.
 */
export function inPage(doc: MapDocument, overrides: { directoryClosed?: boolean } = {}): MapDocument {
  const settings = {
    ...doc.settings,
    zoom: { ...doc.settings.zoom, wheel: doc.settings.zoom.wheel === 'off' ? ('off' as const) : ('modifier' as const) },
  };
  // Closed, and narrow enough that the box keeps the map beside it rather than stacking the list under a small map.
  if (overrides.directoryClosed && settings.directory.toggle)
    settings.directory = { ...settings.directory, startClosed: true, width: Math.min(settings.directory.width, 240) };
  return { ...doc, settings };
}

export interface ExampleViewerProps {
  mapId: string;
  /** Accessible name of the map. */
  title: string;
  directoryClosed?: boolean;
  /** A route to draw at once, with the Directions panel open. Directions show whenever the published state has wayfinding (the demo state does). */
  directions?: { from: string; to: string };
}

export default function ExampleViewer({ mapId, title, directoryClosed = false, directions }: ExampleViewerProps) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    fetchPublished(window.location.origin, mapId, ctrl.signal).then(
      (r) => {
        if (r.kind === 'ready')
          setLoaded({ kind: 'ready', map: { ...r.map, document: inPage(r.map.document, { directoryClosed }) } });
        else
          setLoaded({ kind: 'failed', message: r.kind === 'error' ? r.message : 'The example map is not published.' });
      },
      () => undefined,
    );
    return () => ctrl.abort();
  }, [mapId, directoryClosed]);

  if (!loaded) return <Spinner size="lg" label="Loading the example map" className="live-example__status" />;
  if (loaded.kind === 'failed')
    return (
      <p className="live-example__status" role="alert">
        {loaded.message}
      </p>
    );
  return (
    <MapViewer
      document={loaded.map.document}
      mapId={loaded.map.id}
      title={title}
      height="fill"
      deepLinking={false}
      state={loaded.map.state}
      directions={directions}
    />
  );
}
