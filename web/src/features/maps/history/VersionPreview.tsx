import type { MapDocument } from '@mapnest/shared/map-document';
import { MapPreviewDialog } from '../../viewer/MapPreview';

/** A kept version in the viewer, read-only, at a desktop, tablet or phone width: what visitors saw (or would see). */
export function VersionPreview({
  doc,
  title,
  label,
  onClose,
}: {
  doc: MapDocument;
  title: string;
  label: string;
  onClose: () => void;
}) {
  return <MapPreviewDialog heading={`Preview of ${label}`} doc={doc} title={title} onClose={onClose} />;
}
