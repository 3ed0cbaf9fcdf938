import { useEffect, useId, useRef, useState } from 'react';
import { useAtom } from 'jotai';
import type { LibraryFile } from '@mapnest/shared/files';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Modal } from '../../../components/Modal';
import { SegmentedToggle } from '../../../components/SegmentedToggle';
import { Spinner } from '../../../components/Spinner';
import { MapViewer } from '../../viewer/MapViewer';
import { useEditor, useEditorState } from '../editor-context';
import { dialogAtom, filePickerAtom } from '../editor-state';
import { filesApi, uploadFile } from '../files-api';
import { download, fileNameFor, toCsv, toJson } from '../import/export';
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
          <MapViewer key={device} document={doc} title={map.title} deepLinking={false} height="fill" />
        </div>
      </div>
    </Modal>
  );
}

interface Upload {
  name: string;
  fraction: number;
  error?: string;
}

/** The user's uploads: thumbnails, upload with progress, paging, delete; in picker mode a click chooses a file. */
function FileLibraryDialog({ onClose, onPick }: { onClose: () => void; onPick?: (file: LibraryFile) => void }) {
  const titleId = useId();
  const { notify } = useEditor();
  const [files, setFiles] = useState<LibraryFile[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [deleting, setDeleting] = useState<LibraryFile | null>(null);

  const loadPage = async (token: string | null) => {
    setLoading(true);
    try {
      const page = await filesApi.list(60, token);
      setFiles((prev) => (token && prev ? [...prev, ...page.files] : page.files));
      setNext(page.nextPageToken);
      setError(null);
    } catch (err) {
      setError(`The library could not be loaded: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setLoading(false);
    }
  };
  useEffect(() => {
    let cancelled = false;
    filesApi.list(60, null).then(
      (page) => {
        if (cancelled) return;
        setFiles(page.files);
        setNext(page.nextPageToken);
      },
      (err: unknown) =>
        !cancelled && setError(`The library could not be loaded: ${err instanceof Error ? err.message : String(err)}`),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const upload = async (list: FileList) => {
    for (const file of Array.from(list)) {
      const entry: Upload = { name: file.name, fraction: 0 };
      setUploads((u) => [...u, entry]);
      const update = (patch: Partial<Upload>) =>
        setUploads((u) => u.map((x) => (x === entry ? Object.assign(entry, patch) && { ...entry } : x)));
      try {
        await uploadFile(file, (fraction) => update({ fraction }));
        setUploads((u) => u.filter((x) => x.name !== file.name || x.error));
      } catch (err) {
        update({ error: err instanceof Error ? err.message : String(err) });
      }
    }
    await loadPage(null);
  };

  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="files-dialog wide-dialog">
      <h2 id={titleId}>{onPick ? 'Choose a file' : 'File library'}</h2>
      <label className="file-drop">
        <input
          type="file"
          multiple
          accept="image/svg+xml,image/png,image/jpeg,image/webp,.svg,.png,.jpg,.jpeg,.webp"
          onChange={(e) => e.target.files && void upload(e.target.files)}
        />
        <span>Upload images (SVG, PNG, JPG or WEBP, up to 10 MB each)…</span>
      </label>
      {uploads.map((u) => (
        <div
          key={u.name}
          className={u.error ? 'upload-progress upload-progress--error' : 'upload-progress'}
          role={u.error ? 'alert' : 'status'}
        >
          {u.name}: {u.error ?? `${Math.round(u.fraction * 100)}%`}
          {!u.error && <progress value={u.fraction} max={1} aria-label={`Uploading ${u.name}`} />}
        </div>
      ))}
      {error && <p className="form-alert form-alert--error">{error}</p>}
      {files === null ? (
        <Spinner label="Loading files" />
      ) : files.length === 0 ? (
        <p className="panel__empty">No files yet.</p>
      ) : (
        <ul className="file-grid">
          {files.map((f) => (
            <li key={f.key} className="file-tile">
              <button
                type="button"
                className="file-tile__pick"
                onClick={() => onPick?.(f)}
                disabled={!onPick}
                title={onPick ? `Use ${f.name}` : f.name}
              >
                <img
                  src={f.thumbnailUrl ?? f.url}
                  alt=""
                  loading="lazy"
                  onError={(e) => ((e.target as HTMLImageElement).src = f.url)}
                />
                <span className="file-tile__name">{f.name}</span>
                <span className="file-tile__meta">{(f.size / 1024).toFixed(0)} KB</span>
              </button>
              <button
                type="button"
                className="icon-btn file-tile__delete"
                aria-label={`Delete ${f.name}`}
                onClick={() => setDeleting(f)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {next && (
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={() => void loadPage(next)}
          disabled={loading}
        >
          {loading ? 'Loading…' : 'Load more'}
        </button>
      )}
      <div className="confirm__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose}>
          Close
        </button>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? ''}?`}
        subtitle="Maps that use this file will show an empty floor or a missing image."
        positive="Delete"
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await filesApi.remove(deleting.key);
          setFiles((fs) => fs?.filter((x) => x.key !== deleting.key) ?? null);
          notify(`Deleted ${deleting.name}.`, 'info');
          setDeleting(null);
        }}
      />
    </Modal>
  );
}
