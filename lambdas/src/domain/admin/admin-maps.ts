/**
 * Administrators' changes to a map's metadata (adminUpdateMap). A new owner or state goes through the state change
 * users make (map table changeState), so the slot counters, and the storage a map's versions are charged, stay right.
 */
import { MapState } from '@mapnest/shared/constants';
import { CallError } from '@mapnest/shared/errors';
import { computeMetrics, type MapDocument } from '@mapnest/shared/map-document';
import type { MapSummary } from '@mapnest/shared/maps';
import type { MapItem } from '../../adapters/maps/map-table';
import { MapNotFoundError } from '../../lib/errors';
import { publishLatest } from '../public-copy';
import { chargeStorage, documentHash, storedJson } from '../map-storage';
import { followUp, type Holding, type Owing } from '../follow-ups';
import type { CommitStores, MapItems, MapStores } from '../map-adapters';
import { commit, previewOf, toSummary, type Actor } from '../maps';

const now = () => new Date().toISOString();

/**
 * The owner and state changes (./admin-moves.ts), loaded on demand: they carry the state change's slot and storage
 * transaction, which the call needs only when an administrator moves a map, and which would take its bundle past
 * 400 kB. In a bundle the specifier is `./admin-moves.mjs`, a file of its own next to this call (ADR 042's pattern).
 * A variable, not a literal in the import: esbuild would otherwise fold the two and bundle the file.
 */
const ADMIN_MOVES_MODULE = process.env.MAPNEST_ADMIN_MOVES_MODULE ?? './admin-moves';
const adminMoves = async () => (await import(/* @vite-ignore */ ADMIN_MOVES_MODULE)) as typeof import('./admin-moves');

/** The documents the call writes and the public copy it owes; no map is created here. */
type PublicCopyStores = MapStores<never, 'putDocument' | 'deleteDocument' | 'getDocument' | 'publish' | 'unpublish'>;

/**
 * Administrators write metadata fields (owner, author, state, title, created) and optionally a new document. A new
 * owner or state moves the map's slot (and, to a new owner, the storage its versions are charged) in the state
 * change's transaction, refused when it would leave the user past their slots; the new owner is checked to exist by
 * the call (calls/admin-update-map.ts).
 */
export async function adminUpdateMap(
  a: PublicCopyStores & CommitStores & MapItems<'get' | 'adminPut'> & Owing & Holding,
  actor: Actor,
  input: {
    id: string;
    fields: Partial<Pick<MapItem, 'title' | 'uid' | 'author' | 'state' | 'created'>>;
    mapData?: MapDocument;
  },
): Promise<MapSummary> {
  if (!actor.identity.admin) throw new CallError('permission-denied', 'This action is for administrators.');
  let map = await a.mapTable.get(input.id);
  if (!map || map.deleting) throw new MapNotFoundError();
  const { uid = map.uid, state = map.state, ...rest } = input.fields;
  const moves = uid !== map.uid || state !== map.state;
  if (moves) {
    await (await adminMoves()).moveMap(map, { uid, state });
    // The state change wrote more than the state (its test period, its place in the expiry sweep): read it back.
    map = await a.mapTable.get(input.id);
    if (!map || map.deleting) throw new MapNotFoundError();
  }
  const updated: MapItem = { ...map, ...rest, edited: now() };
  updated.subscribed = updated.state === MapState.LIVE || updated.state === MapState.PRO;
  if (!moves || Object.keys(rest).length > 0) await a.mapTable.adminPut(updated);
  let result = updated;
  if (input.mapData) {
    const stored = storedJson(input.mapData);
    const storage = await chargeStorage(actor.identity, updated.uid, stored.bytes);
    const key = await a.mapObjects.putDocument(map.id, map.version + 1, stored.json);
    const metrics = computeMetrics(input.mapData);
    ({ map: result } = await commit(a, updated, map.version, key, {
      title: updated.title,
      metrics,
      kind: 'admin',
      previewUrl: previewOf(input.mapData),
      storage,
      docHash: documentHash(stored.json),
    }));
  }
  const id = map.id;
  await followUp(a, { kind: 'publish', mapId: id }, () => publishLatest(a, id));
  return toSummary(result);
}
