import type { MapDocument } from '@mapnest/shared/map-document';
import { MapPreviewDialog } from '../../viewer/MapPreview';
import type { LiveLink } from '../../print/PrintDialog';

/** A kept version in the viewer, read-only, at a desktop, tablet or phone width: what visitors saw (or would see). */
export function VersionPreview({
  doc,
  title,
  state,
  label,
  link,
  onClose,
}: {
  doc: MapDocument;
  title: string;
  /** The map's state, as its visitors get it (directions come with Professional). */
  state: number;
  label: string;
  /** The live map, for a QR code on the version's printed sheets (it opens the map visitors see now). */
  link: LiveLink | null;
  onClose: () => void;
}) {
  return (
    <MapPreviewDialog
      heading={`Preview of ${label}`}
      doc={doc}
      title={title}
      state={state}
      link={link}
      onClose={onClose}
    />
  );
}
