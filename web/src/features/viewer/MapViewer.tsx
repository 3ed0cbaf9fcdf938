/**
 * The map viewer as a React component, for the app's pages (map view, case studies, the editor's
 * preview). It mounts the plain-DOM viewer (viewer.ts) and remounts it when the document changes.
 */
import { useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { MapViewerApi, ViewerEventSink } from './viewer-api';
import type { MapViewerInstance, ViewerOptions } from './viewer';
import { createMapViewer } from './viewer';

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
  const { document: doc, mapId, title, initialLocation, deepLinking, resolveUrl, height } = options;

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const v = createMapViewer(el, { document: doc, mapId, title, initialLocation, deepLinking, resolveUrl, height, onEvent: (type, detail) => events.current?.(type, detail) });
    setViewer(v);
    return () => {
      v.destroy();
      setViewer(null);
    };
    // The viewer is rebuilt for a new document; the other options are read when it mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc]);

  useImperativeHandle<MapViewerApi | null, MapViewerApi | null>(apiRef, () => viewer, [viewer]);
  return <div ref={host} className={className} style={{ height: height === 'fill' ? '100%' : undefined, ...style }} />;
}
