import { useEffect, useId, useRef, useState } from 'react';
import { useAtom } from 'jotai';
import { Modal } from '../../../components/Modal';
import { SegmentedToggle } from '../../../components/SegmentedToggle';
import { MapViewer } from '../../viewer/MapViewer';
import { useEditor, useEditorState } from '../editor-context';
import { dialogAtom, filePickerAtom } from '../editor-state';
import { download, fileNameFor, toCsv, toJson } from '../import/export';
import { FileLibraryDialog } from './FileLibraryDialog';
import { ImportDialog } from './ImportDialog';
import { PublishDialog } from './PublishDialog';

export function EditorDialogs() {
  const [dialog, setDialog] = useAtom(dialogAtom);
  const [picker, setPicker] = useAtom(filePickerAtom);
  const close = () => setDialog(null);
  return (
    <>
      {dialog === 'import' && <ImportDialog onClose={close} />}
      {dialog === 'export' && <ExportDialog onClose={close} />}
      {dialog === 'preview' && <PreviewDialog onClose={close} />}
      {dialog === 'publish' && <PublishDialog onClose={close} />}
      {(dialog === 'files' || picker) && (
        <FileLibraryDialog
          onClose={() => {
            setPicker(null);
            if (dialog === 'files') close();
          }}
          onPick={
            picker
              ? (file) => {
                  picker.onPick(file.url, { name: file.name, contentType: file.contentType });
                  setPicker(null);
                }
              : undefined
          }
        />
      )}
    </>
  );
}

function ExportDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const { doc } = useEditorState();
  const { map } = useEditor();
  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="confirm">
      <h2 id={titleId}>Export</h2>
      <p>The current map, as it is in the editor (saved or not).</p>
      <div className="export-choices">
        <button
          type="button"
          className="btn btn--secondary btn--block"
          onClick={() => download(toJson(doc), fileNameFor(map.title, 'json'), 'application/json')}
        >
          Map as JSON (everything; imports back)
        </button>
        <button
          type="button"
          className="btn btn--secondary btn--block"
          onClick={() => download(toCsv(doc), fileNameFor(map.title, 'csv'), 'text/csv')}
        >
          Locations as CSV ({doc.locations.length} rows)
        </button>
      </div>
      <div className="confirm__actions">
        <button type="button" className="btn btn--primary" onClick={onClose}>
          Done
        </button>
      </div>
    </Modal>
  );
}

const DEVICES = {
  desktop: { width: 1280, height: 760, label: 'Desktop' },
  tablet: { width: 820, height: 1000, label: 'Tablet' },
  phone: { width: 390, height: 760, label: 'Phone' },
} as const;
type Device = keyof typeof DEVICES;

function PreviewDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const { doc } = useEditorState();
  const { map } = useEditor();
  const [device, setDevice] = useState<Device>('desktop');
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
        <h2 id={titleId}>Preview</h2>
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
        <button type="button" className="btn btn--primary btn--sm" onClick={onClose}>
          Close
        </button>
      </div>
      <div ref={box} className="preview-dialog__stage">
        <div
          className="preview-dialog__device"
          style={{ width: d.width, height: d.height, transform: `scale(${scale})` }}
          data-device={device}
        >
          {/* The map's plan decides what visitors get (directions come with Professional), so the preview's too. */}
          <MapViewer
            key={device}
            document={doc}
            title={map.title}
            state={map.state}
            deepLinking={false}
            height="fill"
          />
        </div>
      </div>
    </Modal>
  );
}
