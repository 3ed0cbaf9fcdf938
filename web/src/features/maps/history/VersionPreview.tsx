import { useId } from 'react';
import type { MapDocument } from '@mapnest/shared/map-document';
import { Modal } from '../../../components/Modal';
import { MapViewer } from '../../viewer/MapViewer';

/** A kept version in the viewer, read-only: what visitors saw (or would see) with it. */
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
  const titleId = useId();
  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="preview-dialog version-preview">
      <div className="preview-dialog__bar">
        <h2 id={titleId}>Preview of {label}</h2>
        <button type="button" className="btn btn--primary btn--sm" onClick={onClose}>
          Close
        </button>
      </div>
      <div className="preview-dialog__stage">
        <MapViewer document={doc} title={title} deepLinking={false} height="fill" />
      </div>
    </Modal>
  );
}
