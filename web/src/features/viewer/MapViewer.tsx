/**
 * The map viewer as a React component, for the app's pages (map view, case studies, the editor's
 * preview). It mounts the plain-DOM viewer (viewer.ts) and remounts it when the document changes.
 */
import { useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { MapDocument } from '@mapnest/shared/map-document';
import type { MapViewerApi, ViewerEventSink } from '../../viewer/viewer-api';
import type { MapViewerInstance, ViewerOptions } from '../../viewer/viewer';
import { createMapViewer } from '../../viewer/viewer';
import { loadViewerDocument } from '../../viewer/viewer-document';
import { builtInLanguage, loadLanguage, type ViewerLanguageMessages } from '../../viewer/i18n/messages';

export interface MapViewerProps extends Omit<ViewerOptions, 'onEvent'> {
  onEvent?: ViewerEventSink;
  apiRef?: React.Ref<MapViewerApi | null>;
  className?: string;
  style?: React.CSSProperties;
}

export function MapViewer({ apiRef, className, style, onEvent, ...options }: MapViewerProps) {
  const host = useRef<HTMLDivElement>(null);
  const [viewer, setViewer] = useState<MapViewerInstance | null>(null);
  const events = useRef(onEvent);
  useEffect(() => {
    events.current = onEvent;
  }, [onEvent]);
  const { document: doc, mapId, title, initialLocation, deepLinking, resolveUrl, height, state, directions } = options;

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let v: MapViewerInstance | null = null;
    const mount = (document: MapDocument, language: ViewerLanguageMessages) => {
      v = createMapViewer(el, {
        document,
        language,
        mapId,
        title,
        initialLocation,
        deepLinking,
        resolveUrl,
        height,
        state,
        directions,
        onEvent: (type, detail) => events.current?.(type, detail),
      });
      setViewer(v);
    };
    const ctrl = new AbortController();
    // A map with a CSV of locations mounts once the CSV is in (or has failed, with a console warning), a map in
    // a language other than English once its texts are.
    const english = builtInLanguage(doc.settings.language);
    if (!doc.settings.csvUrl && english) mount(doc, english);
    else
      void Promise.all([
        doc.settings.csvUrl ? loadViewerDocument({ document: doc, initialLocation, resolveUrl }, ctrl.signal) : doc,
        loadLanguage(doc.settings.language),
      ]).then(
        ([d, language]) => {
          if (!ctrl.signal.aborted) mount(d, language);
        },
        () => undefined,
      );
    return () => {
      ctrl.abort();
      v?.destroy();
      setViewer(null);
    };
    // The viewer is rebuilt for a new document; the other options are read when it mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc]);

  useImperativeHandle<MapViewerApi | null, MapViewerApi | null>(apiRef, () => viewer, [viewer]);
  return <div ref={host} className={className} style={{ height: height === 'fill' ? '100%' : undefined, ...style }} />;
}
