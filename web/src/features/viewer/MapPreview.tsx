/**
 * A map as visitors see it, at a desktop, tablet or phone width, in a dialog: the editor's Preview (the draft) and
 * History's preview of a kept version. The page is laid out at the device's width and scaled down to fit the
 * dialog (the viewer measures in its own layout pixels, so its fit and its clicks are those of that page).
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { MapDocument } from '@mapnest/shared/map-document';
import { Modal } from '../../components/Modal';
import { SegmentedToggle } from '../../components/SegmentedToggle';
import { PrintDialog, type LiveLink } from '../print/PrintDialog';
import { MapViewer } from './MapViewer';
import './map-preview.css';

const DEVICES = {
  desktop: { width: 1280, height: 760, label: 'Desktop' },
  tablet: { width: 820, height: 1000, label: 'Tablet' },
  phone: { width: 390, height: 760, label: 'Phone' },
} as const;
type Device = keyof typeof DEVICES;

/**
 * The screen size a preview opens at on a screen `width` wide: the author's own kind of screen, so a preview opened
 * on a phone shows the map as phones get it, not a desktop page shrunk to a strip at the top of the screen.
 */
export function deviceFor(width: number): Device {
  if (width < 600) return 'phone';
  return width < 1000 ? 'tablet' : 'desktop';
}

export function MapPreviewDialog({
  heading,
  doc,
  title,
  state,
  link,
  onClose,
}: {
  heading: string;
  doc: MapDocument;
  /** The map's title, which the viewer announces. */
  title: string;
  /** The map's state: its plan decides what visitors get (directions come with Professional), so the preview's too. */
  state?: number;
  /** The live map, for a QR code on printed sheets (PrintDialog). */
  link?: LiveLink | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const [device, setDevice] = useState<Device>(() => deviceFor(window.innerWidth));
  const [printing, setPrinting] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState({ width: 1000, height: 600 });
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setRoom({ width: el.clientWidth, height: el.clientHeight }));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const d = DEVICES[device];
  const scale = Math.min(1, room.width / d.width, room.height / d.height);
  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="preview-dialog">
      <div className="preview-dialog__bar">
        <h2 id={titleId}>{heading}</h2>
        <SegmentedToggle
          label="Screen size"
          size="sm"
          value={device}
          onChange={setDevice}
          options={(Object.keys(DEVICES) as Device[]).map((k) => ({
            value: k,
            label: `${DEVICES[k].label} ${DEVICES[k].width}px`,
          }))}
        />
        <div className="preview-dialog__actions">
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setPrinting(true)}>
            Print…
          </button>
          <button type="button" className="btn btn--primary btn--sm" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
      <div ref={box} className="preview-dialog__stage">
        <div
          className="preview-dialog__device"
          style={{ width: d.width, height: d.height, transform: `scale(${scale})` }}
          data-device={device}
        >
          <MapViewer key={device} document={doc} title={title} state={state} deepLinking={false} height="fill" />
        </div>
      </div>
      {printing && <PrintDialog doc={doc} title={title} floor={null} link={link} onClose={() => setPrinting(false)} />}
    </Modal>
  );
}
