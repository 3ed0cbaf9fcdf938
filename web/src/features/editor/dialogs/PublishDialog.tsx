import { useId, useState } from 'react';
import { Modal } from '../../../components/Modal';
import { SegmentedToggle } from '../../../components/SegmentedToggle';
import { useEditor, useEditorState, useSaveState } from '../editor-context';
import { iframeSnippet, scriptSnippet } from './embed-snippets';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.style.cssText = 'position:fixed;opacity:0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

function Snippet({ label, code }: { label: string; code: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div className="snippet">
      <div className="snippet__head">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={async () => {
            setCopied(await copyText(code));
            setTimeout(() => setCopied(false), 2000);
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <textarea
        id={id}
        className="input snippet__code"
        readOnly
        value={code}
        rows={code.split('\n').length + 1}
        onFocus={(e) => e.target.select()}
      />
    </div>
  );
}

export function PublishDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const { map, mapId, save } = useEditor();
  const { doc } = useEditorState();
  const s = useSaveState();
  const [height, setHeight] = useState<'shape' | 'fixed'>('shape');
  const origin = window.location.origin;
  const url = `${origin}/m/${mapId}`;
  const size = height === 'shape' ? { width: doc.settings.mapWidth, height: doc.settings.mapHeight } : null;
  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="publish-dialog wide-dialog">
      <h2 id={titleId}>Publish and embed</h2>
      {map.published ? (
        <p>
          Published at{' '}
          <a href={url} target="_blank" rel="noopener">
            {url}
          </a>
          {map.activeUntil
            ? `. This test map stays online until ${new Date(map.activeUntil).toLocaleDateString()}; put it on a plan to keep it live.`
            : '.'}{' '}
          Every save updates it within a minute.
        </p>
      ) : (
        <p className="form-alert form-alert--error">
          This map is not public right now (its 7-day test period is over). Put it on a plan to publish it.
        </p>
      )}
      {s.status === 'saving' && (
        <p className="form-alert" role="status">
          Saving your changes; the embed shows them once they are saved.
        </p>
      )}
      {s.status !== 'saved' && s.status !== 'saving' && (
        <p className="form-alert">
          The embed shows the last saved version; you have unsaved changes.{' '}
          <button type="button" className="btn btn--primary btn--sm" onClick={() => void save.saveNow()}>
            Save now
          </button>
        </p>
      )}
      <SegmentedToggle
        label="Embed height"
        size="sm"
        value={height}
        onChange={setHeight}
        options={[
          { value: 'shape', label: 'Follow the map’s shape' },
          { value: 'fixed', label: 'Fixed 600 px' },
        ]}
      />
      <Snippet
        label="Iframe (works everywhere, including site builders)"
        code={iframeSnippet(origin, mapId, map.title, size)}
      />
      <Snippet
        label="Script tag (no iframe; the map sizes itself and emits events)"
        code={scriptSnippet(origin, mapId)}
      />
      <p className="panel__hint">
        To open the map on a location: with the iframe, add <code>?location=id</code> to its <code>src</code> (
        <code>{url}?location=id</code>); with the script tag, add <code>?location=id</code> to the page’s URL, or{' '}
        <code>data-location="id"</code> to the element.
      </p>
      <div className="confirm__actions">
        <a className="btn btn--secondary" href={url} target="_blank" rel="noopener">
          Open the public map
        </a>
        <button type="button" className="btn btn--primary" onClick={onClose}>
          Done
        </button>
      </div>
    </Modal>
  );
}
