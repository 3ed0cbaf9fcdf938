/** The user's file library: their uploads as tiles, more uploads with their progress, paging and deleting. */
import { useEffect, useId, useState } from 'react';
import type { LibraryFile } from '@mapnest/shared/files';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { IMAGE_ACCEPT } from '../panels/layer-file';
import { Modal } from '../../../components/Modal';
import { Spinner } from '../../../components/Spinner';
import { useEditor } from '../editor-context';
import { filesApi, uploadFile } from '../files-api';
import { fileDropHandlers } from '../canvas/file-drop';

interface Upload {
  name: string;
  fraction: number;
  error?: string;
}

const loadError = (err: unknown) =>
  `The library could not be loaded: ${err instanceof Error ? err.message : String(err)}`;

/** The library's files, page by page: the first page on opening, `loadPage` for the next (or the first again). */
function useLibraryFiles() {
  const [files, setFiles] = useState<LibraryFile[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const loadPage = async (token: string | null) => {
    setLoading(true);
    try {
      const page = await filesApi.list(60, token);
      setFiles((prev) => (token && prev ? [...prev, ...page.files] : page.files));
      setNext(page.nextPageToken);
      setError(null);
    } catch (err) {
      setError(loadError(err));
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
      (err: unknown) => !cancelled && setError(loadError(err)),
    );
    return () => {
      cancelled = true;
    };
  }, []);
  return { files, setFiles, next, loading, error, loadPage };
}

/** Uploads files one after the other with their progress; a failed upload stays listed with its error. */
function useUploads(afterAll: () => Promise<void>) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const upload = async (list: readonly File[]) => {
    for (const file of list) {
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
    await afterAll();
  };
  return { uploads, upload };
}

function UploadRow({ upload: u }: { upload: Upload }) {
  return (
    <div
      className={u.error ? 'upload-progress upload-progress--error' : 'upload-progress'}
      role={u.error ? 'alert' : 'status'}
    >
      {u.name}: {u.error ?? `${Math.round(u.fraction * 100)}%`}
      {!u.error && <progress value={u.fraction} max={1} aria-label={`Uploading ${u.name}`} />}
    </div>
  );
}

/** One file: its thumbnail, name and size (a click chooses it in picker mode), and its delete button. */
/**
 * How long after an upload its thumbnails may still be in the making (the thumbnail function runs on the upload's
 * event, usually within seconds): until then a tile shows the file itself rather than ask for a thumbnail that is
 * not there yet (a 404 in the console, then the file anyway).
 */
export const THUMBNAIL_GRACE_MS = 60_000;

/** The image a tile shows: the file's thumbnail, or the file itself when it has none, or none yet. */
export function tileImage(f: Pick<LibraryFile, 'url' | 'thumbnailUrl' | 'uploaded'>, now: number): string {
  const age = now - Date.parse(f.uploaded);
  return f.thumbnailUrl && !(age < THUMBNAIL_GRACE_MS) ? f.thumbnailUrl : f.url;
}

function FileTile({
  file: f,
  onPick,
  onDelete,
}: {
  file: LibraryFile;
  onPick?: (file: LibraryFile) => void;
  onDelete: () => void;
}) {
  // Chosen when the tile appears: a file just uploaded keeps showing itself while this dialog is open.
  const [image] = useState(() => tileImage(f, Date.now()));
  return (
    <li className="file-tile">
      <button
        type="button"
        className="file-tile__pick"
        onClick={() => onPick?.(f)}
        disabled={!onPick}
        title={onPick ? `Use ${f.name}` : f.name}
      >
        <img src={image} alt="" loading="lazy" onError={(e) => ((e.target as HTMLImageElement).src = f.url)} />
        <span className="file-tile__name">{f.name}</span>
        <span className="file-tile__meta">{(f.size / 1024).toFixed(0)} KB</span>
      </button>
      <button type="button" className="icon-btn file-tile__delete" aria-label={`Delete ${f.name}`} onClick={onDelete}>
        ×
      </button>
    </li>
  );
}

/** The user's uploads: thumbnails, upload with progress, paging, delete; in picker mode a click chooses a file. */
export function FileLibraryDialog({ onClose, onPick }: { onClose: () => void; onPick?: (file: LibraryFile) => void }) {
  const titleId = useId();
  const { notify } = useEditor();
  const { files, setFiles, next, loading, error, loadPage } = useLibraryFiles();
  const { uploads, upload } = useUploads(() => loadPage(null));
  const [deleting, setDeleting] = useState<LibraryFile | null>(null);
  const [over, setOver] = useState(false);

  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="files-dialog wide-dialog">
      <h2 id={titleId}>{onPick ? 'Choose a file' : 'File library'}</h2>
      {/* The same drop zone as Import's: the file input is hidden behind a button, and files can be dropped on it. */}
      <label
        className={over ? 'file-drop is-drop-target' : 'file-drop'}
        {...fileDropHandlers(setOver, (dropped) => void upload(dropped))}
      >
        <input
          type="file"
          className="visually-hidden"
          multiple
          accept={IMAGE_ACCEPT}
          onChange={(e) => {
            const picked = Array.from(e.target.files ?? []);
            // Emptied, so that the same file can be chosen again after a failed upload.
            e.target.value = '';
            if (picked.length) void upload(picked);
          }}
        />
        <span className="file-drop__text">Drop images here (SVG, PNG, JPG or WEBP, up to 10 MB each) or</span>
        <span className="btn btn--secondary btn--sm file-drop__button">choose files…</span>
      </label>
      {uploads.map((u) => (
        <UploadRow key={u.name} upload={u} />
      ))}
      {error && <p className="form-alert form-alert--error">{error}</p>}
      {files === null ? (
        <Spinner label="Loading files" />
      ) : files.length === 0 ? (
        <p className="panel__empty">No files yet.</p>
      ) : (
        <ul className="file-grid">
          {files.map((f) => (
            <FileTile key={f.key} file={f} onPick={onPick} onDelete={() => setDeleting(f)} />
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
