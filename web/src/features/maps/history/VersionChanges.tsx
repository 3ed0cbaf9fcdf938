import { partDetails, type NamedChanges, type PublishCheck, type VersionDiff } from '@mapnest/shared/publish-checks';
import './history-panel.css';

function Names({ label, changes }: { label: string; changes: NamedChanges }) {
  if (changes.count === 0) return null;
  const more = changes.count - changes.names.length;
  return (
    <li data-change={label.toLowerCase()}>
      <strong>
        {changes.count} location{changes.count === 1 ? '' : 's'} {label.toLowerCase()}
      </strong>
      : {changes.names.join(', ')}
      {more > 0 ? ` and ${more} more` : ''}
    </li>
  );
}

/**
 * What a release (or a restore) changes, compared with `against` ("what visitors see now"): locations by name (the
 * first 20 and a count) and the parts that differ; a first release (nothing to compare with) says what it brings.
 */
export function VersionChanges({
  diff,
  against,
  offline = false,
}: {
  diff: VersionDiff;
  against: string;
  /** Nothing is published because the map was taken offline (not: never published). */
  offline?: boolean;
}) {
  if (diff.same)
    return <p className="version-changes version-changes--same">Nothing changes compared with {against}.</p>;
  return (
    <div className="version-changes">
      <p>
        {!diff.first
          ? `Compared with ${against}:`
          : offline
            ? 'The map is offline, so visitors see none of it; publishing shows all of this again:'
            : 'Nothing is published yet, so all of it is new:'}
      </p>
      <ul className="version-changes__list">
        <Names label="Added" changes={diff.added} />
        <Names label="Changed" changes={diff.changed} />
        <Names label="Removed" changes={diff.removed} />
        {diff.parts.map((part) => (
          <li key={part} data-change="part">
            <strong>{part}</strong> {diff.first ? 'added' : 'changed'}
            {partDetails(diff, part).length ? `: ${partDetails(diff, part).join(', ')}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The publish checks: blocking ones first; each says what is wrong and what to do. */
export function PublishChecks({ checks }: { checks: readonly PublishCheck[] }) {
  if (checks.length === 0) return <p className="publish-checks publish-checks--ok">All publish checks pass.</p>;
  const ordered = [...checks].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'blocking' ? -1 : 1));
  return (
    <ul className="publish-checks" aria-label="Publish checks">
      {ordered.map((c, i) => (
        <li
          key={`${c.id}-${i}`}
          className={`form-alert${c.severity === 'blocking' ? ' form-alert--error' : ''}`}
          data-check={c.id}
          data-severity={c.severity}
        >
          {c.severity === 'blocking' ? 'Blocks publishing: ' : 'Warning: '}
          {c.message}
        </li>
      ))}
    </ul>
  );
}
