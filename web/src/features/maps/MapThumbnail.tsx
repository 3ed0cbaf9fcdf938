import { useState } from 'react';
import { MapPlaceholderArt } from './MapIcons';
import { previewSources } from './map-format';

/**
 * A map's preview: the upload's thumbnail, else the first layer's file itself, else a neutral placeholder.
 * Each source that fails to load falls through to the next.
 */
export function MapThumbnail({ previewUrl }: { previewUrl: string | null }) {
  const sources = previewSources(previewUrl, window.location.origin);
  const [failed, setFailed] = useState<{ url: string | null; count: number }>({ url: previewUrl, count: 0 });
  // A new preview (after a restore or a save elsewhere) starts from the best source again.
  if (failed.url !== previewUrl) setFailed({ url: previewUrl, count: 0 });
  const src = sources[failed.url === previewUrl ? failed.count : 0];

  return (
    <div className="map-thumb">
      {src ? (
        <img
          key={src}
          className="map-thumb__img"
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setFailed((f) => ({ url: previewUrl, count: f.url === previewUrl ? f.count + 1 : 1 }))}
        />
      ) : (
        <MapPlaceholderArt />
      )}
    </div>
  );
}
