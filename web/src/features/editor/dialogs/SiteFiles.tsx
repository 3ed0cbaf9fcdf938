/**
 * The Mapplic site picker's files: every file picked so far, with what it is to the site, what stops it from going
 * with the map (said as soon as it is picked: a plan over the upload limit, an export too large for a map) and a
 * button to take it out (picks add up), and the locations' images that cannot be uploaded, each named with why and with the choice to
 * import without it. The import waits for that choice; cancelling leaves everything as it was.
 */
import { counted } from '../../../lib/words';
import { displayName } from '../import/mapplic-site';
import { fileRole, imagesToUpload, pickedCount, siteFileProblem, type MapplicSiteChoice } from '../import/site-choice';

export function PickedFiles({
  value,
  disabled,
  onRemove,
  onRemoveAll,
}: {
  value: MapplicSiteChoice;
  disabled: boolean;
  onRemove(file: File): void;
  onRemoveAll(): void;
}) {
  if (value.files.length === 0) return null;
  const problems = new Map(value.files.map((f) => [f, siteFileProblem(value, f)]));
  // A long list is folded once the site is read, but never over a file that stops the import.
  const open = !value.site || value.files.length <= 8 || [...problems.values()].some(Boolean);
  return (
    <details className="mapplic-site__picked" open={open}>
      <summary>{pickedCount(value)}</summary>
      <ul className="mapplic-site__files" aria-label="Picked files">
        {value.files.map((f) => (
          <li key={displayName(f)} className={problems.get(f) ? 'has-problem' : undefined}>
            <span className="mapplic-site__file-name">{displayName(f)}</span>
            <span className="mapplic-site__file-role">{fileRole(value, f)}</span>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={disabled}
              aria-label={`Remove ${displayName(f)}`}
              onClick={() => onRemove(f)}
            >
              Remove
            </button>
            {problems.get(f) && <span className="mapplic-site__file-problem">{problems.get(f)}</span>}
          </li>
        ))}
      </ul>
      {value.files.length > 1 && (
        <button type="button" className="btn btn--ghost btn--sm" disabled={disabled} onClick={onRemoveAll}>
          Remove all and start again
        </button>
      )}
    </details>
  );
}

interface ImagesProps {
  value: MapplicSiteChoice;
  disabled: boolean;
  onWithout(file: File, without: boolean): void;
}

/** What becomes of the locations' images: uploaded, refused (with the choice), or left out as not picked. */
export function SiteImages({ value, disabled, onWithout }: ImagesProps) {
  const site = value.site!;
  // The refused ones wait for the author's choice: only the others are said to go with the plans.
  const images = imagesToUpload(value).filter(([, f]) => !value.refused.has(f)).length;
  return (
    <>
      {images > 0 && (
        <p className="field__hint">
          The locations’ {counted(images, 'image')} (thumbnails, pictures or images in descriptions) are uploaded with
          the plans.
        </p>
      )}
      <RefusedImages value={value} disabled={disabled} onWithout={onWithout} />
      {site.missingImages.length > 0 && (
        <p className="field__hint">
          Left out, as they were addresses on the old site and were not picked: {site.missingImages.join(', ')}. Add
          them to the picked files to keep them.
        </p>
      )}
      {site.missingDescImages.length > 0 && (
        <p className="field__hint">
          Taken out of the descriptions, as they were addresses on the old site and were not picked:{' '}
          {site.missingDescImages.join(', ')}. Add them to the picked files to keep them.
        </p>
      )}
    </>
  );
}

/** The images that cannot be uploaded (too large, of another type, refused by the server), each with its choice. */
function RefusedImages({ value, disabled, onWithout }: ImagesProps) {
  const refused = [...value.refused];
  if (refused.length === 0) return null;
  const open = refused.some(([f]) => !value.withoutImages.has(f));
  return (
    <div
      className={open ? 'form-alert mapplic-site__refused is-open' : 'form-alert mapplic-site__refused'}
      role="group"
      aria-label="Images that cannot be uploaded"
    >
      <strong>
        {refused.length === 1
          ? 'This image of the locations cannot be uploaded:'
          : `${refused.length} images of the locations cannot be uploaded:`}
      </strong>
      <ul>
        {refused.map(([file, why]) => (
          <li key={displayName(file)}>
            {displayName(file)}: {why}{' '}
            <label className="check">
              <input
                type="checkbox"
                checked={value.withoutImages.has(file)}
                disabled={disabled}
                onChange={(e) => onWithout(file, e.target.checked)}
              />{' '}
              Import without it
            </label>
          </li>
        ))}
      </ul>
      <span>
        A location imported without its image shows none there (a description keeps the rest of its text). Or cancel:
        nothing is made until you choose, and you can add a smaller file or remove this one from the picked files.
      </span>
    </div>
  );
}
