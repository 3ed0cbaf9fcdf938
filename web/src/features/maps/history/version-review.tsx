/**
 * Reading kept versions before using them (ADR 018): a version's document for its preview, and what restoring or
 * republishing it would change, shown before the author confirms.
 */
import { useEffect, useState } from 'react';
import type { MapDocument } from '@mapnest/shared/map-document';
import { diffDocuments, type VersionDiff } from '@mapnest/shared/publish-checks';
import { loadMapVersion } from '../../editor/load-map';
import { VersionChanges } from './VersionChanges';

/** A document of the map by version; the same version is read once per panel. */
export function useVersionDocuments(mapId: string) {
  const [cache] = useState(() => new Map<number, Promise<MapDocument>>());
  return (version: number): Promise<MapDocument> => {
    let doc = cache.get(version);
    if (!doc) {
      doc = loadMapVersion(mapId, version);
      doc.catch(() => cache.delete(version));
      cache.set(version, doc);
    }
    return doc;
  };
}

/** The diff of `next` against `base` once both are read (a line while they load, the error if one fails). */
export function DiffOf({
  base,
  next,
  against,
}: {
  base: () => Promise<MapDocument | null>;
  next: () => Promise<MapDocument>;
  against: string;
}) {
  const [state, setState] = useState<{ diff?: VersionDiff; error?: string }>({});
  useEffect(() => {
    let live = true;
    Promise.all([base(), next()]).then(
      ([b, n]) => live && setState({ diff: diffDocuments(b, n) }),
      (err: unknown) => live && setState({ error: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      live = false;
    };
    // Read once per dialog opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (state.error)
    return <p className="form-alert form-alert--error">The versions could not be compared: {state.error}</p>;
  if (!state.diff) return <p role="status">Comparing…</p>;
  return <VersionChanges diff={state.diff} against={against} />;
}
