/**
 * The editor's keyboard shortcuts, listed from the command registry (../commands.ts) so the list cannot drift from
 * what the keys do, with the map's own keys (the viewer's and the add tool's) after them. Opened by ? or from the
 * hint of an empty selection.
 */
import { useId } from 'react';
import { Modal } from '../../../components/Modal';
import { formatShortcut, type Shortcut } from '../../../components/shortcut';
import { registeredCommands } from '../commands';

const apple = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Keys of the map itself, handled by the canvas rather than by commands. */
const MAP_KEYS: readonly [string, string][] = [
  ['Arrow keys', 'Move the map, further with Shift (with nothing selected)'],
  ['+ and −', 'Zoom in and out'],
  ['0', 'Show the whole map'],
  ['Enter or Space', 'With Add (A): add a location at the centre of the view'],
];

const said = (k: Shortcut | string) => (typeof k === 'string' ? k : formatShortcut(k, apple));

export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const rows = [...registeredCommands().values()].map((c) => [
    c.label,
    (c.keys ?? c.shown ?? []).map(said).join(' or '),
  ]);
  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="shortcuts-dialog">
      <h2 id={titleId}>Keyboard shortcuts</h2>
      <table className="shortcuts-dialog__table">
        <caption>In the editor (single keys not while typing in a field)</caption>
        <tbody>
          {rows.map(([label, keys]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>
                <kbd>{keys}</kbd>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="shortcuts-dialog__table">
        <caption>On the map, once it has the focus</caption>
        <tbody>
          {MAP_KEYS.map(([keys, label]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>
                <kbd>{keys}</kbd>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="confirm__actions">
        <button type="button" className="btn btn--primary" onClick={onClose}>
          Done
        </button>
      </div>
    </Modal>
  );
}
