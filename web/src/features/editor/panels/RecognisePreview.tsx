/**
 * Recognise SVG's preview: the rooms it found with their ids and proposed titles, the existing locations
 * it would link to their rooms instead of adding them twice, and what it skipped; nothing changes until
 * the author confirms (one undoable step).
 */
import { useId } from 'react';
import { Modal } from '../../../components/Modal';
import type { Location } from '@mapnest/shared/map-document';
import type { RecognisePlan } from '../recognise-svg';

export function RecognisePreview({
  plan,
  layerName,
  onConfirm,
  onClose,
}: {
  plan: RecognisePlan;
  layerName: string;
  onConfirm(): void;
  onClose(): void;
}) {
  const titleId = useId();
  const { add, bind, skipped } = plan;
  const nothing = add.length === 0 && bind.length === 0;
  const action = [
    add.length > 0 ? `Add ${add.length} location${add.length > 1 ? 's' : ''}` : '',
    bind.length > 0 ? `${add.length ? 'link' : 'Link'} ${bind.length}` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="wide-dialog recognise-preview">
      {/* Focus starts on the heading: a long list would have the dialog open scrolled to its buttons, heading unseen. */}
      <h2 id={titleId} tabIndex={-1} data-autofocus>
        Rooms found on “{layerName}”
      </h2>
      {nothing && <p>No new rooms: every room already has a location, or was skipped.</p>}
      {add.length > 0 && <NewRooms add={add} />}
      {bind.length > 0 && (
        <>
          <h3>Existing locations linked to their rooms ({bind.length})</h3>
          <p className="panel__hint">
            Each takes its room’s id, so the room becomes its clickable region; links that named the old id open
            nothing. One whose room’s id a location on another floor has keeps its id and names the room as its shape.
          </p>
          <ul className="preview-list" aria-label="Linked locations">
            {bind.map((b) => (
              <li key={b.from}>
                {b.title}: {b.from} → {b.shape ? `shape ${b.shape}` : b.to}
              </li>
            ))}
          </ul>
        </>
      )}
      {skipped.length > 0 && (
        <details className="import-warnings">
          <summary>{skipped.length} shapes skipped</summary>
          <ul>
            {skipped.map((s, i) => (
              <li key={`${s.id}-${i}`}>
                {s.id}: {s.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      <div className="confirm__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose}>
          {nothing ? 'Close' : 'Cancel'}
        </button>
        {!nothing && (
          <button type="button" className="btn btn--primary" onClick={onConfirm}>
            {action}
          </button>
        )}
      </div>
    </Modal>
  );
}

function NewRooms({ add }: { add: readonly Location[] }) {
  return (
    <>
      <h3>New locations ({add.length})</h3>
      <div className="table-scroll">
        <table className="preview-table" aria-label="New locations">
          <thead>
            <tr>
              <th scope="col">Room id</th>
              <th scope="col">Title</th>
            </tr>
          </thead>
          <tbody>
            {add.map((l) => (
              <tr key={l.id}>
                <td>{l.shape ? `${l.shape} (as ${l.id})` : l.id}</td>
                <td>{l.title}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
