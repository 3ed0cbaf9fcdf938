import { useState } from 'react';
import { useEditor } from '../../editor-context';
import { webAddress } from '@mapnest/shared/map-rules';
import { TextProp, type Commit } from '../fields';

/** An address an image is at, not a thumbnail's few characters drawn as text. */
const isImageAddress = (value: string) => /^(\/|https?:\/\/|data:image\/)/i.test(value.trim());

/**
 * A location's image or thumbnail: its address, the library's picker, and the image itself as visitors will see it,
 * or, when it cannot be loaded from there (a typing mistake, a file deleted), a sentence saying so.
 */
export function UrlProp({
  label,
  value,
  commit,
  onPick,
  hint,
}: {
  label: string;
  value: string | undefined;
  commit: Commit<string>;
  onPick: () => void;
  hint?: string;
}) {
  const { resolveUrl } = useEditor();
  // The address whose image failed to load: another address shows again.
  const [failed, setFailed] = useState<string | null>(null);
  const shown = value && isImageAddress(value) ? value : null;
  return (
    <div className="url-prop">
      <TextProp
        label={label}
        value={value ?? ''}
        commit={(v) => commit(webAddress(v))}
        hint={hint}
        placeholder="/files/… or https://…"
      />
      {shown &&
        (failed === shown ? (
          <p className="field__error">The image at this address could not be loaded.</p>
        ) : (
          <img
            className="url-prop__preview"
            src={resolveUrl(shown)}
            alt={`${label} preview`}
            onError={() => setFailed(shown)}
          />
        ))}
      <button type="button" className="btn btn--ghost btn--sm" onClick={onPick}>
        Choose from library…
      </button>
    </div>
  );
}
