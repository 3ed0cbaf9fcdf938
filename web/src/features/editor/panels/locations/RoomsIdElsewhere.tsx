/**
 * The rooms of the floor in view that cannot become locations because a location on another floor has their id.
 * Per-floor drawings often reuse ids (`lift`, `stairs`, `corridor`): a location links to the shape with its own id on
 * its own floor, and a map has each location id once, so such a room is listed with why, never left out silently.
 */
import type { MapDocument } from '@mapnest/shared/map-document';
import { counted } from '../../../../lib/words';
import type { RoomIdElsewhere } from '../../recognise-svg';

/** 'a, b and c' */
function listed(words: readonly string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** The rooms' ids by the floor whose location has each: 'corridor and lift on Floor 1; stairs on Floor 3'. */
function idsByFloor(rooms: readonly RoomIdElsewhere[], doc: MapDocument): string {
  const floors = new Map<string, string[]>();
  for (const r of rooms) floors.set(r.floor, [...(floors.get(r.floor) ?? []), r.id]);
  const name = (id: string) => doc.layers.find((l) => l.id === id)?.name || id;
  return [...floors].map(([floor, ids]) => `${listed(ids)} on ${name(floor)}`).join('; ');
}

/** What "Add all" left out and why, for the message that follows it. */
export function notAddedNote(rooms: readonly RoomIdElsewhere[], doc: MapDocument): string {
  return rooms.length === 1
    ? `Not added: 1 room whose id a location on another floor already has (${idsByFloor(rooms, doc)}).`
    : `Not added: ${rooms.length} rooms whose ids locations on other floors already have (${idsByFloor(rooms, doc)}).`;
}

export function RoomsIdElsewhere({ rooms, doc }: { rooms: readonly RoomIdElsewhere[]; doc: MapDocument }) {
  if (!rooms.length) return null;
  const floorName = (id: string) => doc.layers.find((l) => l.id === id)?.name || id;
  return (
    <div className="rooms-elsewhere" role="group" aria-label="Rooms that cannot be added">
      <p className="panel__hint">
        {rooms.length === 1
          ? '1 room on this floor cannot be added: a location on another floor has its id.'
          : `${counted(rooms.length, 'room')} on this floor cannot be added: locations on other floors have their ids.`}{' '}
        A location shows the shape with its own id, and each id names one location in the map: give{' '}
        {rooms.length === 1 ? 'this shape another id' : 'these shapes other ids'} in this floor’s SVG (for example{' '}
        {rooms[0]!.id}-2) to add {rooms.length === 1 ? 'it' : 'them'}.
      </p>
      <ul className="rooms-free__list" aria-label="Rooms whose ids are used on another floor">
        {rooms.map((r) => (
          <li key={r.id}>
            <span className="vlist__text">
              <span className="vlist__title">{r.title}</span>
              <span className="vlist__meta">
                {r.id} · a location on {floorName(r.floor)}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
