import type { MapDocument } from '@mapnest/shared/map-document';
import { MapPreviewDialog } from '../../viewer/MapPreview';

/** A kept version in the viewer, read-only, at a desktop, tablet or phone width: what visitors saw (or would see). */
export function VersionPreview({
  doc,
  title,
  state,
  label,
  onClose,
}: {
  doc: MapDocument;
  title: string;
  /** The map's state, as its visitors get it (directions come with Professional). */
  state: number;
  label: string;
  onClose: () => void;
}) {
  return <MapPreviewDialog heading={`Preview of ${label}`} doc={doc} title={title} state={state} onClose={onClose} />;
}
