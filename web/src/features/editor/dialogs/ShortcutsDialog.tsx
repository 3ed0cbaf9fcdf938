/**
 * The editor's keyboard shortcuts, listed from the command registry (../commands.ts) so the list cannot drift from
 * what the keys do, with the map's own keys (the viewer's and the add tool's) after them. Opened by ? or from the
 * hint of an empty selection.
 */
import { Fragment, useId } from 'react';
import { Modal } from '../../../components/Modal';
import { formatShortcut, type Shortcut } from '../../../components/shortcut';
import { registeredCommands } from '../commands';

const apple = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Keys of the map itself, handled by the canvas rather than by commands: the keys, how they join, what they do. */
const MAP_KEYS: readonly [readonly string[], string, string][] = [
  [['Arrow keys'], '', 'Move the map, further with Shift (with nothing selected)'],
  [['+', '−'], 'and', 'Zoom in and out'],
  [['0'], '', 'Show the whole map'],
  [['Enter', 'Space'], 'or', 'With Add (A): add a location at the centre of the view'],
];

/** Each key in its own <kbd>, joined by a word; words (a command's own description of its keys) as they are. */
function Keys({ keys, join = 'or' }: { keys: readonly (Shortcut | string)[]; join?: string }) {
  return keys.map((k, i) => (
    <Fragment key={i}>
      {i > 0 && ` ${join} `}
      {typeof k === 'string' ? k : <kbd>{formatShortcut(k, apple)}</kbd>}
    </Fragment>
  ));
}

export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const commands = [...registeredCommands().values()];
  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="shortcuts-dialog">
      <h2 id={titleId}>Keyboard shortcuts</h2>
      <table className="shortcuts-dialog__table">
        <caption>In the editor (single keys not while typing in a field)</caption>
        <tbody>
          {commands.map((c) => (
            <tr key={c.name}>
              <th scope="row">{c.label}</th>
              <td>
                <Keys keys={c.keys ?? c.shown ?? []} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="shortcuts-dialog__table">
        <caption>On the map, once it has the focus</caption>
        <tbody>
          {MAP_KEYS.map(([keys, join, label]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>
                <Keys keys={keys.map((key) => ({ key }))} join={join} />
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
